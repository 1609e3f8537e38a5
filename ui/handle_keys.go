package ui

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// handleKey dispatches a key press by mode; every match goes through the
// keymap, and bindings that do not apply now are disabled in keysNow.
func (m Model) handleKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		m.cancel()
		return m, tea.Quit
	}
	switch m.mode { //nolint:exhaustive // the other cases need nothing here
	case modeFilter:
		return m.handleFilterKey(msg)
	case modeHelp:
		if key.Matches(msg, m.keys.Help, m.keys.Clear, m.keys.Quit) {
			m.mode = modeBrowse
		}
		return m, nil
	case modeConfirm:
		return m.handleConfirmKey(msg)
	}
	m.status = ""
	k := m.keysNow()
	switch {
	case key.Matches(msg, k.Quit):
		m.cancel()
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.mode = modeHelp
	case key.Matches(msg, k.Filter):
		m.mode, m.filterText = modeFilter, m.tree.Filter()
	case key.Matches(msg, k.Clear):
		m.clearFilters()
	case key.Matches(msg, k.StatusFilter):
		m.tree = m.tree.SetStatusFilter(nextStatus(m.tree.Statuses(), m.tree.StatusFilter()))
	case key.Matches(msg, k.Focus):
		m.setFocus(1 - m.focus)
	case key.Matches(msg, k.Open):
		m.open()
	case key.Matches(msg, k.Prune):
		return m.openPrune()
	case key.Matches(msg, k.Edit):
		return m.edit()
	case key.Matches(msg, k.Copy, k.CopyKey):
		return m.copy(key.Matches(msg, k.CopyKey))
	case key.Matches(msg, k.Rescan):
		return m.rescan()
	case key.Matches(msg, k.Detail.Tabs, k.Detail.NextTab, k.Detail.PrevTab, k.Detail.Reveal):
		m.detail, _ = m.detail.Update(msg)
	case m.focus == focusDetail:
		m.detail, _ = m.detail.Update(msg)
	default:
		m.tree, _ = m.tree.Update(msg)
	}
	return m.syncDetail()
}

// clearFilters is esc: clear the filters, or go back to the tree from a
// full-screen detail.
func (m *Model) clearFilters() {
	if m.tree.Filter() != "" || m.tree.StatusFilter() != "" {
		m.tree = m.tree.SetFilter("").SetStatusFilter("")
		return
	}
	m.setFocus(focusTree)
}

// open is enter: expand or collapse a group, or show a recording's detail.
func (m *Model) open() {
	if _, leaf := m.tree.Selected(); !leaf {
		m.tree = m.tree.Toggle()
		return
	}
	m.setFocus(focusDetail)
}

// copy puts the selected recording's path (or key) on the clipboard.
func (m Model) copy(keyOnly bool) (tea.Model, tea.Cmd) {
	it, ok := m.tree.Selected()
	if !ok {
		return m, nil
	}
	if keyOnly {
		return m, copyCmd(it.Key, "key "+it.Key)
	}
	return m, copyCmd(it.Path, it.Path)
}

// nextStatus cycles "" → each present status → "", the statuses that need
// attention first and live/ok last.
func nextStatus(present []string, cur string) string {
	var first, last []string
	for _, s := range present {
		if s == "live" || s == "ok" || s == "pending" {
			last = append(last, s)
		} else {
			first = append(first, s)
		}
	}
	present = append(first, last...)
	for i, s := range present {
		if s == cur && i+1 < len(present) {
			return present[i+1]
		}
	}
	if cur == "" && len(present) > 0 {
		return present[0]
	}
	return ""
}

// handleFilterKey edits the fuzzy filter; the tree refilters on every
// change.
func (m Model) handleFilterKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case msg.Code == tea.KeyEnter:
		m.mode = modeBrowse
		return m.syncDetail()
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
	m.tree = m.tree.SetFilter(m.filterText)
	return m.syncDetail()
}

// handleConfirmKey answers the prune dialog.
func (m Model) handleConfirmKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keysNow()
	switch {
	case key.Matches(msg, k.Confirm):
		return m.confirmPrune()
	case key.Matches(msg, k.Cancel):
		m.mode = modeBrowse
	case key.Matches(msg, k.Tree.Down):
		m.dialog = m.dialog.ScrollBy(1)
	case key.Matches(msg, k.Tree.Up):
		m.dialog = m.dialog.ScrollBy(-1)
	}
	return m, nil
}

// pruneDialog lists marked recordings: the prunable ones with the reason
// prune gives, the others with their status and why they are kept.
func pruneDialog(marked []tree.Item) dialog.Prune {
	entries := make([]dialog.Entry, 0, len(marked))
	for _, it := range marked {
		e := dialog.Entry{Path: it.Path, Status: it.Status, OK: it.Prunable, Reason: it.Status}
		if it.Reason != "" {
			e.Reason = it.Status + ": " + it.Reason
		}
		if !it.Prunable && it.Format == "tape" {
			e.Reason = "tape entries are not pruned: edit the tape instead"
		}
		entries = append(entries, e)
	}
	return dialog.NewPrune(entries)
}
