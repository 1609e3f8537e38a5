package browse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/problems"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// rowStatus is the ID of a row of the status picker: "status:stale", or
// "status:" for every recording.
const rowStatus = "status:"

// statusRank orders the status picker: the kinds of problem in the
// problem summary's order, the failing cases right after the stale
// recordings that make most of them fail, then what asks nothing.
func statusRank(st string) int {
	order := []string{"secret", "invalid", "key mismatch", "stale", "failing", "stale schema_version",
		"orphaned suite", "orphaned case", "superseded", "empty",
		"in use", "protected", "error entry", "unknown", "pending", "live", "ok"}
	if i := slices.Index(order, st); i >= 0 {
		return i
	}
	return len(order)
}

// openStatusPicker is s: a picker of the statuses present, as k9s picks a
// resource, what needs attention first; typing narrows it, enter shows
// only that status, and its first row shows every recording again.
func (m Page) openStatusPicker() Page {
	s := m.Styles
	present := slices.Clone(m.tree.Statuses())
	slices.SortStableFunc(present, func(a, b string) int { return statusRank(a) - statusRank(b) })
	counts := m.tree.Counts()
	cur := m.tree.StatusFilter()
	row := func(st string, n int, note string) picker.Row {
		text := fmt.Sprintf("%s %6d %-22s", theme.Glyph(st), n, st)
		if st == cur {
			note = "shown now · " + note
		}
		return picker.Row{ID: rowStatus + st, Text: s.StatusStyle(st).Render(text) + s.Muted.Render(note), Match: st, Indent: 31}
	}
	var rows []picker.Row
	heading := ""
	for _, st := range present {
		h := "Need attention"
		if !isProblemStatus(st) {
			h = "Ask nothing"
		}
		if h != heading {
			if heading != "" {
				rows = append(rows, picker.Row{})
			}
			heading = h
			rows = append(rows, picker.Row{Text: s.Detail.Heading.Render(h)})
		}
		switch st {
		case "secret":
			rows = append(rows, row(st, m.tree.SecretRecordings(), "recordings holding a secret"))
		case "failing":
			rows = append(rows, row(st, m.tree.FailingRecordings(), "recordings of "+frame.Plural(m.tree.FailingCases(),
				"the case that fails or ends in an error", "the %d cases that fail or end in an error")))
		default:
			rows = append(rows, row(st, counts[st], ""))
		}
	}
	all := fmt.Sprintf("  %6d %-22s", m.tree.Len(), "all")
	rows = append(rows, picker.Row{}, picker.Row{ID: rowStatus, Text: s.Progress.Render(all) + s.Muted.Render("every recording: clear the status filter"), Match: "all"})
	m.pickerAsk = "status"
	m.picker = m.picker.Open(m.nextPickerID(), picker.Content{Title: "Show only", Rows: rows, Typing: true,
		Prompt: "status: ", Empty: "no status holds the text typed", PickHelp: "show"})
	return m
}

// isProblemStatus reports whether a status of the picker asks something
// of the owner.
func isProblemStatus(st string) bool {
	return st == "secret" || st == "failing" || problems.IsStatus(st)
}

// pickStatus shows only the status picked (every recording for "all").
func (m Page) pickStatus(row string) Page {
	st := strings.TrimPrefix(row, rowStatus)
	m.tree = m.tree.SetStatusFilter(st)
	if _, ok := m.tree.Selected(); !ok && st != "" {
		m.tree, _ = m.tree.First(func(*tree.Item) bool { return true })
	}
	return m
}
