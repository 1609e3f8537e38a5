package ui

// Layout is where everything goes on a screen of a given size. It is a pure
// function of the size (computeLayout), table-tested in layout_test.go.
type Layout struct {
	Width, Height int
	// Body is the rows between the header and the status line.
	BodyY, BodyH int
	// Split is true when the tree and the detail are side by side; otherwise
	// one pane fills the body and tab switches between them.
	Split bool
	// TreeW is the tree width; the detail starts at DetailX (after the
	// separator when split) and is DetailW wide.
	TreeW, DetailX, DetailW int
	// StatusY and FooterY are the progress/status line and the key line.
	StatusY, FooterY int
	// TooSmall is set below the smallest usable size; View then says so.
	TooSmall bool
}

// Sizes below which the browser gives up, and above which it splits.
const (
	minWidth   = 40
	minHeight  = 8
	splitWidth = 90
	headerRows = 1
	footerRows = 2 // the status line and the key line
)

// computeLayout lays out a w × h screen.
func computeLayout(w, h int) Layout {
	l := Layout{Width: w, Height: h}
	if w < minWidth || h < minHeight {
		l.TooSmall = true
		return l
	}
	l.BodyY = headerRows
	l.BodyH = h - headerRows - footerRows
	l.StatusY = h - 2
	l.FooterY = h - 1
	if w >= splitWidth {
		l.Split = true
		l.TreeW = min(max(w*2/5, 36), 60)
		l.DetailX = l.TreeW + 1
		l.DetailW = w - l.DetailX
		return l
	}
	l.TreeW, l.DetailX, l.DetailW = w, 0, w
	return l
}
