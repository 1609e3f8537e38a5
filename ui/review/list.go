package review

import (
	"path"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

// group is a heading of the list: one dryfire case, the tapes, or other
// files, with the case summary.
type group struct {
	Title   string
	Summary []string
	Items   []*gitreview.ReviewItem
}

// row is one line of the list: a group heading or a changed file.
type row struct {
	group int
	item  *gitreview.ReviewItem // nil for a heading
}

// buildGroups groups the review's items: cases in the review's order, then
// tapes, then anything else.
func buildGroups(r *gitreview.Review) []group {
	if r == nil {
		return nil
	}
	var groups []group
	inCase := map[*gitreview.ReviewItem]bool{}
	for _, c := range r.Cases {
		title := c.Suite + " ▸ " + c.Case
		if c.Suite == "" && c.Case == "" && len(c.Items) > 0 {
			title = path.Dir(c.Items[0].Path)
		}
		groups = append(groups, group{Title: title, Summary: c.Summary, Items: c.Items})
		for _, it := range c.Items {
			inCase[it] = true
		}
	}
	var tapes, other []*gitreview.ReviewItem
	for _, it := range r.Items {
		switch {
		case inCase[it]:
		case it.Format == "tape":
			tapes = append(tapes, it)
		default:
			other = append(other, it)
		}
	}
	if len(tapes) > 0 {
		groups = append(groups, group{Title: "tapes", Items: tapes})
	}
	if len(other) > 0 {
		groups = append(groups, group{Title: "other files", Items: other})
	}
	return groups
}

// buildRows flattens the groups into list rows.
func buildRows(groups []group) []row {
	var rows []row
	for gi, g := range groups {
		rows = append(rows, row{group: gi})
		for _, it := range g.Items {
			rows = append(rows, row{group: gi, item: it})
		}
	}
	return rows
}

// kindGlyph is the one-cell sign of a change kind.
func kindGlyph(k gitreview.ChangeKind) string {
	switch k {
	case gitreview.Added:
		return "+"
	case gitreview.Deleted:
		return "-"
	case gitreview.Renamed:
		return "→"
	default:
		return "~"
	}
}

// stateGlyph is the one-cell sign of what the session did with an item.
func stateGlyph(state string) string {
	switch state {
	case stateAccepted:
		return "✓"
	case stateRejected:
		return "✗"
	case stateSkipped:
		return "»"
	}
	return " "
}

// Item states, as scan spells them.
const (
	stateAccepted = "accepted"
	stateRejected = "rejected"
	stateSkipped  = "skipped"
)
