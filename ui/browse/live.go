package browse

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/live"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// The browser follows the tree live (package live): a change reads the
// project again into a tree of its own, which takes the place of the one
// on screen when it is whole (tree.Model.Adopt), the tree on screen
// usable meanwhile; the cursor, the marks, the open suites and the tab
// stay where they still make sense.

// notRefreshed begins the status of a change that could not be read.
const notRefreshed = "not refreshed: "

// armWatch makes ready a watcher of a new generation, when the page has
// one, and stops the one before; m.follow.WatchCmd starts it.
func (m Page) armWatch() Page {
	if m.opts.Watcher != nil {
		m.follow = m.follow.Arm(m.opts.Context)
	}
	return m
}

// watchCmd starts the watcher armWatch made ready; nil without one.
func (m Page) watchCmd() tea.Cmd { return m.follow.WatchCmd(m.opts.Watcher, m.opts.Path) }

// handleWatched reads one event of the watcher: its mode for the status
// line, and a change, which reads the project again (or once more after
// the reading that runs).
func (m Page) handleWatched(msg live.WatchedMsg) (Page, tea.Cmd) {
	var next tea.Cmd
	var changed, fell, ok bool
	if m.follow, next, changed, fell, ok = m.follow.Event(msg); !ok {
		return m, nil
	}
	if fell {
		m.SetStatus(m.follow.NotLive(), false) // news: then "○ not live" stays
	}
	if !changed {
		return m, next
	}
	if m.loading || m.follow.Busy() {
		m.follow = m.follow.Owe()
		return m, next
	}
	m, cmd := m.startLiveScan()
	return m, tea.Batch(next, cmd)
}

// startLiveScan reads the project again into a tree of its own.
func (m Page) startLiveScan() (Page, tea.Cmd) {
	var cmd tea.Cmd
	m.follow, cmd = m.follow.Scan(m.opts.Context, m.opts.Backend, m.opts.Path, m.tree.Reset())
	return m, cmd
}

// handleLiveScanned puts the tree a change's reading filled in place of
// the one on screen, and starts the next reading when changes came
// meanwhile. A rescan of the page's own that started since wins.
func (m Page) handleLiveScanned(msg live.ScannedMsg) (Page, tea.Cmd) {
	var ok bool
	if m.follow, ok = m.follow.Done(msg); !ok || errors.Is(msg.Err, context.Canceled) {
		return m, nil
	}
	var cmd tea.Cmd
	if msg.Err != nil {
		// The project cannot be read now (dryfire.yaml half saved, say):
		// the recordings stay as they were, and the status line says why.
		m.scanErr = msg.Err
		m.SetStatus(notRefreshed+visible.Line(msg.Err.Error())+" · the recordings are as they were", true)
	} else {
		m, cmd = m.adoptLive(msg)
	}
	if m.follow.Owed() {
		var again tea.Cmd
		m, again = m.startLiveScan()
		cmd = tea.Batch(cmd, again)
	}
	return m, cmd
}

// adoptLive takes in the tree of a reading, the cursor put back.
func (m Page) adoptLive(msg live.ScannedMsg) (Page, tea.Cmd) {
	old := m.tree
	reland := m.onLanding(old)
	m.tree = m.tree.Adopt(msg.Tree)
	m.summary, m.scanErr = msg.Summary, nil
	if m.StatusErr && strings.HasPrefix(m.Status, notRefreshed) {
		m.SetStatus("", false)
	}
	m = m.keepCursor(old)
	if reland {
		// Nothing pressed, nothing clicked: the browser stays on the most
		// urgent problem, and its status line counts them as they are now.
		m.landed = false
		m = m.land().noteLanding()
	}
	m.detailID = "" // read the recording under the cursor again, on its tab
	m, cmd := m.syncDetail()
	return m, tea.Batch(cmd, live.ReleaseMemoryCmd)
}

// keepCursor puts the cursor back on the recording it was on in old, or
// on the suite or case, or else on its nearest neighbour still there.
func (m Page) keepCursor(old tree.Model) Page {
	if it, ok := old.Selected(); ok {
		if t, ok := m.tree.SelectID(it.ID); ok {
			m.tree = t
			return m
		}
	}
	m.reselect, m.reselectPath = old.Anchors(8), nil
	if _, leaf := old.Selected(); !leaf {
		_, m.reselectPath = old.SelectedPath()
	}
	return m.restoreCursor()
}

// noteLanding remembers where the first scan put the cursor, until a key
// is pressed.
func (m Page) noteLanding() Page {
	m.landedOn = ""
	if it, ok := m.tree.Selected(); ok && !m.touched {
		m.landedOn = it.ID
	}
	return m
}

// onLanding reports whether the cursor of old is where the first scan put
// it, with no key pressed (a click moves it without one).
func (m Page) onLanding(old tree.Model) bool {
	it, ok := old.Selected()
	return !m.touched && ok && m.landedOn != "" && it.ID == m.landedOn
}

// afterScan ends a scan of the page's own: the detail of the selection,
// and the reading of the changes that came while it ran.
func (m Page) afterScan() (Page, tea.Cmd) {
	m = m.noteLanding()
	m, cmd := m.syncDetail()
	if !m.follow.Owed() {
		return m, cmd
	}
	m, again := m.startLiveScan()
	return m, tea.Batch(cmd, again)
}

// rescanKey is r: a rescan, and when the watches had run out, a new try
// at them.
func (m Page) rescanKey() (Page, tea.Cmd) {
	m, scan := m.rescan()
	if !m.follow.Retry() {
		return m, scan
	}
	m = m.armWatch()
	return m, tea.Batch(scan, m.watchCmd())
}
