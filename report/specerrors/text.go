package specerrors

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// text writes the lines of spec errors and keeps the first write error,
// as every report's text writer does. It follows the output policy of the
// stream it writes to (package visible): where the stream escapes (a
// terminal), each string argument of printf is escaped as one line
// (visible.Line) unless it is a [block], and the stream escapes everything
// else; where it does not (a pipe, a file), the arguments are written as
// they are.
type text struct {
	w io.Writer
	// escape says that the stream escapes: arguments are escaped as lines.
	escape bool
	err    error
}

// newText returns the text writer of spec errors over w.
func newText(w io.Writer) *text { return &text{w: w, escape: visible.Escapes(w)} }

// block is an argument of printf that may hold several lines (a source
// line, the text of an exception): newlines and tabs are kept, every
// other control is escaped where the stream escapes.
type block string

func (t *text) printf(format string, args ...any) {
	if t.err != nil {
		return
	}
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = visible.LineFor(t.w, v)
		case block:
			args[i] = visible.TextFor(t.w, string(v))
		}
	}
	_, t.err = fmt.Fprintf(t.w, format, args...)
}
