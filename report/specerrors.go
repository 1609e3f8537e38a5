package report

import (
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// WriteSpecErrors writes each error of dryfire.yaml or a suite as
// file:line:col: message, then the source line with a caret under the
// column and the error's hint: the diagnostics a person reads on stderr.
// root is the project root the files are relative to.
func WriteSpecErrors(w io.Writer, root string, errs []suite.SpecError) error {
	t := newText(w)
	for _, se := range errs {
		t.printf("%s\n", se.Error())
		if se.Line > 0 {
			src := se.Source
			if src == "" && se.Ref == "" { // no line of a $ref'd file is shown
				src = sourceLine(filepath.Join(root, filepath.FromSlash(se.File)), se.Line)
			}
			if src != "" {
				src, col := clipSource(src, se.Column)
				t.printf("  %s\n  %s^\n", block(src), caretPad(src, col, t.escape))
			}
		}
		if se.Hint != "" {
			t.printf("  hint: %s\n", se.Hint)
		}
	}
	return t.err
}

// sourceLine is line n of file, "" when it cannot be read.
func sourceLine(file string, n int) string {
	data, err := safefile.ReadFile(file)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if n > len(lines) {
		return ""
	}
	return strings.TrimRight(lines[n-1], "\r")
}

// caretPad keeps tabs so the caret lines up under column col (characters)
// of src as it is printed: where the stream escapes (visible.Text), a
// control character or an invalid byte before the column widens the pad
// by its escape.
func caretPad(src string, col int, escaped bool) string {
	var b strings.Builder
	i := 1
	for off := 0; off < len(src) && i < col; i++ {
		r, size := utf8.DecodeRuneInString(src[off:])
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			w := 1
			if escaped {
				w = utf8.RuneCountInString(visible.Text(src[off : off+size]))
			}
			b.WriteString(strings.Repeat(" ", w))
		}
		off += size
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	return b.String()
}

// sourceWidth is how many characters of a source line are echoed: a line
// longer than that (a minified file, a 4,301-digit number) is shown around
// the column, so one line of a hostile file cannot flood the terminal.
const sourceWidth = 160

// clipSource returns the part of src echoed under an error at column col
// (1-based, in characters), with "…" where it was cut, and the column in
// the part returned.
func clipSource(src string, col int) (string, int) {
	runes := []rune(src)
	if len(runes) <= sourceWidth {
		return src, col
	}
	start := min(max(0, col-1-sourceWidth/2), len(runes)-sourceWidth)
	end := start + sourceWidth
	out, at := string(runes[start:end]), col-start
	if start > 0 {
		out, at = "…"+out, at+1
	}
	if end < len(runes) {
		out += "…"
	}
	return out, at
}
