package report

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

// TestSpecErrorSourceIsClipped: a very long source line (a 4,301-digit
// number, a minified file) is echoed around the error's column, the caret
// still under it, never whole.
func TestSpecErrorSourceIsClipped(t *testing.T) {
	t.Parallel()
	for _, col := range []int{1, 5000, 9990} {
		src := strings.Repeat("a", col-1) + "X" + strings.Repeat("b", 10000-col)
		var out bytes.Buffer
		err := WriteSpecErrors(&out, "", []suite.SpecError{{File: "s.eval.yaml", Line: 1, Column: col, Message: "bad", Source: src}})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) < 3 {
			t.Fatalf("col %d: %q", col, out.String())
		}
		echo, caret := lines[1], lines[2]
		if n := utf8.RuneCountInString(echo); n > sourceWidth+4 {
			t.Errorf("col %d: echoed %d characters", col, n)
		}
		at := utf8.RuneCountInString(caret) - 1
		if got := []rune(echo)[at]; got != 'X' || !strings.HasSuffix(caret, "^") {
			t.Errorf("col %d: caret under %q, want under X:\n%s\n%s", col, got, echo, caret)
		}
	}
	var out bytes.Buffer
	_ = WriteSpecErrors(&out, "", []suite.SpecError{{File: "s", Line: 1, Column: 3, Message: "bad", Source: "short line"}})
	if !strings.Contains(out.String(), "  short line\n    ^\n") {
		t.Errorf("a short line is echoed whole: %q", out.String())
	}
}
