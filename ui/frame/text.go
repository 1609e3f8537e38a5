package frame

import (
	"fmt"
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

// Count is n and the noun, in the plural unless n is 1: "1 recording",
// "3 recordings", "2 matches". The nouns the screens count are regular: a
// noun ending in s, x, ch or sh takes "es".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	for _, end := range []string{"s", "x", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return fmt.Sprintf("%d %ses", n, noun)
		}
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Plural is one when n is 1, else many with n in it ("%d files …"), for a
// sentence whose verb or pronoun changes with the count as well.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}
