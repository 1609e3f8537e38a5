package provider

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// stopReasons maps each wire family's stop value to dryfire's neutral stop
// reason. A value that is not in the table maps to "error", as dryfire's
// map_stop_reason does. Gemini's tool_use is inferred from function calls,
// never from this table: its finishReason is STOP for a tool turn too.
var stopReasons = map[string]map[string]string{
	"anthropic": {
		"end_turn": "end_turn", "pause_turn": "end_turn", "tool_use": "tool_use",
		"max_tokens": "max_tokens", "stop_sequence": "stop_sequence", "refusal": "refusal",
	},
	"openai": {
		"stop": "end_turn", "tool_calls": "tool_use", "function_call": "tool_use",
		"length": "max_tokens", "content_filter": "refusal",
	},
	"gemini": {
		"STOP": "end_turn", "MAX_TOKENS": "max_tokens", "SAFETY": "refusal", "RECITATION": "refusal",
		"BLOCKLIST": "refusal", "PROHIBITED_CONTENT": "refusal", "SPII": "refusal", "IMAGE_SAFETY": "refusal",
		"MALFORMED_FUNCTION_CALL": "error", "OTHER": "error",
	},
}

func stopReason(family string, v jsonv.Value) string {
	if s, ok := stopReasons[family][v.Str()]; ok && v.Kind == jsonv.String {
		return s
	}
	return "error"
}

// obj builds an object from members known to be distinct.
func obj(members ...jsonv.Member) jsonv.Value {
	return jsonv.Value{Kind: jsonv.Object, Members: members}
}

func str(s string) jsonv.Value { return jsonv.StringValue(s) }

// truthy is Python's truth value of a JSON value.
func truthy(v jsonv.Value) bool {
	switch v.Kind {
	case jsonv.Bool:
		return v.Bool
	case jsonv.Number:
		f, ok := v.Float()
		return !ok || f != 0
	case jsonv.String:
		return v.Text != ""
	case jsonv.Array:
		return len(v.Items) > 0
	case jsonv.Object:
		return len(v.Members) > 0
	default: // null
		return false
	}
}

// or is Python's `v or default`.
func or(v, def jsonv.Value) jsonv.Value {
	if truthy(v) {
		return v
	}
	return def
}

func emptyObject() jsonv.Value { return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}} }

// resultText is how dryfire puts a tool result into a text field: a string
// as is, anything else as Python's json.dumps writes it ("null" for null).
func resultText(content jsonv.Value) string {
	if content.Kind == jsonv.String {
		return content.Text
	}
	return jsonv.PyJSONDumps(content)
}

// arguments is a tool call's argument object ({} when unset).
func arguments(c cassette.ToolCall) jsonv.Value {
	if c.Arguments.Kind == jsonv.Null {
		return emptyObject()
	}
	return c.Arguments
}

// encodeBody writes a payload as the JSON text posted: compact, UTF-8,
// Python's number spellings.
func encodeBody(provider string, payload jsonv.Value) ([]byte, error) {
	b, err := jsonv.Encode(payload, jsonv.EncodeOptions{})
	if err != nil {
		return nil, requestErr(provider, "the payload is not JSON: %v", err)
	}
	return b, nil
}

// answer posts body to u and normalises the 2xx answer with parse, within
// the bounds on one answer: its body read as [caller.post] bounds it,
// decoded ([decodeRaw]), at most [MaxToolCalls] tool calls, and every
// credential redacted, a key sent in text pieces that only their join
// holds included.
func (c *caller) answer(ctx context.Context, u *url.URL, body []byte, wire string,
	parse func(raw jsonv.Value, latencyMS int64) (cassette.Response, error),
) (cassette.Response, error) {
	start := c.now()
	data, release, err := c.post(ctx, u, body)
	if err != nil {
		return cassette.Response{}, err
	}
	defer release()
	raw, err := decodeRaw(c.provider, data, c.redact)
	if err != nil {
		return cassette.Response{}, err
	}
	resp, err := parse(raw, c.now().Sub(start).Milliseconds())
	if err != nil {
		return cassette.Response{}, err
	}
	if n := len(resp.ToolCalls); n > MaxToolCalls {
		return cassette.Response{}, responseErr(c.provider, "the answer has %d tool calls, over the limit of %d on one answer", n, MaxToolCalls)
	}
	return c.redact.Joined(wire, resp), nil
}

