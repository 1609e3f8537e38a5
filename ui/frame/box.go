package frame

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// maxBoxWidth caps the inside of a box, so a wide terminal keeps it
// readable.
const maxBoxWidth = 100

// BoxInner is the inside of a box drawn in w × h cells: the width its
// lines are wrapped to, and how many body lines fit under the title (and
// the blank line after it) and above the footer.
func BoxInner(s *theme.Styles, w, h int) (width, rows int) {
	width = max(min(w-s.Dialog.Box.GetHorizontalFrameSize(), maxBoxWidth), 10)
	rows = max(h-s.Dialog.Box.GetVerticalFrameSize()-3, 1)
	return width, rows
}

// BoxLines is body as a box in w × h cells wraps it: the lines that
// scroll.
func BoxLines(s *theme.Styles, body []string, w, h int) []string {
	innerW, _ := BoxInner(s, w, h)
	return Wrap(body, innerW, false)
}

// Box draws title (plain text, made visible), the body lines from offset
// and a footer in a bordered box no larger than w × h, centred in w × h. When the body does not fit,
// the footer starts with how many lines are below.
func Box(s *theme.Styles, title string, body []string, footer string, offset, w, h int) string {
	return BoxWrapped(s, title, BoxLines(s, body, w, h), footer, offset, w, h)
}

// BoxWrapped is [Box] of a body already wrapped as [BoxLines] wraps it for
// w × h: a box that keeps its body's wrapping draws only the lines in view.
func BoxWrapped(s *theme.Styles, title string, body []string, footer string, offset, w, h int) string {
	innerW, room := BoxInner(s, w, h)
	offset = max(0, min(offset, len(body)-room))
	end := min(offset+room, len(body))
	content := []string{ansi.Truncate(s.Dialog.Title.Render(visible.Line(title)), innerW, "…"), ""}
	for _, l := range body[offset:end] {
		content = append(content, ansi.Truncate(l, innerW, "…"))
	}
	if end < len(body) {
		footer = s.Muted.Render(fmt.Sprintf("↓ %d more · ", len(body)-end)) + footer
	}
	content = append(content, ansi.Truncate(footer, innerW, "…"))
	box := s.Dialog.Box.Render(strings.Join(content, "\n"))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, box)
}
