package frame

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// PadRight pads s with spaces to display width w, truncating a longer s.
func PadRight(s string, w int) string {
	n := ansi.StringWidth(s)
	if n >= w {
		return ansi.Truncate(s, w, "")
	}
	return s + strings.Repeat(" ", w-n)
}

// Wrap wraps each line wider than w (at least 10) at spaces, slashes and
// commas, indenting the continuation lines like the line itself. With hang,
// a line whose text starts with a bullet ("• ", "- ", "+ ") indents them
// under the text after the bullet. An indent never takes more than half
// the width.
func Wrap(lines []string, w int, hang bool) []string {
	w = max(w, 10)
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		plain := ansi.Strip(l)
		text := strings.TrimLeft(plain, " ")
		indent := len(plain) - len(text)
		if hang && (strings.HasPrefix(text, "• ") || strings.HasPrefix(text, "- ") || strings.HasPrefix(text, "+ ")) {
			indent += 2
		}
		indent = min(indent, w/2)
		parts := strings.Split(ansi.Wrap(l, w-indent, " /,"), "\n")
		out = append(out, parts[0])
		for _, p := range parts[1:] {
			out = append(out, strings.Repeat(" ", indent)+strings.TrimLeft(p, " "))
		}
	}
	return out
}
