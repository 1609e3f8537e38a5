package browse

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/scan/watch"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// The browser follows the tree live: the backend's watcher (scan/watch)
// says when the files changed, and the page reads the project again in
// a Cmd, into a tree of its own (tree.Model.Reset, filled by Add off the
// UI goroutine), which takes the place of the one on screen when it is
// whole (tree.Model.Adopt): the tree stays on screen and usable
// meanwhile, and the cursor, the marks, the open suites and the tab stay
// where they still make sense. One such rescan runs at a time; changes
// that come while it runs start one more when it ends (they are never
// lost, and never start a rescan per file).

// liveState is the page's part in following the tree.
type liveState struct {
	// id is the watcher's generation (r starts another when the watches
	// ran out); ctx and cancel bound it.
	id     int
	ctx    context.Context
	cancel context.CancelFunc
	// known is set by the watcher's first event; mode, why and every are
	// what the last one said.
	known bool
	mode  watch.Mode
	why   string
	every time.Duration
	// gen is the generation of the rescan a change started; scanning is
	// set while it runs (stop cancels it), again when changes came since
	// it started.
	gen      int
	scanning bool
	again    bool
	stop     context.CancelFunc
	// landedOn is the recording the first scan put the cursor on, while
	// no key has been pressed.
	landedOn string
}

// armWatch makes ready a watcher of a new generation, when the backend
// has one, and stops the one before; watchCmd starts it.
func (m Page) armWatch() Page {
	if m.opts.Watcher == nil {
		return m
	}
	if m.live.cancel != nil {
		m.live.cancel()
	}
	m.live.id++
	m.live.known = false
	m.live.ctx, m.live.cancel = context.WithCancel(m.opts.Context)
	return m
}

// watchCmd starts the watcher armWatch made ready; nil without one.
func (m Page) watchCmd() tea.Cmd {
	if m.opts.Watcher == nil || m.live.ctx == nil {
		return nil
	}
	return watchProjectCmd(m.live.ctx, m.opts.Watcher, m.opts.Path, m.live.id)
}

// stopLive stops the watcher and the rescan it started.
func (m Page) stopLive() {
	if m.live.cancel != nil {
		m.live.cancel()
	}
	if m.live.stop != nil {
		m.live.stop()
	}
}

// handleWatched reads one event of the watcher: its mode for the status
// line, and a change, which reads the project again.
func (m Page) handleWatched(msg watchedMsg) (Page, tea.Cmd) {
	if msg.id != m.live.id {
		return m, nil
	}
	if msg.closed {
		m.live.known = false
		return m, nil
	}
	ev := msg.ev
	fell := ev.Mode == watch.Polling && (!m.live.known || m.live.mode != watch.Polling)
	m.live.known, m.live.mode, m.live.why, m.live.every = true, ev.Mode, ev.Why, ev.Every
	if fell {
		m.SetStatus(m.notLive(), false) // news: then "○ not live" stays
	}
	next := waitWatchCmd(msg.next, msg.id)
	if ev.Changes == 0 {
		return m, next
	}
	m, cmd := m.liveChanged()
	return m, tea.Batch(next, cmd)
}

// liveChanged reads the project again, or once more after the scan that
// runs.
func (m Page) liveChanged() (Page, tea.Cmd) {
	if m.loading || m.live.scanning {
		m.live.again = true
		return m, nil
	}
	return m.startLiveScan()
}

// startLiveScan reads the project again into a tree of its own.
func (m Page) startLiveScan() (Page, tea.Cmd) {
	m.live.gen++
	ctx, cancel := context.WithCancel(m.opts.Context)
	m.live.scanning, m.live.again, m.live.stop = true, false, cancel
	return m, rescanLiveCmd(ctx, m.opts.Backend, m.opts.Path, m.live.gen, m.tree.Reset())
}

// dropLiveScan forgets the rescan a change started: a rescan of the page's
// own (r, after an edit or a command) reads the project anew, changes
// included.
func (m Page) dropLiveScan() Page {
	if m.live.stop != nil {
		m.live.stop()
	}
	m.live.gen++
	m.live.scanning, m.live.again, m.live.stop = false, false, nil
	return m
}

