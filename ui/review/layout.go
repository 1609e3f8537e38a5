package review

import "github.com/dryfire-tui/dryfire-tui/ui/frame"

// layout is where everything goes on the review screen (see
// [frame.Layout]); a pure function of the size.
type layout = frame.Layout

// maxListWidth caps the list pane of a split screen.
const maxListWidth = 56

func computeLayout(w, h int) layout { return frame.Compute(w, h, maxListWidth) }
