package conversation

import (
	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Message is one message of a conversation, as dryfire's Message model
// holds it.
type Message struct {
	Role    string // user, assistant or tool
	Content jsonv.Value
	// ContentPy is set on a message of a list input whose content is a
	// list of blocks: the content as the Python objects dryfire loaded
	// show it (its repr for -v, pydantic's JSON mode for the run
	// document).
	ContentPy   *suite.PyViews
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

// DocValue is the message as dryfire's run document holds it (pydantic's
// JSON mode): [Message.Value] with the values a suite wrote (the content
// of a list input's message, the arguments of its tool calls and of a
// scripted model's, every tool result's content) as the JSON mode writes
// the Python objects, or the text of the exception it raises on one.
func (m Message) DocValue() (jsonv.Value, string) {
	v := m.Value()
	if m.ContentPy != nil {
		if m.ContentPy.DocErr != "" {
			return jsonv.Value{}, m.ContentPy.DocErr
		}
		v.Members[1].Value = m.ContentPy.Doc
	}
	if loaded(m.ToolCalls) {
		calls, err := ToolCallsDoc(m.ToolCalls)
		if err != "" {
			return jsonv.Value{}, err
		}
		v.Members[2].Value = calls
	}
	if len(m.ToolResults) == 0 {
		return v, ""
	}
	results, err := ToolResultsDoc(m.ToolResults)
	if err != "" {
		return jsonv.Value{}, err
	}
	v.Members[3].Value = results
	return v, ""
}

// loaded reports whether a suite wrote one of the calls (see
// [cassette.ToolCall.Py]).
func loaded(calls []cassette.ToolCall) bool {
	for _, c := range calls {
		if c.Py != nil {
			return true
		}
	}
	return false
}

// ToolCallsDoc is a list of tool calls as dryfire's run document holds
// it: each call's id, name, arguments (as pydantic's JSON mode writes the
// Python objects a suite's call holds) and malformed arguments, or the
// text of the exception the JSON mode raises.
func ToolCallsDoc(calls []cassette.ToolCall) (jsonv.Value, string) {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(calls))}
	for _, c := range calls {
		if c.Py != nil {
			if c.Py.DocErr != "" {
				return jsonv.Value{}, c.Py.DocErr
			}
			c.Arguments = c.Py.Doc
		}
		out.Items = append(out.Items, toolCallValue(c))
	}
	return out, ""
}

// ToolResultsDoc is a list of tool results as dryfire's run document
// holds it (see [Message.DocValue]).
func ToolResultsDoc(rs []ToolResult) (jsonv.Value, string) {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(rs))}
	for _, r := range rs {
		x, err := r.docValue()
		if err != "" {
			return jsonv.Value{}, err
		}
		out.Items = append(out.Items, x)
	}
	return out, ""
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
	// Py is the content as the Python object a mock's YAML value loads
	// as shows it on each of dryfire's surfaces (its repr, json.dumps,
	// pydantic's JSON mode); nil when the content is plain JSON (a
	// cassette's, a passthrough's).
	Py *suite.PyViews
}

// Repr is repr() of the content, as dryfire's -v prints it, or the repr()
// of the exception repr() raises on the Python objects of a mock's value
// (an integer of more than 4,300 digits) with the text "".
func (r ToolResult) Repr() (text, raised string) {
	if r.Py != nil {
		if r.Py.ReprErr != "" {
			return "", r.Py.ReprErr
		}
		return r.Py.Repr, ""
	}
	return jsonv.PyReprValue(r.Content), ""
}

// WireContent is the content as dryfire's json.dumps writes it to a
// provider (keys True and None as "true" and "null"), or the repr() of
// the exception json.dumps raises on it.
func (r ToolResult) WireContent() (jsonv.Value, string) {
	if r.Py != nil {
		return r.Py.Dumps, r.Py.DumpsErr
	}
	return r.Content, ""
}

// docValue is the result as pydantic's JSON mode writes it in the run
// document, or the text of the exception it raises.
func (r ToolResult) docValue() (jsonv.Value, string) {
	content := r.Content
	if r.Py != nil {
		if r.Py.DocErr != "" {
			return jsonv.Value{}, r.Py.DocErr
		}
		content = r.Py.Doc
	}
	r.Content = content
	return r.Value(), ""
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

// DigestArgs is [Request.HashArgs] as dryfire's cassette store writes it
// in a recording's request digest, and the repr() of the exception the
// store's json.dumps raises on it ("" for none), the first met in its
// order (a message's content, its tool calls, its tool results): the dict
// pydantic dumped, before the hash's normalisation turns its keys into
// strings, so the values a suite wrote (a list input's blocks and tool
// calls, every tool result) have a key True as "true" there, and keys
// that are numbers in the numbers' order.
func (r Request) DigestArgs() (jsonv.Value, string) {
	args := r.HashArgs()
	failure := ""
	stored := func(py *suite.PyViews, at *jsonv.Value) {
		if py == nil {
			return
		}
		if failure == "" {
			failure = py.StoreErr
		}
		*at = py.Dumps
		if py.Stored != nil {
			*at = *py.Stored
		}
	}
	for i, m := range r.Messages {
		msg := args.Members[3].Value.Items[i]
		if m.Content.Kind == jsonv.Array {
			stored(m.ContentPy, &msg.Members[1].Value)
		}
		for j, c := range m.ToolCalls {
			stored(c.Py, &msg.Members[2].Value.Items[j].Members[2].Value)
		}
		for j, tr := range m.ToolResults {
			stored(tr.Py, &msg.Members[3].Value.Items[j].Members[1].Value)
		}
	}
	return args, failure
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
		out.Items = append(out.Items, toolCallValue(c))
	}
	return out
}

func toolCallValue(c cassette.ToolCall) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "id", Value: jsonv.StringValue(c.ID)},
		{Key: "name", Value: jsonv.StringValue(c.Name)},
		{Key: "arguments", Value: c.Arguments},
		{Key: "malformed_arguments", Value: c.MalformedArguments},
	}}
}

func toolResultValues(rs []ToolResult) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(rs))}
	for _, r := range rs {
		out.Items = append(out.Items, r.Value())
	}
	return out
}

// ArgumentsDumps is json.dumps of a tool call's arguments, as dryfire
// prints them (-v, assertion messages, an unmocked call's error), or the
// repr() of the exception json.dumps raises on the Python objects of a
// call a suite wrote (a date in them, say) with the text "".
func ArgumentsDumps(c cassette.ToolCall) (text, raised string) {
	if c.Py == nil {
		return jsonv.PyJSONDumps(c.Arguments), ""
	}
	if c.Py.DumpsErr != "" {
		return "", c.Py.DumpsErr
	}
	return jsonv.PyJSONDumps(c.Py.Dumps), ""
}
