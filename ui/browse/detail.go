package browse

import (
	"fmt"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// detailKey reports whether a key is one of the detail pane's that the
// page acts on: the jump to a miss, search, copying from the Raw tab, the
// pager, and esc while a search is shown.
func (m Page) detailKey(msg tea.KeyPressMsg, k KeyMap) bool {
	d := k.Detail
	q, _ := m.Detail.Search()
	return key.Matches(msg, d.Jump, d.Search, d.NextMatch, d.PrevMatch, d.CopyValue, d.CopyPath, d.Pager) ||
		q != "" && key.Matches(msg, k.Back) && msg.Code == tea.KeyEscape
}

// handleDetailKey acts on one of the detail pane's keys (see detailKey).
func (m Page) handleDetailKey(msg tea.KeyPressMsg, k KeyMap) (Page, tea.Cmd) {
	d := k.Detail
	switch {
	case key.Matches(msg, d.Jump):
		return m.jumpToMiss()
	case key.Matches(msg, d.Search):
		q, _ := m.Detail.Search()
		m.mode, m.filterText = modeSearch, q
	case key.Matches(msg, d.NextMatch, d.PrevMatch):
		dir := 1
		if key.Matches(msg, d.PrevMatch) {
			dir = -1
		}
		var wrapped bool
		if m.Detail, wrapped = m.Detail.NextMatch(dir); wrapped {
			m.SetStatus("search wrapped around", false)
		}
	case key.Matches(msg, d.CopyValue, d.CopyPath):
		path, value, ok := m.Detail.CursorValue()
		if !ok {
			return m, nil
		}
		if key.Matches(msg, d.CopyPath) {
			return m, copyTextCmd(path, "JSON path "+visible.Line(path))
		}
		return m, copyTextCmd(value, fmt.Sprintf("value of %s (%d bytes)", visible.Line(orRoot(path)), len(value)))
	case key.Matches(msg, d.Pager):
		return m, pageTextCmd(m.opts.Pager, m.Detail.PlainText())
	default: // esc with a search shown ends the search
		m.Detail = m.Detail.SetSearch("")
	}
	return m, nil
}

func orRoot(path string) string {
	if path == "" {
		return "the whole file"
	}
	return path
}

// jumpToMiss is enter on the Diff tab of a turn replay never reaches: the
// cursor goes to the turn where its case misses, the tab stays.
func (m Page) jumpToMiss() (Page, tea.Cmd) {
	data, ok := m.Detail.Data()
	if !ok || data.Diff == nil || data.Diff.Miss == nil {
		return m, nil
	}
	var found bool
	if m.tree, found = m.tree.SelectID(data.Diff.Miss.ID); !found {
		m.SetStatus("the recording where the case misses is hidden by the filter · esc clears it", false)
		return m, nil
	}
	return m.syncDetail()
}

// handleSearchKey edits the search of the detail pane; the pane searches
// again on every change and shows the first match.
func (m Page) handleSearchKey(msg tea.KeyPressMsg) (Page, tea.Cmd) {
	switch {
	case msg.Code == tea.KeyEnter:
		m.mode = modeBrowse
		if _, n := m.Detail.Search(); n == 0 && m.filterText != "" {
			m.SetStatus(fmt.Sprintf("%q is not in this tab", m.filterText), false)
		}
		return m, nil
	case msg.Code == tea.KeyEscape:
		m.mode, m.filterText = modeBrowse, ""
	case msg.Code == tea.KeyBackspace:
		if m.filterText != "" {
			_, n := utf8.DecodeLastRuneInString(m.filterText)
			m.filterText = m.filterText[:len(m.filterText)-n]
		}
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		m.filterText += msg.Text
	default:
		return m, nil
	}
	m.Detail = m.Detail.SetSearch(m.filterText)
	return m, nil
}

// editTarget is what e opens: for a stale recording, the suite line its
// change comes from; otherwise the recording's file.
func (m Page) editTarget() (path string, line int, suite bool) {
	it, ok := m.tree.Selected()
	if !ok {
		return "", 0, false
	}
	if d, ok := m.Detail.Data(); ok && d.ID == it.ID && d.Diff != nil && len(d.Diff.Sources) > 0 {
		src := d.Diff.Sources[0]
		return m.absPath(src.File), src.Line, true
	}
	return m.absPath(it.Path), 0, false
}
