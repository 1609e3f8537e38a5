package specerrors

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// writeSuite writes a one-file suite with data and returns its path.
func writeSuite(t *testing.T, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.eval.yaml")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSpecErrorSourceIsClipped: a very long source line (a 4,301-digit
// number, a minified file) is echoed around the error's column, the caret
// still under it, never whole, on a terminal or a pipe.
func TestSpecErrorSourceIsClipped(t *testing.T) {
	t.Parallel()
	for _, col := range []int{1, 5000, 9990} {
		src := strings.Repeat("a", col-1) + "X" + strings.Repeat("b", 10000-col)
		file := writeSuite(t, src+"\n")
		errs := []suite.SpecError{{File: file, Line: 1, Column: col, Message: "bad", Loc: "<root>"}}
		var tty bytes.Buffer
		stream := visible.NewStream(&tty, visible.Options{Escape: true})
		if err := Write(stream, "", errs); err != nil {
			t.Fatal(err)
		}
		_ = stream.Flush()
		lines := strings.Split(tty.String(), "\n")
		if len(lines) < 5 {
			t.Fatalf("col %d: %q", col, tty.String())
		}
		const gutter = "   1 | "
		echo, caret := strings.TrimPrefix(lines[3], gutter), strings.TrimPrefix(lines[4], "     | ")
		if n := utf8.RuneCountInString(echo); n > sourceWidth+4 {
			t.Errorf("col %d: echoed %d characters", col, n)
		}
		at := utf8.RuneCountInString(caret) - 1
		if got := []rune(echo)[at]; got != 'X' || !strings.HasSuffix(caret, "^") {
			t.Errorf("col %d: caret under %q, want under X:\n%s\n%s", col, got, echo, caret)
		}
		var pipe bytes.Buffer
		if err := Write(&pipe, "", errs); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(pipe.String(), src) || !strings.Contains(pipe.String(), "X") {
			t.Errorf("col %d: on a pipe the line is echoed whole, or without its column", col)
		}
	}
}

// TestSpecErrorSourceIsDryfires: a source line of a suite written by hand
// (long, tabs, wide characters before the column) is echoed whole, the
// caret after one space a character, as dryfire pads it; where the stream
// escapes a character, the caret moves by its escape.
func TestSpecErrorSourceIsDryfires(t *testing.T) {
	t.Parallel()
	src := "system: \"" + strings.Repeat("word ", 150) + "\tä中\"   colour: x"
	col := strings.Index(src, "colour") + 1 - 2*2 // ä and 中 are one character each
	file := writeSuite(t, src+"\n")
	errs := []suite.SpecError{{File: file, Line: 1, Column: col, Message: "bad", Loc: "colour"}}
	var pipe bytes.Buffer
	if err := Write(&pipe, "", errs); err != nil {
		t.Fatal(err)
	}
	want := "error: bad\n  --> " + file + ":1:" + strconv.Itoa(col) + "   (colour)\n     |\n   1 | " + src +
		"\n     | " + strings.Repeat(" ", col-1) + "^\n\n"
	if pipe.String() != want {
		t.Errorf("got\n%q\nwant\n%q", pipe.String(), want)
	}
	esc := []suite.SpecError{{File: writeSuite(t, "a\x1bbX\n"), Line: 1, Column: 4, Message: "bad"}}
	var tty bytes.Buffer
	stream := visible.NewStream(&tty, visible.Options{Escape: true})
	_ = Write(stream, "", esc)
	_ = stream.Flush()
	if !strings.Contains(tty.String(), "   1 | a\\x1bbX\n     | "+strings.Repeat(" ", 1+4+1)+"^\n") {
		t.Errorf("the caret is not under X past the escape:\n%s", tty.String())
	}
}
