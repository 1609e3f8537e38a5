package ui

import "github.com/dryfire-tui/dryfire-tui/ui/frame"

// Layout is where everything goes on the browser's screen (see
// [frame.Layout]); computeLayout is a pure function of the size,
// table-tested in layout_test.go.
type Layout = frame.Layout

// maxTreeWidth caps the tree pane of a split screen.
const maxTreeWidth = 60

func computeLayout(w, h int) Layout { return frame.Compute(w, h, maxTreeWidth) }
