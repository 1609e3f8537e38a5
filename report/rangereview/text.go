package rangereview

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// text writes the text of a range review and keeps the first write error,
// as every report's text writer does: it follows the output policy of the
// stream it writes to (package visible), each string argument escaped as
// one line where the stream escapes (a file named with a newline cannot
// fake a line of output), written as it is where it does not.
type text struct {
	w   io.Writer
	err error
}

func (t *text) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, t.lines(args)...)
	}
}

func (t *text) println(args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintln(t.w, t.lines(args)...)
	}
}

// lines escapes every string argument in place, each as one line, with
// the stream's keys masked.
func (t *text) lines(args []any) []any {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = visible.LineFor(t.w, s)
		}
	}
	return args
}
