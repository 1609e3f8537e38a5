package conversation

import (
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pydantic"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// AppendInitialMessages appends the first request's messages of a case
// input to out: a string is one user message; a list is one message per
// element, validated as dryfire's Message model does when the case starts
// (unknown keys dropped), with the views of its loaded values (the case's
// InputViews; nil for none). On an error it returns nil and the text of
// pydantic's ValidationError.
func AppendInitialMessages(out []Message, input jsonv.Value, views []casemodel.MessageViews) ([]Message, error) {
	if input.Kind == jsonv.String {
		return append(out, Message{Role: "user", Content: input}), nil
	}
	if input.Kind != jsonv.Array {
		return nil, caseError("input must be a string or a list, not " + input.Kind.String())
	}
	for i, entry := range input.Items {
		m, errs := inputMessage(entry)
		if len(errs) > 0 {
			return nil, caseError(pydantic.ValidationError("Message", errs))
		}
		if i < len(views) {
			withViews(&m, views[i])
		}
		out = append(out, m)
	}
	return out, nil
}

// withViews gives a message of a list input the loaded values its suite
// wrote, as dryfire prints and reports them.
func withViews(m *Message, v casemodel.MessageViews) {
	if m.Content.Kind == jsonv.Array {
		m.ContentPy = v.Content
	}
	if len(v.Arguments) == len(m.ToolCalls) {
		for j := range m.ToolCalls {
			m.ToolCalls[j].Py = v.Arguments[j]
		}
	}
	if len(v.Results) == len(m.ToolResults) {
		for j := range m.ToolResults {
			if m.ToolResults[j].Content.Kind == jsonv.Object {
				m.ToolResults[j].Py = v.Results[j]
			}
		}
	}
}

// caseError is an exception that ends a case before it has a trace; its
// text is the repr dryfire reports.
type caseError string

func (e caseError) Error() string { return string(e) }

func inputMessage(entry jsonv.Value) (Message, []pydantic.Error) {
	var m Message
	var errs []pydantic.Error
	if entry.Kind != jsonv.Object {
		// Message(**entry) with a non-mapping never gets here: the suite
		// model requires a list of mappings.
		return m, []pydantic.Error{{Loc: "", Msg: "Input should be a valid dictionary or instance of Message", Type: "model_type", Input: entry}}
	}
	role, ok := entry.Get("role")
	switch {
	case !ok:
		errs = append(errs, pydantic.Missing("role", entry))
	case role.Kind == jsonv.String && (role.Text == "user" || role.Text == "assistant" || role.Text == "tool"):
		m.Role = role.Text
	default:
		errs = append(errs, pydantic.Error{Loc: "role", Msg: "Input should be 'user', 'assistant' or 'tool'", Type: "literal_error", Input: role})
	}
	m.Content = entry.Field("content")
	errs = append(errs, contentErrors(m.Content)...)
	if x, ok := entry.Get("tool_calls"); ok {
		var e []pydantic.Error
		m.ToolCalls, e = inputToolCalls(x)
		errs = append(errs, e...)
	}
	if x, ok := entry.Get("tool_results"); ok {
		var e []pydantic.Error
		m.ToolResults, e = inputToolResults(x)
		errs = append(errs, e...)
	}
	m.Raw = entry.Field("raw")
	if m.Raw.Kind != jsonv.Null && m.Raw.Kind != jsonv.Object {
		errs = append(errs, pydantic.DictType("raw", m.Raw))
	}
	return m, errs
}

// contentErrors checks Message.content (str | list[dict] | None).
func contentErrors(v jsonv.Value) []pydantic.Error {
	switch v.Kind {
	case jsonv.Null, jsonv.String:
		return nil
	case jsonv.Array:
		var bad []pydantic.Error
		for i, it := range v.Items {
			if it.Kind != jsonv.Object {
				bad = append(bad, pydantic.DictType("content.list[dict[str,any]]."+strconv.Itoa(i), it))
			}
		}
		if len(bad) == 0 {
			return nil
		}
		return append([]pydantic.Error{pydantic.StringType("content.str", v)}, bad...)
	default:
		return []pydantic.Error{pydantic.StringType("content.str", v), pydantic.ListType("content.list[dict[str,any]]", v)}
	}
}

func inputToolCalls(x jsonv.Value) ([]cassette.ToolCall, []pydantic.Error) {
	if x.Kind != jsonv.Array {
		return nil, []pydantic.Error{pydantic.ListType("tool_calls", x)}
	}
	var calls []cassette.ToolCall
	var errs []pydantic.Error
	for i, it := range x.Items {
		loc := "tool_calls." + strconv.Itoa(i)
		if it.Kind != jsonv.Object {
			errs = append(errs, pydantic.Error{Loc: loc, Msg: "Input should be a valid dictionary or instance of ToolCall", Type: "model_type", Input: it})
			continue
		}
		var tc cassette.ToolCall
		for _, k := range []string{"id", "name"} {
			v, ok := it.Get(k)
			switch {
			case !ok:
				errs = append(errs, pydantic.Missing(loc+"."+k, it))
			case v.Kind != jsonv.String:
				errs = append(errs, pydantic.StringType(loc+"."+k, v))
			case k == "id":
				tc.ID = v.Text
			default:
				tc.Name = v.Text
			}
		}
		args, ok := it.Get("arguments")
		switch {
		case !ok:
			errs = append(errs, pydantic.Missing(loc+".arguments", it))
		case args.Kind != jsonv.Object:
			errs = append(errs, pydantic.DictType(loc+".arguments", args))
		}
		tc.Arguments = args
		tc.MalformedArguments = it.Field("malformed_arguments")
		if k := tc.MalformedArguments.Kind; k != jsonv.Null && k != jsonv.String {
			errs = append(errs, pydantic.StringType(loc+".malformed_arguments", tc.MalformedArguments))
		}
		calls = append(calls, tc)
	}
	return calls, errs
}

func inputToolResults(x jsonv.Value) ([]ToolResult, []pydantic.Error) {
	if x.Kind != jsonv.Array {
		return nil, []pydantic.Error{pydantic.ListType("tool_results", x)}
	}
	var results []ToolResult
	var errs []pydantic.Error
	for i, it := range x.Items {
		loc := "tool_results." + strconv.Itoa(i)
		if it.Kind != jsonv.Object {
			errs = append(errs, pydantic.Error{Loc: loc, Msg: "Input should be a valid dictionary or instance of ToolResult", Type: "model_type", Input: it})
			continue
		}
		var r ToolResult
		id, ok := it.Get("call_id")
		switch {
		case !ok:
			errs = append(errs, pydantic.Missing(loc+".call_id", it))
		case id.Kind != jsonv.String:
			errs = append(errs, pydantic.StringType(loc+".call_id", id))
		default:
			r.CallID = id.Text
		}
		content, ok := it.Get("content")
		if !ok {
			errs = append(errs, pydantic.Missing(loc+".content", it))
		}
		r.Content = content
		errs = append(errs, pydantic.ToolResultContentErrors(loc, content)...)
		if v, ok := it.Get("is_error"); ok {
			b, err := jsonv.LaxBool(v)
			switch {
			case err == nil:
				r.IsError = b
			case v.Kind == jsonv.String || v.Kind == jsonv.Number:
				errs = append(errs, pydantic.Error{Loc: loc + ".is_error", Msg: "Input should be a valid boolean, unable to interpret input", Type: "bool_parsing", Input: v})
			default:
				errs = append(errs, pydantic.Error{Loc: loc + ".is_error", Msg: "Input should be a valid boolean", Type: "bool_type", Input: v})
			}
		}
		results = append(results, r)
	}
	return results, errs
}
