package frame

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestSanitize(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ in, want string }{
		"plain text":              {"refund_agent › parallel_lookups", "refund_agent › parallel_lookups"},
		"colour codes are kept":   {"\x1b[1;38;2;255;0;0mred\x1b[0m \x1b[4:3mcurly\x1b[m", "\x1b[1;38;2;255;0;0mred\x1b[0m \x1b[4:3mcurly\x1b[m"},
		"OSC 0 (window title)":    {"a\x1b]0;pwned\x07b", `a\x1b]0;pwned\x07b`},
		"CSI 2J (clear)":          {"\x1b[2Jx", `\x1b[2Jx`},
		"cursor moves":            {"\x1b[10;1Hx\x1b[Ay", `\x1b[10;1Hx\x1b[Ay`},
		"carriage return":         {"tree\rdetail", `tree\rdetail`},
		"C1 CSI, UTF-8 and byte":  {"a\u009b2Jb\x9bc", `a\u009b2Jb\x9bc`},
		"bidi override, isolate":  {"\u202eabc\u2066", `\u202eabc\u2066`},
		"newline, tab, NUL":       {"a\nb\tc\x00", `a\nb\tc\x00`},
		"ESC at the end":          {"ok\x1b", `ok\x1b`},
		"SGR cut short":           {"\x1b[31", `\x1b[31`},
		"between colour codes":    {"\x1b[31m\r\x1b[0m", "\x1b[31m\\r\x1b[0m"},
		"emoji and other scripts": {"naïve 日本 👩‍👩‍👧", "naïve 日本 👩‍👩‍👧"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := Sanitize(tc.in); got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestSanitizeDoesNotCopyACleanRow(t *testing.T) {
	row := "\x1b[1;38;2;195;195;255m▾ refund_agent\x1b[0m" + strings.Repeat(" ", 30) + "\x1b[38;5;103m15 ◐2 ○2\x1b[39m│"
	if n := testing.AllocsPerRun(100, func() { _ = Sanitize(row) }); n != 0 {
		t.Errorf("Sanitize allocates %v times on a clean row", n)
	}
}

// TestRenderGuardsEveryRow: a part that forgot to make its text visible
// (a carriage return and a cursor move in the header, a line too wide in
// the body) still comes out as rows that act on nothing and fit.
func TestRenderGuardsEveryRow(t *testing.T) {
	l := Compute(60, 10, 40)
	body := func() []string {
		rows := make([]string, l.BodyH)
		rows[0] = strings.Repeat("x", 100)
		return rows
	}
	out := Render(l, "p", func() string { return "head\r\x1b[5Aover" }, body, func() string { return "\u202estatus" }, func() string { return "" })
	lines := strings.Split(out, "\n")
	if len(lines) != 10 {
		t.Fatalf("%d lines", len(lines))
	}
	if lines[0] != `head\r\x1b[5Aover` || lines[l.StatusY] != `\u202estatus` {
		t.Errorf("header %q, status %q", lines[0], lines[l.StatusY])
	}
	for i, line := range lines {
		if w := ansi.StringWidth(line); w > 60 {
			t.Errorf("line %d is %d wide", i, w)
		}
	}
}
