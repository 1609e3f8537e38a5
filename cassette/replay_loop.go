package cassette

import (
	"errors"
	"fmt"
)

// terminations maps a non-tool_use stop reason to dryfire's termination.
var terminations = map[string]string{
	"end_turn":      "end_turn",
	"max_tokens":    "max_tokens",
	"refusal":       "refusal",
	"stop_sequence": "end_turn",
	"error":         "provider_error",
}

type lookupFunc func(turn int, hashArgs Value, key string) (Response, *StoreFile, error)

// simulate is dryfire's run_case behind a caching gateway in replay mode.
// needArgs asks for the hash args to be built for lookup at every turn.
// tailGen, when not 0, lets keyers of the same generation (one replay) share
// the encoded tail of a suite's requests.
func simulate(c *Case, r Resolved, rep int, keepRequests, needArgs bool, tailGen uint64, lookup lookupFunc) CaseResult {
	res := newCaseResult(c, rep)
	messages, err := InitialMessages(c.Input)
	if err != nil {
		res.Outcome, res.Message = OutcomeError, "invalid input: "+err.Error()
		return res
	}
	var tools Value
	toolsOnce := func() Value {
		if tools.Kind == Null {
			tools = hashTools(c.Suite.Tools)
		}
		return tools
	}
	resolver := NewResolver(MergeMocks(c.Suite.Mocks, c.Mocks))
	unhashable := firstNonEmpty(c.Suite.Unserialised, c.InputUnserialisable)
	k, keyErr := newKeyer(tailGen, c.Suite, r.Provider, r.Model, r.Temperature, toolsOnce)
	defer k.release()
	if keyErr == nil {
		keyErr = k.add(messages...)
	}
	hashArgs := func() Value {
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
		v := Visit{Turn: turn, Key: StorageKey(k.fingerprint(), rep)}
		var args Value
		if needArgs {
			args = hashArgs()
		}
		resp, f, err := lookup(turn, args, v.Key)
		v.File = f
		if err != nil || keepRequests {
			if !needArgs {
				args = hashArgs()
			}
			v.Request, _ = HashableRequest(args)
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
		results := ArrayValue()
		for _, call := range resp.ToolCalls {
			out := resolver.Resolve(call)
			switch out.Kind {
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
					res.Message = fmt.Sprintf("unmocked tool %s called with %s (on_unmocked=error)", pyRepr(call.Name), PyJSONDumps(call.Arguments))
					return res
				}
				out.Result = ToolResult{CallID: call.ID, Content: StringValue("")}
			}
			if out.Unserialisable != "" && unhashable == "" {
				unhashable = out.Unserialisable
			}
			results.Items = append(results.Items, out.Result.Value())
		}
		added := []Value{
			hashMessage("assistant", resp.Text, toolCallValues(resp.ToolCalls), ArrayValue()),
			hashMessage("tool", NullValue(), ArrayValue(), results),
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
func HashArgs(provider, model string, system Value, messages []Value, tools Value, temperature float64) Value {
	return Value{Kind: Object, Members: []Member{
		{"provider", StringValue(provider)},
		{"model", StringValue(model)},
		{"system", system},
		{"messages", Value{Kind: Array, Items: append([]Value{}, messages...)}},
		{"tools", tools},
		{"params", Value{Kind: Object, Members: []Member{
			{"temperature", FloatValue(temperature)},
			{"top_p", NullValue()},
			{"max_tokens", NullValue()},
			{"stop_sequences", ArrayValue()},
		}}},
	}}
}

func hashTools(tools []Tool) Value {
	out := Value{Kind: Array, Items: make([]Value, 0, len(tools))}
	for _, t := range tools {
		out.Items = append(out.Items, Value{Kind: Object, Members: []Member{
			{"name", StringValue(t.Name)},
			{"description", t.Description},
			{"input_schema", t.InputSchema},
		}})
	}
	return out
}

func hashMessage(role string, content, toolCalls, toolResults Value) Value {
	return Value{Kind: Object, Members: []Member{
		{"role", StringValue(role)},
		{"content", content},
		{"tool_calls", toolCalls},
		{"tool_results", toolResults},
	}}
}

func toolCallValues(calls []ToolCall) Value {
	out := Value{Kind: Array, Items: make([]Value, 0, len(calls))}
	for _, c := range calls {
		out.Items = append(out.Items, toolCallValue(c.ID, c.Name, c.Arguments, c.MalformedArguments))
	}
	return out
}

func toolCallValue(id, name string, args, malformed Value) Value {
	return Value{Kind: Object, Members: []Member{
		{"id", StringValue(id)},
		{"name", StringValue(name)},
		{"arguments", args},
		{"malformed_arguments", malformed},
	}}
}

// InitialMessages turns a case input into the first request's messages in
// hash form ({role, content, tool_calls, tool_results}): a string is one
// user message; a list is one message per element, validated as dryfire's
// Message model does at run time (unknown keys dropped, raw never hashed).
func InitialMessages(input Value) ([]Value, error) {
	if input.Kind == String {
		return []Value{hashMessage("user", input, ArrayValue(), ArrayValue())}, nil
	}
	if input.Kind != Array {
		return nil, fmt.Errorf("input must be a string or a list, not %s", input.Kind)
	}
	out := make([]Value, 0, len(input.Items))
	for i, m := range input.Items {
		msg, err := inputMessage(m)
		if err != nil {
			return nil, fmt.Errorf("input[%d]: %w", i, err)
		}
		out = append(out, msg)
	}
	return out, nil
}

func inputMessage(m Value) (Value, error) {
	if m.Kind != Object {
		return Value{}, errors.New("a message must be a mapping")
	}
	role := m.Field("role")
	switch role.Str() {
	case "user", "assistant", "tool":
	default:
		return Value{}, errors.New("role: Input should be 'user', 'assistant' or 'tool'")
	}
	content := m.Field("content")
	switch content.Kind {
	case Null, String:
	case Array:
		for _, it := range content.Items {
			if it.Kind != Object {
				return Value{}, errors.New("content: Input should be a valid string, list of mappings or null")
			}
		}
	default:
		return Value{}, errors.New("content: Input should be a valid string, list of mappings or null")
	}
	calls, err := inputList(m, "tool_calls", inputToolCall)
	if err != nil {
		return Value{}, err
	}
	results, err := inputList(m, "tool_results", inputToolResult)
	if err != nil {
		return Value{}, err
	}
	if raw := m.Field("raw"); raw.Kind != Null && raw.Kind != Object {
		return Value{}, errors.New("raw: Input should be a valid dictionary")
	}
	return hashMessage(role.Text, content, calls, results), nil
}

func inputList(m Value, key string, conv func(Value) (Value, error)) (Value, error) {
	x, ok := m.Get(key)
	if !ok {
		return ArrayValue(), nil
	}
	if x.Kind != Array {
		return Value{}, errors.New(key + ": Input should be a valid list")
	}
	out := Value{Kind: Array, Items: make([]Value, 0, len(x.Items))}
	for i, it := range x.Items {
		v, err := conv(it)
		if err != nil {
			return Value{}, fmt.Errorf("%s.%d.%w", key, i, err)
		}
		out.Items = append(out.Items, v)
	}
	return out, nil
}

func inputToolCall(v Value) (Value, error) {
	if v.Kind != Object {
		return Value{}, errors.New("Input should be a valid dictionary")
	}
	for _, k := range []string{"id", "name"} {
		if x, ok := v.Get(k); !ok || x.Kind != String {
			return Value{}, errors.New(k + ": Input should be a valid string")
		}
	}
	args, ok := v.Get("arguments")
	if !ok || args.Kind != Object {
		return Value{}, errors.New("arguments: Input should be a valid dictionary")
	}
	mal := v.Field("malformed_arguments")
	if mal.Kind != Null && mal.Kind != String {
		return Value{}, errors.New("malformed_arguments: Input should be a valid string")
	}
	return toolCallValue(v.Field("id").Text, v.Field("name").Text, args, mal), nil
}

func inputToolResult(v Value) (Value, error) {
	if v.Kind != Object {
		return Value{}, errors.New("Input should be a valid dictionary")
	}
	id, ok := v.Get("call_id")
	if !ok || id.Kind != String {
		return Value{}, errors.New("call_id: Input should be a valid string")
	}
	content, ok := v.Get("content")
	if !ok {
		return Value{}, errors.New("content: Field required")
	}
	if content.Kind != Null && content.Kind != String && content.Kind != Object {
		return Value{}, errors.New("content: Input should be a valid string, mapping or null")
	}
	isErr := false
	if x, ok := v.Get("is_error"); ok {
		b, err := laxBool(x)
		if err != nil {
			return Value{}, errors.New("is_error: Input should be a valid boolean")
		}
		isErr = b
	}
	return ToolResult{CallID: id.Text, Content: content, IsError: isErr}.Value(), nil
}
