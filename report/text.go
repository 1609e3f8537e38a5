package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// text writes a text report and keeps the first write error, so a writer
// reads as a list of lines and still reports a failed write. Everything it
// writes is made visible (package visible): each argument of printf and
// println is escaped as one line (visible.Line: a file named with a
// newline cannot fake a line of output), unless it is a [block], and the
// stream is escaped again whatever the format added.
type text struct {
	w   io.Writer
	err error
}

// newText returns the text writer of a report over w.
func newText(w io.Writer) *text { return &text{w: visible.NewWriter(w)} }

// block is an argument of printf or println that may hold several lines
// (a response text, a diff): newlines and tabs are kept, every other
// control is escaped.
type block string

// visibleArgs escapes every text argument in place.
func visibleArgs(args []any) []any {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = visible.Line(v)
		case block:
			args[i] = visible.Text(string(v))
		case error:
			args[i] = visible.Line(v.Error())
		case fmt.Stringer:
			args[i] = visible.Line(v.String())
		}
	}
	return args
}

func (t *text) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, visibleArgs(args)...)
	}
}

func (t *text) println(args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintln(t.w, visibleArgs(args)...)
	}
}

// Write implements io.Writer, for a tabwriter over the report: the bytes
// are escaped as a stream (visible.Text), so the cells given to the
// tabwriter must be escaped as lines first.
func (t *text) Write(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	var n int
	n, t.err = t.w.Write(p)
	return n, t.err
}

// Plural returns word, with an s unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// oneLine is the first line of s, with " …" when more follows.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// rel is path relative to root, slash-separated (path itself when it
// cannot be made relative).
func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(r)
}

// indentText indents every line of s after the first.
func indentText(s, indent string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+indent)
}
