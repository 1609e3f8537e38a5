package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// text writes a text report and keeps the first write error, so a writer
// reads as a list of lines and still reports a failed write. It follows
// the output policy of the stream it writes to (package visible): where
// the stream escapes (a terminal), each argument of printf and println is
// escaped as one line (visible.Line: a file named with a newline cannot
// fake a line of output) unless it is a [block], and the stream escapes
// everything else; where it does not (a pipe, a file), the arguments are
// written as they are.
type text struct {
	w io.Writer
	// escape says that the stream escapes: arguments are escaped as lines.
	escape bool
	err    error
}

// newText returns the text writer of a report over w.
func newText(w io.Writer) *text { return &text{w: w, escape: visible.Escapes(w)} }

// The keys of the stream are masked in each argument too, before it is
// laid out: the stream masks them anyway, but a table measured with the
// key would be misaligned by its mask.

// block is an argument of printf or println that may hold several lines
// (a response text, a diff): newlines and tabs are kept, every other
// control is escaped where the stream escapes.
type block string

// visibleArgs escapes every text argument in place, where the stream
// escapes; a block is left to the stream.
func (t *text) visibleArgs(args []any) []any {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = t.line(v)
		case block:
			args[i] = visible.TextFor(t.w, string(v))
		case error:
			args[i] = t.line(v.Error())
		case fmt.Stringer:
			args[i] = t.line(v.String())
		}
	}
	return args
}

// line is s, keys masked, escaped as one line where the stream escapes.
func (t *text) line(s string) string { return visible.LineFor(t.w, s) }

func (t *text) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, t.visibleArgs(args)...)
	}
}

func (t *text) println(args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintln(t.w, t.visibleArgs(args)...)
	}
}

// paint writes s in the style st where the stream colours
// ([visible.Paint]), as printf writes an argument: keys masked, escaped as
// one line where the stream escapes; the style's own sequences are added
// after, so they are never escaped.
func (t *text) paint(st visible.Style, s string) {
	if t.err == nil {
		t.err = visible.Paint(t.w, st, t.line(s))
	}
}

// paintBlock is paint for a text of several lines, left to the stream to
// escape (as a [block] is).
func (t *text) paintBlock(st visible.Style, s string) {
	if t.err == nil {
		t.err = visible.Paint(t.w, st, visible.TextFor(t.w, s))
	}
}

// Write implements io.Writer, for a tabwriter over the report: the bytes
// go to the stream as they are (escaped there where it escapes), so the
// cells given to the tabwriter must be escaped as lines first
// ([text.line]).
func (t *text) Write(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	var n int
	n, t.err = t.w.Write(p)
	return n, t.err
}

// recorded is s with every secret the rules find masked as show masks it
// ([secrets.Mask]): for the texts of a replay or a run that may quote what
// a recording holds (a tool call's arguments in an unmocked tool's
// message, an assertion's actual value). Every stream prints them, a CI
// log among them.
func recorded(s string) string {
	out, _ := (*secrets.Masker)(nil).Text(s)
	return out
}

// Plural returns word, with an s unless n is 1 ("directory" becomes
// "directories").
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "ory"):
		return strings.TrimSuffix(word, "y") + "ies"
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
