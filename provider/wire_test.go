package provider

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// The vectors are what dryfire's own to_wire and from_wire make of sample
// requests and answers (testdata/wire/vectors.py says how they were made).

func loadVectors(t *testing.T) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile("testdata/wire/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

var payloads = map[string]func(*Request) (jsonv.Value, error){
	"anthropic": anthropicPayload,
	"openai":    func(r *Request) (jsonv.Value, error) { return openAIPayload(r), nil },
	"gemini":    geminiPayload,
}

func TestPayloadsAreDryfiresToWire(t *testing.T) {
	t.Parallel()
	for _, vec := range loadVectors(t).Field("requests").Items {
		req, err := FromHashArgs(vec.Field("request"))
		if err != nil {
			t.Fatalf("%s: %v", vec.Field("name").Str(), err)
		}
		for family, build := range payloads {
			t.Run(vec.Field("name").Str()+"/"+family, func(t *testing.T) {
				want := vec.Field(family)
				got, err := build(req)
				if want.Has("error") {
					var re *RequestError
					if !errors.As(err, &re) {
						t.Fatalf("dryfire raises %s; got payload %s, error %v", want.Field("error").Str(), enc(got), err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				// Equal, not as JSON: key order and number spellings too.
				if !jsonv.Equal(got, want.Field("ok")) {
					t.Errorf("payload\n got %s\nwant %s", enc(got), enc(want.Field("ok")))
				}
			})
		}
	}
}

var responses = map[string]func(jsonv.Value) (cassette.Response, error){
	"anthropic": func(raw jsonv.Value) (cassette.Response, error) { return anthropicResponse(raw, 0) },
	"openai":    func(raw jsonv.Value) (cassette.Response, error) { return openAIResponse("openai", raw, 0) },
	"gemini":    func(raw jsonv.Value) (cassette.Response, error) { return geminiResponse(raw, 0) },
}

func TestResponsesAreDryfiresFromWire(t *testing.T) {
	t.Parallel()
	for _, vec := range loadVectors(t).Field("answers").Items {
		family := vec.Field("family").Str()
		t.Run(family+"/"+vec.Field("name").Str(), func(t *testing.T) {
			got, err := responses[family](vec.Field("raw"))
			want := vec.Field("response")
			if want.Has("error") {
				var re *ResponseError
				if !errors.As(err, &re) {
					t.Fatalf("dryfire raises %s; got %+v, error %v", want.Field("error").Str(), got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := responseDiff(got, want.Field("ok")); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// responseDiff compares a response with dryfire's ModelResponse dump
// (latency and cache_hit aside), exactly: key order and spellings too.
// The dump is pydantic's JSON mode, which writes NaN and infinities as
// null; so does dryfire's cassette writer.
func responseDiff(got cassette.Response, want jsonv.Value) string {
	var d []string
	check := func(name string, g, w jsonv.Value) {
		if g = jsonMode(g); !jsonv.Equal(g, w) {
			d = append(d, fmt.Sprintf("%s: got %s, want %s", name, enc(g), enc(w)))
		}
	}
	check("text", got.Text, want.Field("text"))
	check("stop_reason", jsonv.StringValue(got.StopReason), want.Field("stop_reason"))
	check("raw", got.Raw, want.Field("raw"))
	check("usage", usageValue(got.Usage), want.Field("usage"))
	calls := jsonv.ArrayValue()
	for _, c := range got.ToolCalls {
		calls.Items = append(calls.Items, callValue(c))
	}
	check("tool_calls", calls, want.Field("tool_calls"))
	return strings.Join(d, "\n")
}

func usageValue(u cassette.Usage) jsonv.Value {
	return obj(
		jsonv.M("input_tokens", jsonv.IntValue(u.InputTokens)),
		jsonv.M("output_tokens", jsonv.IntValue(u.OutputTokens)),
		jsonv.M("cache_read_tokens", jsonv.IntValue(u.CacheReadTokens)),
		jsonv.M("cache_write_tokens", jsonv.IntValue(u.CacheWriteTokens)),
	)
}

func callValue(c cassette.ToolCall) jsonv.Value {
	return obj(
		jsonv.M("id", str(c.ID)),
		jsonv.M("name", str(c.Name)),
		jsonv.M("arguments", c.Arguments),
		jsonv.M("malformed_arguments", c.MalformedArguments),
	)
}

func enc(v jsonv.Value) string {
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// jsonMode is pydantic's model_dump(mode="json") of a value: non-finite
// numbers become null.
func jsonMode(v jsonv.Value) jsonv.Value {
	switch v.Kind {
	case jsonv.Number:
		if v.IsNonFinite() {
			return jsonv.NullValue()
		}
	case jsonv.Array:
		items := make([]jsonv.Value, len(v.Items))
		for i := range v.Items {
			items[i] = jsonMode(v.Items[i])
		}
		v.Items = items
	case jsonv.Object:
		members := make([]jsonv.Member, len(v.Members))
		for i, m := range v.Members {
			members[i] = jsonv.M(m.Key, jsonMode(m.Value))
		}
		v.Members = members
	default:
	}
	return v
}

// FuzzAnswers feeds arbitrary bodies to every wire's response reader and
// arbitrary raw payloads to the assistant-turn echo: an answer may be
// refused with an error, never with a panic.
func FuzzAnswers(f *testing.F) {
	for _, vec := range []string{anthropicOKFuzz, `{"choices":[{"message":{"tool_calls":[{"function":{"arguments":"{"}}]}}]}`,
		`{"candidates":[{"content":{"parts":[{"functionCall":{"args":[1]}},{"text":null}]}}]}`, `{"candidates":{"a":1}}`, `[]`, `{"content":7}`} {
		f.Add([]byte(vec))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		raw, err := decodeRaw("fuzz", data, redact.New("fuzz-secret-0001"))
		if err != nil {
			return
		}
		for _, read := range responses {
			resp, err := read(raw)
			if err == nil && (resp.StopReason == "" || resp.Raw.Kind != jsonv.Object) {
				t.Fatalf("%s: accepted with stop %q raw %s", data, resp.StopReason, resp.Raw.Kind)
			}
		}
		req := &Request{Model: "m", Messages: []Message{{Role: "assistant", Raw: raw}, {Role: "tool", ToolResults: []ToolResult{{CallID: "x", Content: raw}}}}}
		for _, build := range payloads {
			_, _ = build(req)
		}
	})
}

const anthropicOKFuzz = `{"content":[{"type":"text","text":"ok"},{"type":"tool_use","id":"t","name":"n","input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1}}`