// handleLiveScanned puts the tree a change's rescan filled in place of
// the one on screen, and starts the next rescan when changes came
// meanwhile. A rescan of the page's own that started since wins.
func (m Page) handleLiveScanned(msg liveScannedMsg) (Page, tea.Cmd) {
	if msg.gen != m.live.gen || !m.live.scanning {
		return m, nil
	}
	m.live.stop()
	m.live.scanning, m.live.stop = false, nil
	if errors.Is(msg.err, context.Canceled) {
		return m, nil
	}
	var cmd tea.Cmd
	if msg.err != nil {
		// The project cannot be read now (dryfire.yaml half saved, say):
		// the recordings stay as they were, and the status line says why.
		m.scanErr = msg.err
		m.SetStatus(notRefreshed+visible.Line(msg.err.Error())+" · the recordings are as they were", true)
	} else {
		old := m.tree
		reland := m.onLanding(old)
		m.tree = m.tree.Adopt(msg.tree)
		m.summary, m.scanErr = msg.summary, nil
		if m.StatusErr && strings.HasPrefix(m.Status, notRefreshed) {
			m.SetStatus("", false)
		}
		m = m.keepCursor(old)
		if reland {
			// Nothing pressed, nothing clicked: the browser stays on the
			// most urgent problem, and its status line counts them as
			// they are now.
			m.landed = false
			m = m.land().noteLanding()
		}
		m.detailID = "" // read the recording under the cursor again, on its tab
		m, cmd = m.syncDetail()
		cmd = tea.Batch(cmd, releaseMemoryCmd)
	}
	if m.live.again {
		var again tea.Cmd
		m, again = m.startLiveScan()
		cmd = tea.Batch(cmd, again)
	}
	return m, cmd
}

// releaseMemoryCmd gives the system back the memory of the project as it
// was read before (a 20,000-recording project holds some 200 MB): the
// runtime would keep it for a while, and a browser left open follows
// many changes. It runs beside the UI, never on its goroutine.
func releaseMemoryCmd() tea.Msg {
	debug.FreeOSMemory()
	return nil
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
	m.live.landedOn = ""
	if it, ok := m.tree.Selected(); ok && !m.touched {
		m.live.landedOn = it.ID
	}
	return m
}

// onLanding reports whether the cursor of old is where the first scan put
// it, with no key pressed (a click moves it without one).
func (m Page) onLanding(old tree.Model) bool {
	it, ok := old.Selected()
	return !m.touched && ok && m.live.landedOn != "" && it.ID == m.live.landedOn
}

// afterScan ends a scan of the page's own: the detail of the selection,
// and the rescan of the changes that came while it ran.
func (m Page) afterScan() (Page, tea.Cmd) {
	m = m.noteLanding()
	m, cmd := m.syncDetail()
	if !m.live.again {
		return m, cmd
	}
	m, again := m.startLiveScan()
	return m, tea.Batch(cmd, again)
}

// rescanKey is r: a rescan, and when the watches had run out, a new try
// at them.
func (m Page) rescanKey() (Page, tea.Cmd) {
	m, scan := m.rescan()
	if !m.live.known || m.live.mode == watch.Live {
		return m, scan
	}
	m = m.armWatch()
	return m, tea.Batch(scan, m.watchCmd())
}

// liveStatus ends the status line with whether the view follows the
// files: "● live" (or "⟳ updating" while a change is read) in muted
// letters where there is room; when the watches ran out, "not live" and
// why, in full when the line has nothing else to say.
func (m Page) liveStatus(line string) string {
	w := m.Layout.Width
	if !m.live.known {
		return ansi.Truncate(line, w, "…")
	}
	s := m.Styles
	if m.live.mode == watch.Polling {
		if line == "" || strings.Contains(line, notLivePrefix) {
			return ansi.Truncate(s.StatusStyle("stale").Render(m.notLive()), w, "…")
		}
		return rightNote(line, s.StatusStyle("stale").Render("○ not live"), w, true)
	}
	note := "● live"
	if m.live.scanning {
		note = "⟳ updating"
	}
	return rightNote(line, s.Muted.Render(note), w, false)
}

// notLivePrefix begins what notLive says; notRefreshed the status of a
// change that could not be read.
const (
	notLivePrefix = "not live: "
	notRefreshed  = "not refreshed: "
)

// notLive says why the view is not live and what to do.
func (m Page) notLive() string {
	return fmt.Sprintf(notLivePrefix+"%s; looking for changes every %s · r rescans", m.live.why, m.live.every)
}

// rightNote puts note at the right end of a line w cells wide, after
// line: when both do not fit, line is cut for a note that must stay, or
// the note is left out.
func rightNote(line, note string, w int, must bool) string {
	lw, nw := ansi.StringWidth(line), ansi.StringWidth(note)
	gap := w - lw - nw
	switch {
	case gap >= 2:
		return line + fmt.Sprintf("%*s", gap, "") + note
	case must && w > nw+2:
		return ansi.Truncate(line, w-nw-2, "…") + "  " + note
	}
	return ansi.Truncate(line, w, "…")
}
