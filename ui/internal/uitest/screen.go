package uitest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// CheckScreen checks a rendered screen of w × h cells: exactly h lines,
// none wider than w, and, without its escape codes, the test's golden
// file under the calling package's testdata.
func CheckScreen(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Errorf("screen has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, want ≤ %d: %q", i, n, w, ansi.Strip(l))
		}
	}
	golden.RequireEqual(t, []byte(ansi.Strip(out)))
}