// decodeRaw parses a 2xx body as Python's json.loads does (NaN and
// Infinity accepted) into the response's raw object, with every credential
// redacted, behind JSON escapes too. A body of more than [MaxValues]
// values is refused before it is decoded.
func decodeRaw(provider string, data []byte, r redact.Redactor) (jsonv.Value, error) {
	if n := countValues(data, MaxValues); n > MaxValues {
		return jsonv.Value{}, responseErr(provider, "the body holds more than %d JSON values, the limit on one answer", MaxValues)
	}
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return jsonv.Value{}, responseErr(provider, "the body is not JSON (%s): %s", r.Text(err.Error()), r.Text(excerpt(string(data))))
	}
	if v.Kind != jsonv.Object {
		return jsonv.Value{}, responseErr(provider, "the body is %s, not an object", v.Kind)
	}
	return r.Value(v), nil
}

// fields reads the typed fields of a provider answer, collecting the first
// problem as dryfire's pydantic validation would meet it.
type fields struct {
	provider string
	err      error
}

func (f *fields) fail(format string, args ...any) {
	if f.err == nil {
		f.err = responseErr(f.provider, format, args...)
	}
}

// object requires v to be an object (Python calls .get on it).
func (f *fields) object(v jsonv.Value, at string) jsonv.Value {
	if v.Kind != jsonv.Object {
		f.fail("%s should be an object, not %s", at, v.Kind)
		return emptyObject()
	}
	return v
}

func (f *fields) list(v jsonv.Value, at string) []jsonv.Value {
	if v.Kind != jsonv.Array {
		f.fail("%s should be a list, not %s", at, v.Kind)
		return nil
	}
	return v.Items
}

// string reads a str field (pydantic does not turn numbers into strings).
func (f *fields) string(v jsonv.Value, at string) string {
	if v.Kind != jsonv.String {
		f.fail("%s should be a string, not %s", at, v.Kind)
	}
	return v.Text
}

// text reads an optional text field: a string or null.
func (f *fields) text(v jsonv.Value, at string) jsonv.Value {
	if v.Kind != jsonv.String && v.Kind != jsonv.Null {
		f.fail("%s should be a string or null, not %s", at, v.Kind)
		return jsonv.NullValue()
	}
	return v
}

// count reads a token count as pydantic's lax int does; absent is 0.
func (f *fields) count(o jsonv.Value, key, at string) int64 {
	v, ok := o.Get(key)
	if !ok {
		return 0
	}
	n, err := jsonv.LaxInt(v)
	if err != nil {
		f.fail("%s.%s %v", at, key, err)
	}
	return n
}

// arguments requires a tool call's arguments to be an object ({} when
// falsy, as dryfire's `or {}`).
func (f *fields) arguments(v jsonv.Value, at string) jsonv.Value {
	v = or(v, emptyObject())
	if v.Kind != jsonv.Object {
		f.fail("%s should be an object, not %s", at, v.Kind)
		return emptyObject()
	}
	return v
}

// joined is dryfire's "".join(parts) or None.
func joined(parts []string) jsonv.Value {
	s := strings.Join(parts, "")
	if s == "" {
		return jsonv.NullValue()
	}
	return str(s)
}

func call(id, name string, args, malformed jsonv.Value) cassette.ToolCall {
	return cassette.ToolCall{ID: id, Name: name, Arguments: args, MalformedArguments: malformed}
}

func at(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }
