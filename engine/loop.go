package engine

import (
	"errors"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/cassette"
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

type lookupFunc func(turn int, hashArgs jsonv.Value, key string) (cassette.Response, *cassette.StoreFile, error)

// simulate is dryfire's run_case behind a caching gateway in replay mode.
// needArgs asks for the hash args to be built for lookup at every turn.
// tailGen, when not 0, lets keyers of the same generation (one replay) share
// the encoded tail of a suite's requests.
func simulate(c *suite.Case, r suite.Resolved, rep int, keepRequests, needArgs bool, tailGen uint64, lookup lookupFunc) CaseResult {
	res := newCaseResult(c, rep)
	messages, err := InitialMessages(c.Input)
	if err != nil {
		res.Outcome, res.Message = OutcomeError, "invalid input: "+err.Error()
		return res
	}
	var tools jsonv.Value
	toolsOnce := func() jsonv.Value {
		if tools.Kind == jsonv.Null {
			tools = hashTools(c.Suite.Tools)
		}
		return tools
	}
	resolver := NewResolver(suite.MergeMocks(c.Suite.Mocks, c.Mocks))
	unhashable := firstNonEmpty(c.Suite.Unserialised, c.InputUnserialisable)
	k, keyErr := newKeyer(tailGen, c.Suite, r.Provider, r.Model, r.Temperature, toolsOnce)
	defer k.release()
	if keyErr == nil {
		keyErr = k.add(messages...)
	}
	hashArgs := func() jsonv.Value {
		return HashArgs(r.Provider, r.Model, c.Suite.System, messages, toolsOnce(), r.Temperature)
	}
	res.Outcome = OutcomeHit
	for turn := 0; ; turn++ {
		if turn >= r.MaxTurns {
			res.Termination = "max_turns_exceeded"
			return res
		}
		if unhashable != "" {
			return providerError(res, "TypeError('"+unhashable+"')")
		}
		if keyErr != nil {
			return providerError(res, keyErr.Error())
		}
		v := Visit{Turn: turn, Key: cassette.StorageKey(k.fingerprint(), rep)}
		var args jsonv.Value
		if needArgs {
			args = hashArgs()
		}
		resp, f, err := lookup(turn, args, v.Key)
		v.File = f
		if err != nil || keepRequests {
			if !needArgs {
				args = hashArgs()
			}
			v.Request, _ = cassette.HashableRequest(args)
		}
		if errors.Is(err, errMiss) {
			res.Visits = append(res.Visits, v)
			res.Outcome, res.Termination = OutcomeMiss, "provider_error"
			res.Message = MissMessage(c.Suite.Name, c.Name, v.Key)
			return res
		}
		if err != nil {
			res.Visits = append(res.Visits, v)
			if f != nil && f.ResponseErr != nil {
				err = fmt.Errorf("%s: invalid response: %w", f.Rel, f.ResponseErr)
			}
			return providerError(res, err.Error())
		}
		v.Hit = true
		res.Visits = append(res.Visits, v)
		if resp.StopReason != "tool_use" {
			res.Termination = terminations[resp.StopReason]
			if res.Termination == "" {
				res.Termination = "end_turn"
			}
			return res
		}
		results := jsonv.ArrayValue()
		for _, call := range resp.ToolCalls {
			out := resolver.Resolve(call)
			switch out.Kind { //nolint:exhaustive // the other cases need nothing here
			case OutcomePassthrough:
				res.Outcome, res.NeedsPython = OutcomeSkipped, true
				res.Message = fmt.Sprintf("tool %q is mocked by impl %q, which runs Python: replay cannot go past turn %d offline", call.Name, out.Impl, turn)
				return res
			case OutcomeCrash:
				res.Outcome, res.Message = OutcomeError, out.Err
				return res
			case OutcomeUnmocked:
				if r.OnUnmocked == "error" {
					res.Termination = "unmocked_tool"
					res.Message = fmt.Sprintf("unmocked tool %s called with %s (on_unmocked=error)", jsonv.PyRepr(call.Name), jsonv.PyJSONDumps(call.Arguments))
					return res
				}
				out.Result = ToolResult{CallID: call.ID, Content: jsonv.StringValue("")}
			}
			if out.Unserialisable != "" && unhashable == "" {
				unhashable = out.Unserialisable
			}
			results.Items = append(results.Items, out.Result.Value())
		}
		added := []jsonv.Value{
			hashMessage("assistant", resp.Text, toolCallValues(resp.ToolCalls), jsonv.ArrayValue()),
			hashMessage("tool", jsonv.NullValue(), jsonv.ArrayValue(), results),
		}
		messages = append(messages, added...)
		if keyErr == nil {
			keyErr = k.add(added...)
		}
	}
}

func providerError(res CaseResult, msg string) CaseResult {
	res.Outcome, res.Termination = OutcomeError, "provider_error"
	res.Message = "provider error: " + msg
	return res
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// HashArgs builds the dict dryfire's caching layer fingerprints for one
// call. messages are in hash form (see [InitialMessages]); tools are
// {name, description, input_schema} objects.
func HashArgs(provider, model string, system jsonv.Value, messages []jsonv.Value, tools jsonv.Value, temperature float64) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "provider", Value: jsonv.StringValue(provider)},
		{Key: "model", Value: jsonv.StringValue(model)},
		{Key: "system", Value: system},
		{Key: "messages", Value: jsonv.Value{Kind: jsonv.Array, Items: append([]jsonv.Value{}, messages...)}},
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

func hashMessage(role string, content, toolCalls, toolResults jsonv.Value) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "role", Value: jsonv.StringValue(role)},
		{Key: "content", Value: content},
		{Key: "tool_calls", Value: toolCalls},
		{Key: "tool_results", Value: toolResults},
	}}
}

