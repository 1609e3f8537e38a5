package provider

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Request is one model call, provider-neutral: dryfire's CompletionRequest.
// Each adapter translates it into its wire payload.
type Request struct {
	Model string
	// System is the system prompt. Empty means none: dryfire sends no system
	// prompt when it is null or "".
	System   string
	Messages []Message
	Tools    []Tool
	Params   Params
}

// Message is one turn of the conversation, dryfire's Message.
type Message struct {
	// Role is "user", "assistant" or "tool".
	Role string
	// Content is a string, a list of content blocks (objects) or null.
	Content     jsonv.Value
	ToolCalls   []cassette.ToolCall
	ToolResults []ToolResult
	// Raw is the provider payload of an assistant turn ([cassette.Response].Raw
	// of the response that made it), or null. Anthropic and Gemini echo an
	// assistant turn from it verbatim: Anthropic checks the tool-use ids it
	// issued, Gemini the thought signatures. It is never part of a
	// fingerprint.
	Raw jsonv.Value
}

// ToolResult is what a tool call returned, dryfire's ToolResult.
type ToolResult struct {
	CallID string
	// Content is a string, an object or null (a null tool result).
	Content jsonv.Value
	IsError bool
}

// Tool is a tool offered to the model.
type Tool struct {
	Name string
	// Description may be empty; the wire carries "" for a missing one.
	Description string
	// InputSchema is the JSON Schema, an object in the order it was written.
	InputSchema jsonv.Value
}

// Params are the generation parameters; nil and empty mean unset.
type Params struct {
	Temperature   *float64
	TopP          *float64
	MaxTokens     *int64
	StopSequences []string
}

// AssistantMessage returns the assistant turn dryfire's loop appends after
// a response: its text, its tool calls and its raw payload.
func AssistantMessage(r cassette.Response) Message {
	return Message{Role: "assistant", Content: r.Text, ToolCalls: r.ToolCalls, Raw: r.Raw}
}

// ToolMessage returns the message that carries a turn's tool results.
func ToolMessage(results []ToolResult) Message {
	return Message{Role: "tool", ToolResults: results}
}

// FromHashArgs reads a request from the dict dryfire's caching layer
// fingerprints (model, system, messages with role, content, tool_calls and
// tool_results, tools, params), which is also the shape of a cassette's
// request_digest. A message may carry a "raw" member, which hash args
// never do. Every problem names its field path.
func FromHashArgs(v jsonv.Value) (*Request, error) {
	if v.Kind != jsonv.Object {
		return nil, fmt.Errorf("request: should be an object, not %s", v.Kind)
	}
	var r Request
	var p parser
	r.Model = p.str(v.Field("model"), "model")
	if s := v.Field("system"); s.Kind != jsonv.Null {
		r.System = p.str(s, "system")
	}
	for i, m := range p.list(v.Field("messages"), "messages") {
		r.Messages = append(r.Messages, p.message(m, "messages."+strconv.Itoa(i)))
	}
	for i, t := range p.list(v.Field("tools"), "tools") {
		at := "tools." + strconv.Itoa(i)
		tool := Tool{Name: p.str(t.Field("name"), at+".name"), InputSchema: t.Field("input_schema")}
		if d := t.Field("description"); d.Kind != jsonv.Null {
			tool.Description = p.str(d, at+".description")
		}
		r.Tools = append(r.Tools, tool)
	}
	r.Params = p.params(v.Field("params"))
	if err := errors.Join(p.errs...); err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	return &r, nil
}

type parser struct{ errs []error }

func (p *parser) fail(at, what string) {
	p.errs = append(p.errs, fmt.Errorf("%s: should be %s", at, what))
}

func (p *parser) str(v jsonv.Value, at string) string {
	if v.Kind != jsonv.String {
		p.fail(at, "a string")
	}
	return v.Text
}

func (p *parser) list(v jsonv.Value, at string) []jsonv.Value {
	if v.Kind != jsonv.Array && v.Kind != jsonv.Null {
		p.fail(at, "a list")
	}
	return v.Items
}

func (p *parser) message(m jsonv.Value, at string) Message {
	msg := Message{
		Role:    p.str(m.Field("role"), at+".role"),
		Content: m.Field("content"),
		Raw:     m.Field("raw"),
	}
	if msg.Raw.Kind != jsonv.Null && msg.Raw.Kind != jsonv.Object {
		p.fail(at+".raw", "an object or null")
	}
	for i, c := range p.list(m.Field("tool_calls"), at+".tool_calls") {
		cat := at + ".tool_calls." + strconv.Itoa(i)
		msg.ToolCalls = append(msg.ToolCalls, cassette.ToolCall{
			ID:                 p.str(c.Field("id"), cat+".id"),
			Name:               p.str(c.Field("name"), cat+".name"),
			Arguments:          c.Field("arguments"),
			MalformedArguments: c.Field("malformed_arguments"),
		})
	}
	for i, x := range p.list(m.Field("tool_results"), at+".tool_results") {
		rat := at + ".tool_results." + strconv.Itoa(i)
		res := ToolResult{CallID: p.str(x.Field("call_id"), rat+".call_id"), Content: x.Field("content")}
		if b, ok := x.Get("is_error"); ok {
			var err error
			if res.IsError, err = jsonv.LaxBool(b); err != nil {
				p.fail(rat+".is_error", "a boolean")
			}
		}
		msg.ToolResults = append(msg.ToolResults, res)
	}
	return msg
}

func (p *parser) params(v jsonv.Value) Params {
	var out Params
	float := func(key string) *float64 {
		x := v.Field(key)
		if x.Kind == jsonv.Null {
			return nil
		}
		f, ok := x.Float()
		if !ok {
			p.fail("params."+key, "a number")
		}
		return &f
	}
	out.Temperature = float("temperature")
	out.TopP = float("top_p")
	if x := v.Field("max_tokens"); x.Kind != jsonv.Null {
		n, err := jsonv.LaxInt(x)
		if err != nil {
			p.fail("params.max_tokens", "an integer")
		}
		out.MaxTokens = &n
	}
	for i, s := range p.list(v.Field("stop_sequences"), "params.stop_sequences") {
		out.StopSequences = append(out.StopSequences, p.str(s, "params.stop_sequences."+strconv.Itoa(i)))
	}
	return out
}
