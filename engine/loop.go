package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// terminations maps a non-tool_use stop reason to dryfire's termination.
var terminations = map[string]string{
	"end_turn":      "end_turn",
	"max_tokens":    "max_tokens",
	"refusal":       "refusal",
	"stop_sequence": "end_turn",
	"error":         "provider_error",
}

// rep is the state of one case repetition while it runs.
type rep struct {
	p     *plan
	index int
	gw    Gateway
	res   *CaseResult
	// calls counts the gateway's calls that were keyed: the turn number
	// of the next cassette.
	calls int
	// keyed is set when the calls are hashed: not for a scripted case, nor
	// through a gateway that reads and writes no cassette.
	keyed bool
}

// loop is dryfire's run_case: turn after turn, the request goes through
// the gateway, tool calls are answered by the mocks, until the model
// stops, max_turns is reached or a call fails. It returns nil when the
// case ends without a trace (an exception in dryfire, or a passthrough
// mock that cannot run here), with the reason in the result.
func (e *runner) loop(ctx context.Context, x *rep) *Trace {
	c, r, res := x.p.c, x.p.r, x.res
	t := &Trace{Suite: c.Suite.Name, Case: c.Name, Termination: "end_turn", spec: c}
	// The messages, turns and visits grow in a worker's slabs; the calls
	// and turns share prefixes of msgs, which is never written again.
	sl := slabPool.Get().(*slabs)
	room := max(min(r.MaxTurns, roomTurns), 1)
	msgs, err := conversation.AppendInitialMessages(sl.msgs.open(len(c.Input.Items)+2*(room-1)), c.Input, c.InputViews)
	t.Turns, res.Visits = sl.turns.open(room), sl.visits.open(room)
	defer func() {
		sl.msgs.close(msgs)
		t.Turns, res.Visits = sl.turns.close(t.Turns), sl.visits.close(res.Visits)
		slabPool.Put(sl)
	}()
	if err == nil && c.InputCrash != "" {
		err = errors.New(c.InputCrash)
	}
	if err != nil {
		res.fail(err.Error())
		return nil
	}
	resolver := NewResolver(suite.MergeMocks(c.Suite.Mocks, c.Mocks))
	var k *conversation.Keyer
	var keyErr error
	// What dryfire's hashing fails on first, in the order its canonical
	// encoder meets it (keys sorted): the messages (the input, then the
	// mock results as they come), the params, the tools.
	messagesBad, paramsBad := "", ""
	if x.keyed {
		messagesBad = c.InputUnserialisable
		if math.IsNaN(r.Temperature) || math.IsInf(r.Temperature, 0) {
			paramsBad = "ValueError('Out of range float values are not JSON compliant')"
		}
		k, keyErr = e.keys.Keyer(c.Suite, r.Provider, r.Model, r.Temperature)
		defer k.Release()
		for i := range msgs {
			if keyErr == nil {
				keyErr = k.Add(&msgs[i])
			}
		}
	}
	// One call serves every turn (see [Gateway]).
	call := &Call{Suite: c.Suite.Name, Case: c.Name, RepeatIndex: x.index, NeedRaw: e.opts.KeepRaw,
		Request: conversation.Request{Provider: r.Provider, Model: r.Model, System: c.Suite.System, Tools: c.Suite.Tools, Temperature: r.Temperature}}
	for turn := 0; ; turn++ {
		if turn >= r.MaxTurns {
			t.Termination = "max_turns_exceeded"
			break
		}
		call.Request.Messages = msgs[:len(msgs):len(msgs)]
		if x.keyed {
			bad := firstNonEmpty(messagesBad, paramsBad, c.Suite.Unserialised)
			if bad == "" && keyErr != nil {
				bad = cassette.PyHashError(call.Request.HashArgs())
			}
			switch {
			case bad != "":
				t.providerError(bad)
				res.providerError(bad)
			case keyErr != nil:
				t.providerError(pyRepr(keyErr))
				res.providerError(keyErr.Error())
			}
			if t.HasError {
				break
			}
			call.Key = cassette.StorageKey(k.Fingerprint(), x.index)
			call.Turn = x.calls
			x.calls++
		}
		reply, err := x.gw.Complete(ctx, call)
		if x.keyed {
			e.visit(x, call, reply, err)
		}
		if err != nil {
			t.providerError(pyRepr(err))
			break
		}
		resp := reply.Response
		t.Usage = addUsage(t.Usage, resp.Usage)
		rec := Turn{Index: turn, Response: resp, CacheHit: reply.CacheHit}
		if resp.StopReason != "tool_use" {
			t.Turns = append(t.Turns, rec)
			t.Termination = terminations[resp.StopReason]
			if t.Termination == "" {
				t.Termination = "end_turn"
			}
			break
		}
		results, stop, ok := e.toolResults(ctx, x, resolver, resp, turn, t, &messagesBad)
		if !ok {
			return nil
		}
		rec.ToolResults = results
		t.Turns = append(t.Turns, rec)
		if stop {
			break
		}
		n := len(msgs)
		msgs = appendAnswered(msgs, resp, results)
		if x.keyed && keyErr == nil {
			keyErr = k.Add(&msgs[n], &msgs[n+1])
		}
	}
	if n := len(t.Turns); n > 0 && t.Turns[n-1].Response.Text.Kind == jsonv.String {
		t.FinalText, t.HasFinal = t.Turns[n-1].Response.Text.Text, true
	}
	return t
}

