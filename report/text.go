package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// text writes a text report and keeps the first write error, so a writer
// reads as a list of lines and still reports a failed write.
type text struct {
	w   io.Writer
	err error
}

func (t *text) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *text) println(args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintln(t.w, args...)
	}
}

// Write implements io.Writer, for a tabwriter over the report.
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
