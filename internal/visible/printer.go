package visible

import (
	"fmt"
	"io"
)

// Printer writes the text of a report and keeps the first write error, so a
// writer reads as a list of lines and still reports a failed write. It
// follows the output policy of the stream it writes to: where the stream
// escapes (a terminal), each argument of Printf and Println is escaped as
// one line ([LineFor]: a file named with a newline cannot fake a line of
// output) unless it is a [Block], and the stream escapes everything else;
// where it does not (a pipe, a file), the arguments are written as they
// are. The keys of the stream are masked in each argument too, before it
// is laid out: the stream masks them anyway, but a table measured with the
// key would be misaligned by its mask.
type Printer struct {
	w       io.Writer
	escapes bool
	err     error
}

// NewPrinter returns the text writer of a report over w.
func NewPrinter(w io.Writer) *Printer { return &Printer{w: w, escapes: Escapes(w)} }

// Block is an argument of Printf or Println that may hold several lines (a
// response text, a diff, a source line): newlines and tabs are kept, every
// other control is escaped where the stream escapes.
type Block string

// Escapes reports whether the stream escapes (see [Escapes]).
func (t *Printer) Escapes() bool { return t.escapes }

// Err is the first write error, nil when every write went through.
func (t *Printer) Err() error { return t.err }

// args escapes every text argument in place, where the stream escapes; a
// Block is left to the stream.
func (t *Printer) args(args []any) []any {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = t.Line(v)
		case Block:
			args[i] = TextFor(t.w, string(v))
		case error:
			args[i] = t.Line(v.Error())
		case fmt.Stringer:
			args[i] = t.Line(v.String())
		}
	}
	return args
}

// Line is s, keys masked, escaped as one line where the stream escapes.
func (t *Printer) Line(s string) string { return LineFor(t.w, s) }

// Printf is fmt.Fprintf over the stream, its arguments made visible.
func (t *Printer) Printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, t.args(args)...)
	}
}

// Println is fmt.Fprintln over the stream, its arguments made visible.
func (t *Printer) Println(args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintln(t.w, t.args(args)...)
	}
}

// Paint writes s in the style st where the stream colours ([Paint]), as
// Printf writes an argument: keys masked, escaped as one line where the
// stream escapes; the style's own sequences are added after, so they are
// never escaped.
func (t *Printer) Paint(st Style, s string) {
	if t.err == nil {
		t.err = Paint(t.w, st, t.Line(s))
	}
}

// PaintBlock is Paint for a text of several lines, left to the stream to
// escape (as a [Block] is).
func (t *Printer) PaintBlock(st Style, s string) {
	if t.err == nil {
		t.err = Paint(t.w, st, TextFor(t.w, s))
	}
}

// Write implements io.Writer, for a tabwriter over the report: the bytes
// go to the stream as they are (escaped there where it escapes), so the
// cells given to the tabwriter must be escaped as lines first ([Printer.Line]).
func (t *Printer) Write(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	var n int
	n, t.err = t.w.Write(p)
	return n, t.err
}
