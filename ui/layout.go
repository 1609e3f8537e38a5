package ui

import "github.com/dryfire-tui/dryfire-tui/ui/frame"

// Layout is where everything goes on a page's screen (see [frame.Layout]);
// the compute functions are pure functions of the size, table-tested in
// layout_test.go.
type Layout = frame.Layout

// The widest the left pane of a split screen gets: the tree of the browse
// page, the list of the review page.
const (
	maxTreeWidth = 60
	maxListWidth = 56
)

func computeLayout(w, h int) Layout { return frame.Compute(w, h, maxTreeWidth) }

func computeReviewLayout(w, h int) Layout { return frame.Compute(w, h, maxListWidth) }