func toolCallValues(calls []cassette.ToolCall) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(calls))}
	for _, c := range calls {
		out.Items = append(out.Items, toolCallValue(c.ID, c.Name, c.Arguments, c.MalformedArguments))
	}
	return out
}

func toolCallValue(id, name string, args, malformed jsonv.Value) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "id", Value: jsonv.StringValue(id)},
		{Key: "name", Value: jsonv.StringValue(name)},
		{Key: "arguments", Value: args},
		{Key: "malformed_arguments", Value: malformed},
	}}
}

// InitialMessages turns a case input into the first request's messages in
// hash form ({role, content, tool_calls, tool_results}): a string is one
// user message; a list is one message per element, validated as dryfire's
// Message model does at run time (unknown keys dropped, raw never hashed).
func InitialMessages(input jsonv.Value) ([]jsonv.Value, error) {
	if input.Kind == jsonv.String {
		return []jsonv.Value{hashMessage("user", input, jsonv.ArrayValue(), jsonv.ArrayValue())}, nil
	}
	if input.Kind != jsonv.Array {
		return nil, fmt.Errorf("input must be a string or a list, not %s", input.Kind)
	}
	out := make([]jsonv.Value, 0, len(input.Items))
	for i, m := range input.Items {
		msg, err := inputMessage(m)
		if err != nil {
			return nil, fmt.Errorf("input[%d]: %w", i, err)
		}
		out = append(out, msg)
	}
	return out, nil
}

func inputMessage(m jsonv.Value) (jsonv.Value, error) {
	if m.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("a message must be a mapping")
	}
	role := m.Field("role")
	switch role.Str() {
	case "user", "assistant", "tool":
	default:
		return jsonv.Value{}, errors.New("role: Input should be 'user', 'assistant' or 'tool'")
	}
	content := m.Field("content")
	switch content.Kind {
	case jsonv.Null, jsonv.String:
	case jsonv.Array:
		for _, it := range content.Items {
			if it.Kind != jsonv.Object {
				return jsonv.Value{}, errors.New("content: Input should be a valid string, list of mappings or null")
			}
		}
	default:
		return jsonv.Value{}, errors.New("content: Input should be a valid string, list of mappings or null")
	}
	calls, err := inputList(m, "tool_calls", inputToolCall)
	if err != nil {
		return jsonv.Value{}, err
	}
	results, err := inputList(m, "tool_results", inputToolResult)
	if err != nil {
		return jsonv.Value{}, err
	}
	if raw := m.Field("raw"); raw.Kind != jsonv.Null && raw.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("raw: Input should be a valid dictionary")
	}
	return hashMessage(role.Text, content, calls, results), nil
}

func inputList(m jsonv.Value, key string, conv func(jsonv.Value) (jsonv.Value, error)) (jsonv.Value, error) {
	x, ok := m.Get(key)
	if !ok {
		return jsonv.ArrayValue(), nil
	}
	if x.Kind != jsonv.Array {
		return jsonv.Value{}, errors.New(key + ": Input should be a valid list")
	}
	out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(x.Items))}
	for i, it := range x.Items {
		v, err := conv(it)
		if err != nil {
			return jsonv.Value{}, fmt.Errorf("%s.%d.%w", key, i, err)
		}
		out.Items = append(out.Items, v)
	}
	return out, nil
}

func inputToolCall(v jsonv.Value) (jsonv.Value, error) {
	if v.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("Input should be a valid dictionary") //nolint:staticcheck // pydantic's message, as dryfire prints it
	}
	for _, k := range []string{"id", "name"} {
		if x, ok := v.Get(k); !ok || x.Kind != jsonv.String {
			return jsonv.Value{}, errors.New(k + ": Input should be a valid string")
		}
	}
	args, ok := v.Get("arguments")
	if !ok || args.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("arguments: Input should be a valid dictionary")
	}
	mal := v.Field("malformed_arguments")
	if mal.Kind != jsonv.Null && mal.Kind != jsonv.String {
		return jsonv.Value{}, errors.New("malformed_arguments: Input should be a valid string")
	}
	return toolCallValue(v.Field("id").Text, v.Field("name").Text, args, mal), nil
}

func inputToolResult(v jsonv.Value) (jsonv.Value, error) {
	if v.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("Input should be a valid dictionary") //nolint:staticcheck // pydantic's message, as dryfire prints it
	}
	id, ok := v.Get("call_id")
	if !ok || id.Kind != jsonv.String {
		return jsonv.Value{}, errors.New("call_id: Input should be a valid string")
	}
	content, ok := v.Get("content")
	if !ok {
		return jsonv.Value{}, errors.New("content: Field required")
	}
	if content.Kind != jsonv.Null && content.Kind != jsonv.String && content.Kind != jsonv.Object {
		return jsonv.Value{}, errors.New("content: Input should be a valid string, mapping or null")
	}
	isErr := false
	if x, ok := v.Get("is_error"); ok {
		b, err := jsonv.LaxBool(x)
		if err != nil {
			return jsonv.Value{}, errors.New("is_error: Input should be a valid boolean")
		}
		isErr = b
	}
	return ToolResult{CallID: id.Text, Content: content, IsError: isErr}.Value(), nil
}