// toolResults answers the tool calls of a tool_use response. stop ends
// the loop (an unmocked call with on_unmocked: error); ok false means the
// case ended without a trace.
func (e *runner) toolResults(ctx context.Context, x *rep, resolver *Resolver, resp *cassette.Response, turn int, t *Trace, unhashable *string) (results []conversation.ToolResult, stop, ok bool) {
	res, r := x.res, x.p.r
	results = make([]conversation.ToolResult, 0, len(resp.ToolCalls))
	for _, call := range resp.ToolCalls {
		out := resolver.Resolve(call)
		switch out.Kind {
		case OutcomePassthrough:
			if e.invoker == nil {
				res.Outcome, res.NeedsPython = OutcomeSkipped, true
				res.Message = fmt.Sprintf("tool %q is mocked by impl %q, which runs Python: replay cannot go past turn %d offline", call.Name, out.Impl, turn)
				return nil, false, false
			}
			tr, err := e.invoker.Invoke(ctx, out.Impl, call)
			if err != nil {
				res.fail(err.Error())
				return nil, false, false
			}
			out.Result, out.Unserialisable = tr.Result, pyExceptionRepr(tr.Unserialisable)
		case OutcomeCrash:
			res.fail(out.Err)
			return nil, false, false
		case OutcomeUnmocked:
			if r.OnUnmocked == "error" {
				args, raised := conversation.ArgumentsDumps(call)
				if raised != "" {
					// json.dumps raises out of dryfire's run_case.
					res.fail(raised)
					return nil, false, false
				}
				t.Termination = "unmocked_tool"
				t.Error, t.HasError = fmt.Sprintf("unmocked tool %s called with %s (on_unmocked=error)", jsonv.PyRepr(call.Name), args), true
				res.Message = t.Error
				return results, true, true
			}
			out.Result = conversation.ToolResult{CallID: call.ID, Content: jsonv.StringValue("")}
		case OutcomeResult:
		}
		if out.Unserialisable != "" && *unhashable == "" {
			*unhashable = out.Unserialisable
		}
		results = append(results, out.Result)
	}
	return results, false, true
}

// visit records a keyed call in the result: what was looked up, and
// whether it hit.
func (e *runner) visit(x *rep, call *Call, reply Reply, err error) {
	res := x.res
	v := Visit{Turn: call.Turn, Key: call.Key, File: reply.File, Judge: call.Judge}
	if err != nil || e.opts.KeepRequests {
		req, _ := cassette.HashableRequest(call.Request.HashArgs())
		v.request = &req
	}
	v.Hit = err == nil
	res.Visits = append(res.Visits, v)
	if err == nil {
		return
	}
	switch {
	case errors.Is(err, ErrCassetteMiss):
		if res.Outcome == OutcomeHit {
			res.Outcome = OutcomeMiss
			res.Message = err.Error()
		}
		if !call.Judge {
			res.Termination = "provider_error"
		}
	case !call.Judge:
		res.providerError(err.Error())
	}
}

func (t *Trace) providerError(repr string) {
	t.Termination = "provider_error"
	t.Error, t.HasError = "provider error: "+repr, true
}

// pyExceptionRepr is the repr of the exception json.dumps raised with
// message msg ("" for none): a TypeError for a type it cannot write, a
// ValueError otherwise.
func pyExceptionRepr(msg string) string {
	switch {
	case msg == "":
		return ""
	case strings.HasPrefix(msg, "Object of type "):
		return "TypeError(" + jsonv.PyRepr(msg) + ")"
	}
	return "ValueError(" + jsonv.PyRepr(msg) + ")"
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
