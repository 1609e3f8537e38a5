package conversation

import (
	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Message is one message of a conversation, as dryfire's Message model
// holds it.
type Message struct {
	Role        string // user, assistant or tool
	Content     jsonv.Value
	ToolCalls   []cassette.ToolCall
	ToolResults []ToolResult
	// Raw is the provider's payload an assistant message echoes (an
	// object or null); it is never hashed.
	Raw jsonv.Value
}

// Value returns the message as dryfire dumps it: role, content,
// tool_calls, tool_results and raw.
func (m Message) Value() jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "role", Value: jsonv.StringValue(m.Role)},
		{Key: "content", Value: m.Content},
		{Key: "tool_calls", Value: toolCallValues(m.ToolCalls)},
		{Key: "tool_results", Value: toolResultValues(m.ToolResults)},
		{Key: "raw", Value: m.Raw},
	}}
}

// hashValue is the message as the caching layer hashes it: raw, the last
// member of Value, left out.
func (m Message) hashValue() jsonv.Value {
	v := m.Value()
	v.Members = v.Members[:len(v.Members)-1]
	return v
}

// ToolResult is what a mock gives back for one tool call, as dryfire's
// ToolResult dumps it into the next request.
type ToolResult struct {
	CallID  string
	Content jsonv.Value // a string, an object or null
	IsError bool
}

// Value returns the result as the {call_id, content, is_error} object that
// goes into a tool message.
func (r ToolResult) Value() jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "call_id", Value: jsonv.StringValue(r.CallID)},
		{Key: "content", Value: r.Content},
		{Key: "is_error", Value: jsonv.BoolValue(r.IsError)},
	}}
}

// Request is one model call, provider-neutral: what a provider adapter
// sends and what the caching layer hashes.
type Request struct {
	// Provider is the gateway's name, hashed as "provider": the case's
	// resolved provider.
	Provider    string
	Model       string
	System      jsonv.Value // a string or null
	Messages    []Message
	Tools       []suite.Tool
	Temperature float64
}

// HashArgs returns the dict dryfire's caching layer fingerprints for the
// request: provider, model, system, the messages in hash form, the tools
// as {name, description, input_schema} objects, and the params.
func (r Request) HashArgs() jsonv.Value {
	msgs := make([]jsonv.Value, len(r.Messages))
	for i, m := range r.Messages {
		msgs[i] = m.hashValue()
	}
	return hashArgs(r.Provider, r.Model, r.System, msgs, hashTools(r.Tools), r.Temperature)
}

// hashArgs builds the dict of [Request.HashArgs] from its parts: messages
// in hash form, tools as [hashTools] writes them.
func hashArgs(provider, model string, system jsonv.Value, messages []jsonv.Value, tools jsonv.Value, temperature float64) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "provider", Value: jsonv.StringValue(provider)},
		{Key: "model", Value: jsonv.StringValue(model)},
		{Key: "system", Value: system},
		{Key: "messages", Value: jsonv.Value{Kind: jsonv.Array, Items: messages}},
		{Key: "tools", Value: tools},
		{Key: "params", Value: jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "temperature", Value: jsonv.FloatValue(temperature)},
			{Key: "top_p", Value: jsonv.NullValue()},
			{Key: "max_tokens", Value: jsonv.NullValue()},
			{Key: "stop_sequences", Value: jsonv.ArrayValue()},
		}}},
	}}
}

func hashTools(tools []suite.Tool) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(tools))}
	for _, t := range tools {
		out.Items = append(out.Items, jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "name", Value: jsonv.StringValue(t.Name)},
			{Key: "description", Value: t.Description},
			{Key: "input_schema", Value: t.InputSchema},
		}})
	}
	return out
}

func toolCallValues(calls []cassette.ToolCall) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(calls))}
	for _, c := range calls {
		out.Items = append(out.Items, jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "id", Value: jsonv.StringValue(c.ID)},
			{Key: "name", Value: jsonv.StringValue(c.Name)},
			{Key: "arguments", Value: c.Arguments},
			{Key: "malformed_arguments", Value: c.MalformedArguments},
		}})
	}
	return out
}

func toolResultValues(rs []ToolResult) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(rs))}
	for _, r := range rs {
		out.Items = append(out.Items, r.Value())
	}
	return out
}
