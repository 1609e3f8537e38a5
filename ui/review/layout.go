package review

// layout is where everything goes on a screen of a given size; a pure
// function of the size.
type layout struct {
	Width, Height int
	// BodyH is the rows between the header and the status line.
	BodyH int
	// Split is true when the list and the detail are side by side;
	// otherwise one fills the body and enter / tab / esc switch.
	Split            bool
	ListW            int
	DetailX, DetailW int
	TooSmall         bool
}

// Sizes below which the screen gives up, and above which it splits.
const (
	minWidth   = 40
	minHeight  = 8
	splitWidth = 90
	headerRows = 1
	footerRows = 2 // the status line and the key line
)

// computeLayout lays out a w × h screen.
func computeLayout(w, h int) layout {
	l := layout{Width: w, Height: h}
	if w < minWidth || h < minHeight {
		l.TooSmall = true
		return l
	}
	l.BodyH = h - headerRows - footerRows
	if w >= splitWidth {
		l.Split = true
		l.ListW = min(max(w*2/5, 36), 56)
		l.DetailX = l.ListW + 1
		l.DetailW = w - l.DetailX
		return l
	}
	l.ListW, l.DetailW = w, w
	return l
}
