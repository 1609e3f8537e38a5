package runreport

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// writeTrace writes dryfire run -v's dump of a case: "suite::case  [FAIL]",
// its error, then every turn with the messages sent, the response, the
// tool calls and their results, and the termination. It writes line by
// line, a long line a piece at a time, so that a large answer is never
// copied whole. It fails where dryfire's does, before writing any of the
// case (dryfire builds a case's dump whole, then prints it): on a value
// the suite wrote that json.dumps or repr() cannot write.
func writeTrace(w io.Writer, c *engine.CaseRun, m Mask) error {
	if err := traceFailure(c); err != nil {
		return err
	}
	tw := &errWriter{w: w}
	status := "FAIL"
	if c.Passed {
		status = "PASS"
	}
	tw.line(m.text(c.Suite) + "::" + m.text(c.Case) + "  [" + status + "]")
	if c.Rep.CaseError != "" {
		tw.line("  error: " + m.text(c.Rep.CaseError))
	}
	t := c.Rep.Trace
	if t == nil {
		return tw.err
	}
	requests := t.Requests()
	for i, turn := range t.Turns {
		tw.line(fmt.Sprintf("── turn %d ──", turn.Index))
		for _, msg := range requests[i] {
			tw.line("  [" + m.text(msg.Role) + "] " + contentRepr(msg, m))
		}
		if text := m.value(turn.Response.Text); text.Kind == jsonv.String && text.Text != "" {
			tw.line("  response: " + text.Text)
		}
		for _, call := range turn.Response.ToolCalls {
			args := call.Arguments
			if call.Py != nil {
				args = call.Py.Dumps
			}
			tw.line("  → " + m.text(call.Name) + "(" + jsonv.PyJSONDumps(m.value(args)) + ")")
		}
		for _, r := range turn.ToolResults {
			flag := ""
			if r.IsError {
				flag = " [error]"
			}
			repr, _ := r.Repr()
			tw.line("  ← tool_result" + flag + ": " + m.text(repr))
		}
	}
	tw.line("termination: " + m.text(t.Termination))
	return tw.err
}

// line writes s and a newline, s in pieces of at most lineChunk bytes so
// that what the stream it goes through copies stays small (a stream
// joins a character, a key or a workflow command that two writes cut).
func (e *errWriter) line(s string) {
	for len(s) > lineChunk {
		e.str(s[:lineChunk])
		s = s[lineChunk:]
	}
	e.str(s + "\n")
}

// lineChunk is the longest piece of a line [errWriter.line] writes at once.
const lineChunk = 64 << 10

// traceFailure is where dryfire's dump of the case raises, or nil.
func traceFailure(c *engine.CaseRun) error {
	t := c.Rep.Trace
	if t == nil {
		return nil
	}
	id := c.Suite + "::" + c.Case
	requests := t.Requests()
	for i, turn := range t.Turns {
		for _, msg := range requests[i] {
			if msg.ContentPy != nil && msg.ContentPy.ReprErr != "" {
				return &TraceError{Case: id, What: "the content of a message", Call: "repr()", Raised: msg.ContentPy.ReprErr}
			}
		}
		for _, call := range turn.Response.ToolCalls {
			if call.Py != nil && call.Py.DumpsErr != "" {
				return &TraceError{Case: id, What: "the arguments of its call to " + call.Name, Call: "json.dumps", Raised: call.Py.DumpsErr}
			}
		}
		for _, r := range turn.ToolResults {
			if _, raised := r.Repr(); raised != "" {
				return &TraceError{Case: id, What: "a tool result", Call: "repr()", Raised: raised}
			}
		}
	}
	return nil
}

// contentRepr is repr() of a message's content: the Python objects a
// suite wrote, or the JSON value's.
func contentRepr(msg conversation.Message, m Mask) string {
	if msg.ContentPy != nil {
		return m.text(msg.ContentPy.Repr)
	}
	return jsonv.PyReprValue(m.value(msg.Content))
}

// A TraceError is where dryfire's dump of a case's turns (run -v, trace)
// stops: json.dumps raises on the arguments of a tool call the suite
// wrote (a date in them, say), or repr() on a value it wrote (an integer
// of more than 4,300 digits). dryfire's report ends there with an
// internal error, and it writes neither the run document nor JUnit.
type TraceError struct {
	Case   string // suite::case
	What   string // "the arguments of its call to lookup", "a tool result"
	Call   string // "json.dumps" or "repr()"
	Raised string // the repr() of the exception
}

func (e *TraceError) Error() string {
	return fmt.Sprintf("cannot print the turns of %s: %s raises %s on %s, where dryfire stops its report with an internal error",
		visible.Line(e.Case), e.Call, e.Raised, visible.Line(e.What))
}
