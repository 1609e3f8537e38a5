package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// KeyGroup is a titled list of bindings in a help overlay.
type KeyGroup struct {
	Title    string
	Bindings []key.Binding
}

// Help is the ? overlay of a screen: the groups laid out as columns, as
// many side by side as fit in w, then the legend lines, in a [Box].
// Disabled bindings and empty groups are left out, so the help says only
// what applies now.
func Help(s theme.Styles, title string, groups []KeyGroup, legend []string, w, h int) string {
	var cols []string
	for _, g := range groups {
		var lines []string
		for _, b := range g.Bindings {
			if b.Enabled() {
				lines = append(lines, s.Help.FullKey.Render(fmt.Sprintf("%-8s", b.Help().Key))+" "+s.Help.FullDesc.Render(b.Help().Desc))
			}
		}
		if len(lines) == 0 {
			continue
		}
		lines = append([]string{s.Detail.Heading.Render(g.Title)}, lines...)
		cw := 0
		for _, l := range lines {
			cw = max(cw, ansi.StringWidth(l))
		}
		for i := range lines {
			lines[i] = PadRight(lines[i], cw+3)
		}
		cols = append(cols, strings.Join(lines, "\n"))
	}
	var rows, row []string
	width := 0
	for _, c := range cols {
		cw := lipgloss.Width(c)
		if width+cw > min(w-6, 98) && len(row) > 0 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...), "")
			row, width = nil, 0
		}
		row = append(row, c)
		width += cw
	}
	rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	body := strings.Split(strings.Join(rows, "\n"), "\n")
	if len(legend) > 0 {
		body = append(body, "")
		for _, l := range legend {
			body = append(body, s.Muted.Render(l))
		}
	}
	return Box(s, title, body, s.Muted.Render("? or esc closes"), 0, w, h)
}

// PadRight pads s with spaces to display width w, truncating a longer s.
func PadRight(s string, w int) string {
	n := ansi.StringWidth(s)
	if n >= w {
		return ansi.Truncate(s, w, "")
	}
	return s + strings.Repeat(" ", w-n)
}
