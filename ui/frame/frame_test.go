package frame

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func TestWrap(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		line string
		w    int
		hang bool
		want []string
	}{
		"fits": {"short", 20, false, []string{"short"}},
		// Every part is wrapped to the width less the indent, the first too.
		"continues under the indent": {"  aaaa bbbb cccc", 13, false,
			[]string{"  aaaa bbbb", "  cccc"}},
		"hangs under the text after a bullet": {"  • aaaa bbbb cccc", 15, true,
			[]string{"  • aaaa", "    bbbb cccc"}},
		"a bullet without hang keeps the indent": {"  • aaaa bbbb cccc", 15, false,
			[]string{"  • aaaa bbbb", "  cccc"}},
		"breaks after a slash": {"a/bbbbbbb/cccccccc", 12, false,
			[]string{"a/bbbbbbb/", "cccccccc"}},
		"never narrower than 10": {"aaaa bbbb cccc", 3, false, []string{"aaaa bbbb", "cccc"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := Wrap([]string{tc.line}, tc.w, tc.hang); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPadRight(t *testing.T) {
	t.Parallel()
	if got := PadRight("é•", 4); got != "é•  " {
		t.Errorf("pad: %q", got)
	}
	if got := PadRight("abcdef", 3); got != "abc" {
		t.Errorf("truncate: %q", got)
	}
}

func TestBox(t *testing.T) {
	t.Parallel()
	styles := theme.New(true)
	s := &styles
	body := make([]string, 30)
	for i := range body {
		body[i] = strings.Repeat("x", i)
	}
	for _, size := range []struct{ w, h int }{{60, 12}, {120, 30}, {40, 8}} {
		out := Box(s, "Title", body, "footer", 0, size.w, size.h)
		lines := strings.Split(ansi.Strip(out), "\n")
		if len(lines) != size.h {
			t.Errorf("%dx%d: %d rows", size.w, size.h, len(lines))
		}
		for i, l := range lines {
			if ansi.StringWidth(l) > size.w {
				t.Errorf("%dx%d: row %d is %d wide", size.w, size.h, i, ansi.StringWidth(l))
			}
		}
		if !strings.Contains(ansi.Strip(out), "more · footer") {
			t.Errorf("%dx%d: 30 lines fit without a more-indicator", size.w, size.h)
		}
	}
	_, rows := BoxInner(s, 60, 12)
	end := Box(s, "Title", body[:rows+2], "footer", 99, 60, 12)
	if strings.Contains(end, "more ·") || !strings.Contains(end, body[rows+1]) {
		t.Errorf("scrolled to the end, the last line is not shown:\n%s", ansi.Strip(end))
	}
}

// TestRenderTooSmall: the too-small message is never cut, at 30×8 (the
// size a person tried) or narrower, as long as the rows hold it.
func TestRenderTooSmall(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{30, 8}, {39, 30}, {20, 8}, {100, 7}} {
		l := Compute(size.w, size.h, 60)
		out := Render(l, "dryfire-tui", nil, nil, nil, nil)
		lines := strings.Split(out, "\n")
		if len(lines) > size.h {
			t.Errorf("%dx%d: %d rows", size.w, size.h, len(lines))
		}
		for i, line := range lines {
			if ansi.StringWidth(line) > size.w {
				t.Errorf("%dx%d: row %d is %d wide: %q", size.w, size.h, i, ansi.StringWidth(line), line)
			}
		}
		joined := strings.Join(strings.Fields(out), " ")
		want := fmt.Sprintf("Terminal too small (%d×%d); dryfire-tui needs at least 40×8.", size.w, size.h)
		if joined != want {
			t.Errorf("%dx%d: %q, want %q", size.w, size.h, joined, want)
		}
	}
}

func TestCount(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{1, "recording", "1 recording"}, {0, "recording", "0 recordings"}, {2, "turn", "2 turns"}, {3, "match", "3 matches"},
		{1, "match", "1 match"}, {2, "case", "2 cases"}, {4, "repetition", "4 repetitions"}} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
