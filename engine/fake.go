package engine

import (
	"context"
	"strconv"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// FakeGateway answers a provider: fake case from its script, as dryfire's
// FakeGateway does: one step per call (text, a tool call, parallel tool
// calls, or a failure), tool-call ids fake_call_0, fake_call_1, … counted
// across the whole script, and ScriptExhausted when the loop asks for more.
// One FakeGateway serves every repetition of its case and the case's
// judges, so a second repetition continues where the first stopped.
type FakeGateway struct {
	steps []jsonv.Value
	// args are the loaded arguments of each step's calls (see
	// [suite.Case.ScriptArgs]).
	args [][]*suite.PyViews
	mu   sync.Mutex
	made int
	ids  int
}

// NewFakeGateway returns the gateway of a case's script (a list of
// steps), whose calls carry the views of their loaded arguments (the
// case's ScriptArgs; nil for none).
func NewFakeGateway(script jsonv.Value, args [][]*suite.PyViews) *FakeGateway {
	return &FakeGateway{steps: script.Items, args: args}
}

// Complete plays the next step.
func (g *FakeGateway) Complete(_ context.Context, _ *Call) (Reply, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.made >= len(g.steps) {
		return Reply{}, &PyError{"ScriptExhausted", "FakeGateway script exhausted after " + strconv.Itoa(g.made) +
			" call(s); the loop requested another completion"}
	}
	step := g.steps[g.made]
	var args []*suite.PyViews
	if g.made < len(g.args) {
		args = g.args[g.made]
	}
	g.made++
	resp := cassette.Response{Text: jsonv.NullValue(), StopReason: "end_turn", Raw: jsonv.ObjectValue()}
	switch {
	case step.Has("text"):
		resp.Text = jsonv.StringValue(step.Field("text").Str())
	case step.Field("tool_call").Kind == jsonv.Object:
		g.call(&resp, step.Field("tool_call"), viewAt(args, 0))
	case step.Field("parallel").Kind == jsonv.Array:
		for i, c := range step.Field("parallel").Items {
			g.call(&resp, c, viewAt(args, i))
		}
	default:
		msg := step.Field("fails").Str()
		if msg == "" {
			msg = "simulated provider failure"
		}
		return Reply{}, &PyError{"FakeProviderError", msg}
	}
	if len(resp.ToolCalls) > 0 {
		resp.StopReason = "tool_use"
	}
	return Reply{Response: &resp}, nil
}

func (g *FakeGateway) call(resp *cassette.Response, c jsonv.Value, py *suite.PyViews) {
	args := c.Field("arguments")
	if args.Kind != jsonv.Object {
		args, py = jsonv.ObjectValue(), nil
	}
	resp.ToolCalls = append(resp.ToolCalls, cassette.ToolCall{
		ID: "fake_call_" + strconv.Itoa(g.ids), Name: c.Field("name").Str(),
		Arguments: args, MalformedArguments: jsonv.NullValue(), Py: py})
	g.ids++
}

func viewAt(vs []*suite.PyViews, i int) *suite.PyViews {
	if i < len(vs) {
		return vs[i]
	}
	return nil
}
