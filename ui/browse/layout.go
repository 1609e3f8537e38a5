package browse

import "github.com/dryfire-tui/dryfire-tui/ui/frame"

// maxTreeWidth is the widest the tree gets on a split screen (the review's
// list has its own, in ui/review).
const maxTreeWidth = 60

// computeLayout is the page's layout (see [frame.Layout]), a pure function
// of the size, table-tested in layout_test.go.
func computeLayout(w, h int) frame.Layout { return frame.Compute(w, h, maxTreeWidth) }
