package ui

import "github.com/dryfire-tui/dryfire-tui/ui/frame"

// Layout is where everything goes on a page's screen (see [frame.Layout]);
// the compute functions are pure functions of the size, table-tested in
// layout_test.go.
type Layout = frame.Layout

// maxTreeWidth is the widest the tree of the browse page gets on a split
// screen (the review's list has its own, in ui/review).
const maxTreeWidth = 60

func computeLayout(w, h int) Layout { return frame.Compute(w, h, maxTreeWidth) }
