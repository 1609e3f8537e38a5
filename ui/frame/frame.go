// Package frame is the frame both pages of the app (browse and review)
// share: where the header, the body's two panes, the status line and the
// key line go on a terminal of a given size, as a pure function ([Compute]),
// and how the rows are put together ([Render]).
//
// It also holds the text fitting every component uses: [PadRight], [Wrap]
// and the bordered [Box] of the dialogs and the help overlay. Like
// ui/theme, it is a leaf: it imports no other ui package, so the
// components may use it without depending on each other.
package frame

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Sizes below which a screen gives up, and above which it splits.
const (
	MinWidth   = 40
	MinHeight  = 8
	SplitWidth = 90
	HeaderRows = 1
	FooterRows = 2 // the status line and the key line
)

// Layout is where everything goes on a screen of a given size.
type Layout struct {
	Width, Height int
	// Body is the rows between the header and the status line.
	BodyY, BodyH int
	// Split is true when the list and the detail are side by side;
	// otherwise one pane fills the body and keys switch between them.
	Split bool
	// ListW is the list (tree) width; the detail starts at DetailX (after
	// the separator when split) and is DetailW wide.
	ListW, DetailX, DetailW int
	// StatusY and FooterY are the status line and the key line.
	StatusY, FooterY int
	// TooSmall is set below the smallest usable size.
	TooSmall bool
}

// Compute lays out a w × h screen whose list pane, when split, takes two
// fifths of the width, at least 36 and at most maxList columns.
func Compute(w, h, maxList int) Layout {
	l := Layout{Width: w, Height: h}
	if w < MinWidth || h < MinHeight {
		l.TooSmall = true
		return l
	}
	l.BodyY = HeaderRows
	l.BodyH = h - HeaderRows - FooterRows
	l.StatusY = h - 2
	l.FooterY = h - 1
	if w >= SplitWidth {
		l.Split = true
		l.ListW = min(max(w*2/5, 36), maxList)
		l.DetailX = l.ListW + 1
		l.DetailW = w - l.DetailX
		return l
	}
	l.ListW, l.DetailX, l.DetailW = w, 0, w
	return l
}

// Render puts a screen together from its parts: the header, the body rows,
// the status line and the key line, each row sanitized and cut to the
// width ([Fit]): whatever a part forgot, nothing on the screen but colour
// acts on the terminal. The parts are drawn only on a screen
// large enough for them; a screen too small gets a message saying so,
// naming the program, wrapped to its width.
func Render(l Layout, program string, header func() string, body func() []string, status, footer func() string) string {
	if l.Width == 0 {
		return ""
	}
	if l.TooSmall {
		// The message wraps over as many rows as it needs (and the
		// screen has), so it is never cut where it matters: the size.
		msg := fmt.Sprintf("Terminal too small (%d×%d); %s needs at least %d×%d.",
			l.Width, l.Height, program, MinWidth, MinHeight)
		lines := strings.Split(ansi.Wrap(msg, l.Width, ""), "\n")
		return strings.Join(lines[:min(len(lines), max(l.Height, 1))], "\n")
	}
	rows := make([]string, 0, l.Height)
	rows = append(rows, header())
	rows = append(rows, body()...)
	rows = append(rows, status(), footer())
	for i, r := range rows {
		rows[i] = Fit(r, l.Width)
	}
	return strings.Join(rows, "\n")
}
