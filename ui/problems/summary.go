package problems

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// The summary's row IDs: a kind of recording, or a spec error by index.
const (
	rowKind      = "kind:"
	rowSpecError = "spec:"
)

// Summary is what p opens: the problems of the project on one screen,
// the spec errors (each "file:line:column: message") first, then the
// recordings by kind with counts, most urgent first; enter goes to the
// first of a kind, s shows only that kind, and enter on a spec error opens
// its file.
func Summary(s *theme.Styles, t tree.Model, specErrors []string) picker.Content {
	var rows []picker.Row
	if len(specErrors) > 0 {
		rows = append(rows, picker.Row{Text: s.Detail.Heading.Render(fmt.Sprintf("Suite and config errors (%d)", len(specErrors)))})
		for i, e := range specErrors {
			rows = append(rows, picker.Row{ID: fmt.Sprint(rowSpecError, i), Text: s.Error.Render(visible.Line(e))})
		}
		rows = append(rows, picker.Row{})
	}
	if kinds := kindRows(s, t); len(kinds) > 0 {
		rows = append(rows, picker.Row{Text: s.Detail.Heading.Render("Recordings") + s.Muted.Render(" · enter goes to the first, and n walks that kind")})
		rows = append(rows, kinds...)
	}
	if len(rows) == 0 {
		rows = append(rows, picker.Row{Text: s.StatusStyle("live").Render("● Nothing needs attention: " + CalmSummary(t))})
	}
	if filtered(t) {
		rows = append(rows, picker.Row{}, picker.Row{Text: s.Muted.Render("Counts are of the recordings the filters show.")})
	}
	return picker.Content{Title: "Problems", Rows: rows, AltHelp: "show only these"}
}

// kindRows are the summary's rows of the kinds present, and the walk of
// them all when there is more than one.
func kindRows(s *theme.Styles, t tree.Model) []picker.Row {
	var kinds []picker.Row
	for _, k := range Kinds {
		n := t.Count(Of(k.Status))
		if n == 0 {
			continue
		}
		todo := k.Todo
		if k.Status == "secret" {
			// The header and the tree count secrets; say how many
			// recordings hold them.
			todo = fmt.Sprintf("in %s: %s", frame.Count(n, "recording"), todo)
			n = t.Secrets()
		}
		line := s.StatusStyle(k.Status).Render(fmt.Sprintf("%s %4d %-20s", theme.Glyph(k.Status), n, k.Status)) +
			s.Muted.Render(" "+todo)
		kinds = append(kinds, picker.Row{ID: rowKind + k.Status, Text: line, Match: k.Status, Indent: 28})
	}
	if len(kinds) > 1 {
		line := s.Progress.Render(fmt.Sprintf("  %4d %-20s", t.Count(Is), "all, in tree order")) +
			s.Muted.Render(" n walks every problem in tree order, whatever its kind")
		kinds = append(kinds, picker.Row{ID: rowKind + WalkAll, Text: line, Match: "all", Indent: 28})
	}
	return kinds
}

// Picked is what a row of the summary picked: the kind to walk (a status,
// "secret" or WalkAll), or the spec error by its index (-1 for none).
type Picked struct {
	Kind      string
	SpecError int
}

// PickedRow reads the ID of a row of the summary.
func PickedRow(id string) Picked {
	if rest, ok := strings.CutPrefix(id, rowSpecError); ok {
		if i, err := strconv.Atoi(rest); err == nil && i >= 0 {
			return Picked{SpecError: i}
		}
		return Picked{SpecError: -1}
	}
	kind, _ := strings.CutPrefix(id, rowKind)
	if kind == id {
		kind = ""
	}
	return Picked{Kind: kind, SpecError: -1}
}
