package browse

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// handleScanBatch adds a batch of the current scan; batches of an older
// scan (before a rescan) are dropped. When the first scan is done the
// cursor goes to the first problem; after a rescan it goes back where it
// was, or to the nearest recording still there.
func (m Page) handleScanBatch(msg scanBatchMsg) (Page, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.tree = m.tree.Add(msg.items)
	if len(m.reselect) > 0 && m.reselectPath == nil {
		var ok bool
		if m.tree, ok = m.tree.SelectID(m.reselect[0]); ok {
			m.reselect, m.reselectPath = nil, nil
		}
	}
	if !msg.done {
		m, cmd := m.syncDetail()
		return m, tea.Batch(cmd, waitScanCmd(msg.next, msg.gen))
	}
	m.loading, m.summary, m.scanErr = false, msg.summary, msg.err
	m = m.restoreCursor()
	m = m.land()
	m.detailID = "" // re-read the selection with its final status
	if m.pruneAfterScan {
		m.pruneAfterScan = false
		if msg.err == nil {
			m.SetStatus("", false)
			m = m.openPrune()
		}
	}
	return m.afterScan()
}

// rescanThenPrune reads the workspace again before the prune dialog
// opens, so that it lists each marked recording with its status now: one
// that became live since it was marked is kept, not removed.
func (m Page) rescanThenPrune() (Page, tea.Cmd) {
	m.pruneAfterScan = true
	m.SetStatus("reading the recordings again before pruning…", false)
	return m.rescan()
}

// restoreCursor puts the cursor back after a rescan: on the suite or case
// it was on, else on the first of the anchors still listed (the recording
// it was on, or its nearest neighbour when that one was pruned).
func (m Page) restoreCursor() Page {
	if len(m.reselectPath) > 0 {
		var ok bool
		if m.tree, ok = m.tree.SelectPath(m.reselectPath); ok {
			m.reselect, m.reselectPath = nil, nil
			return m
		}
	}
	for _, id := range m.reselect {
		var ok bool
		if m.tree, ok = m.tree.SelectID(id); ok {
			break
		}
	}
	m.reselect, m.reselectPath = nil, nil
	return m
}

// handleDetailLoaded shows a recording unless the cursor has moved on.
func (m Page) handleDetailLoaded(msg detailLoadedMsg) Page {
	if msg.gen == m.detailGen {
		m.Detail = m.Detail.SetData(msg.data)
	}
	return m
}

// syncDetail asks for the detail of the row under the cursor when it
// changed.
func (m Page) syncDetail() (Page, tea.Cmd) {
	it, ok := m.tree.Selected()
	if !ok {
		kind, names := m.tree.SelectedPath()
		id := fmt.Sprint(kind, names)
		if id != m.detailID {
			m.detailID = id
			m.detailGen++
			m.Detail = m.Detail.Clear(m.nodeSummary(kind, names))
		}
		return m, nil
	}
	if it.ID == m.detailID {
		return m, nil
	}
	m.detailID = it.ID
	m.detailGen++
	m.Detail = m.Detail.SetLoading(it.ID, backend.ItemTitle(it))
	return m, loadDetailCmd(m.ctx, m.opts.Backend, it, m.detailGen)
}

// nodeSummary describes a group or case in the detail pane.
func (m Page) nodeSummary(kind tree.Kind, names []string) []string {
	if len(names) == 0 {
		return nil
	}
	s := m.Styles
	total, found, counts := m.tree.SelectedCounts()
	what := "suite"
	if kind == tree.KindSub {
		what = "case"
	}
	shown := make([]string, len(names))
	for i, n := range names {
		shown[i] = visible.Line(secrets.MaskPath(n))
	}
	out := []string{s.Detail.Title.Render(strings.Join(shown, " › ")), s.Muted.Render(what + " · " + frame.Count(total-counts["unrecorded"], "recording")), ""}
	for _, st := range tree.StatusOrder() {
		if n := counts[st]; n > 0 {
			out = append(out, s.StatusStyle(st).Render(fmt.Sprintf("%s %-22s %d", theme.Glyph(st), st, n)))
		}
	}
	if found > 0 {
		out = append(out, s.StatusStyle("secret").Render(fmt.Sprintf("%s %-22s %d", theme.Glyph("secret"), "secrets", found)))
	}
	if info, verdict, ok := m.tree.SelectedCase(); ok && kind == tree.KindSub {
		if c, ok := info.(*engine.CaseRun); ok {
			out = append(append(out, ""), m.caseSummary(c, verdict)...)
		}
	}
	mark := "nothing here to prune (only orphaned, superseded and stale schema_version recordings are)"
	if n := m.tree.SelectedPrunable(); n > 0 {
		mark = "space marks the " + frame.Plural(n, "prunable recording", "%d prunable recordings") + " here"
	}
	return append(out, "", s.Muted.Render("enter or → expands · "+mark))
}

// handleWheel scrolls the pane under the pointer.
func (m Page) handleWheel(msg tea.MouseWheelMsg) (Page, tea.Cmd) {
	d := 3 * m.Wheel(msg)
	if d == 0 || m.picker.Visible() {
		return m, nil
	}
	if m.OverLeft(msg.X) {
		m.tree.ScrollBy(d)
		return m.syncDetail()
	}
	m.Detail.ScrollBy(d)
	return m, nil
}

// handleClick selects a tree row or a detail tab.
func (m Page) handleClick(msg tea.MouseClickMsg) (Page, tea.Cmd) {
	row, ok := m.BodyRow(msg.Y)
	if msg.Button != tea.MouseLeft || m.mode != modeBrowse || m.covered() || !ok {
		return m, nil
	}
	if m.OverLeft(msg.X) {
		m.setFocus(page.FocusList)
		m.tree = m.tree.Click(row)
		return m.syncDetail()
	}
	m.setFocus(page.FocusDetail)
	if row == m.Detail.TabBarRow() {
		if t, ok := m.Detail.TabAt(msg.X - m.Layout.DetailX); ok {
			m.Detail = m.Detail.SetTab(t)
		}
	}
	return m, nil
}

// nothingMarked is what d says with nothing marked.
const nothingMarked = "nothing marked: space marks a recording (on a suite or case, every prunable one in it), then d prunes"

// covered reports whether an overlay (help, a dialog, the problem
// summary) hides the panes.
func (m Page) covered() bool { return m.Overlay() || m.picker.Visible() }

// openPrune asks to confirm the prune of the marked recordings: the
// prunable ones with the reason prune gives, the others with their status
// and why they are kept.
func (m Page) openPrune() Page {
	if m.tree.MarkCount() == 0 {
		m.SetStatus(nothingMarked, false)
		return m
	}
	s := m.Styles
	var remove, keep []string
	var items []tree.Item
	entry := func(it tree.Item, reason string) []string {
		name := secrets.MaskPath(it.Path)
		if name == "" {
			name = backend.ItemTitle(it) // an unrecorded turn: no file
		}
		return []string{"  " + s.StatusStyle(it.Status).Render(theme.Glyph(it.Status)) + " " + visible.Line(name), "      " + s.Muted.Render(visible.Line(reason))}
	}
	for _, it := range m.tree.Marked() {
		reason := it.Status
		if it.Reason != "" {
			reason = it.Status + ": " + it.Reason
		}
		switch {
		case it.Prunable:
			remove = append(remove, entry(it, reason)...)
			items = append(items, it)
		case it.Format == format.Tape:
			keep = append(keep, entry(it, "tape entries are not pruned: edit the tape instead")...)
		default:
			keep = append(keep, entry(it, reason)...)
		}
	}
	lines := []string{s.Dialog.Title.Render("Nothing to remove.")}
	if len(items) > 0 {
		lines = append([]string{s.Dialog.Danger.Render("Remove " + frame.Count(len(items), "file") + " from disk:")}, remove...)
	}
	if len(keep) > 0 {
		lines = append(lines, "", s.Dialog.OK.Render(fmt.Sprintf("Kept, not prunable (%d):", len(keep)/2)))
		lines = append(lines, keep...)
	}
	id := m.OpenDialog(dialog.Content{Title: "Prune marked recordings", Lines: lines, CanConfirm: len(items) > 0})
	m.prunes = m.prunes.Add(id, items)
	return m
}

// confirmPrune removes the files the dialog id listed for removal.
func (m Page) confirmPrune(id int) (Page, tea.Cmd) {
	var items []tree.Item
	var ok bool
	if items, m.prunes, ok = m.prunes.Take(id); !ok {
		return m, nil
	}
	m.SetStatus("pruning "+frame.Count(len(items), "file")+"…", false)
	return m, pruneFilesCmd(m.ctx, m.opts.Backend, items)
}

// handlePruneDone reports the prune and drops the files it removed from
// the tree, without reading the project again: the scan that d started
// classified every file just before the dialog listed them, and removing
// recordings that no replay reads changes the status of no other. The
// cursor goes to the nearest recording still there.
func (m Page) handlePruneDone(msg pruneDoneMsg) (Page, tea.Cmd) {
	if msg.err != nil {
		m.SetStatus("prune failed: "+msg.err.Error(), true)
		return m, nil
	}
	m.tree = m.tree.ClearMarks()
	m.tree = m.tree.Remove(msg.result.Removed)
	text := "removed " + frame.Count(len(msg.result.Removed), "file")
	if n := len(msg.result.Kept); n > 0 {
		text += fmt.Sprintf(", kept %d (%s)", n, msg.result.Kept[0].Reason)
	}
	m.SetStatus(text, false)
	m.detailID = "" // the row under the cursor may be another one now
	return m.syncDetail()
}

// edit opens in $EDITOR the line of the suite a stale recording's change
// comes from (e), or the recording's file (e on any other, and E).
func (m Page) edit(file bool) (Page, tea.Cmd) {
	it, ok := m.tree.Selected()
	if !ok {
		return m, nil
	}
	if path, line, _ := m.editTarget(); !file && path != "" {
		return m, editFileCmd(m.opts.Editor, path, line)
	}
	return m, editFileCmd(m.opts.Editor, m.absPath(it.Path), 0)
}

func (m Page) absPath(rel string) string {
	root := m.summary.Root
	if root == "" {
		root = m.opts.Path
	}
	return filepath.Join(root, filepath.FromSlash(rel))
}

// handlePagerClosed says when $PAGER failed.
func (m Page) handlePagerClosed(msg pagerClosedMsg) Page {
	if msg.err != nil {
		m.SetStatus("pager: "+msg.err.Error(), true)
	}
	return m
}

// handleEditorClosed re-reads the workspace after an edit.
func (m Page) handleEditorClosed(msg editorClosedMsg) (Page, tea.Cmd) {
	if msg.err != nil {
		m.SetStatus("editor: "+msg.err.Error(), true)
		return m, nil
	}
	m.SetStatus("re-reading after edit", false)
	return m.rescan()
}
