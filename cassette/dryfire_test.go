package cassette

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const projectACassettes = goldenDir + "/project-A/.dryfire/cassettes"

// TestProjectACassettesRoundTrip decodes every cassette dryfire recorded for
// project-A and re-encodes it to the same bytes, and checks the typed view
// against expected.json.
func TestProjectACassettesRoundTrip(t *testing.T) {
	t.Parallel()
	expected := readGoldenJSON(t, "project-A/expected.json").Field("cassettes")
	if expected.Len() != 42 {
		t.Fatalf("expected.json lists %d cassettes, want 42", expected.Len())
	}
	for _, e := range expected.Items {
		rel := strings.TrimPrefix(e.Field("path").Str(), ".dryfire/cassettes/")
		data, err := os.ReadFile(filepath.Join(projectACassettes, rel))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		out, err := c.Encode()
		if err != nil || !bytes.Equal(out, data) {
			t.Errorf("%s: re-encoded bytes differ (%v)", rel, err)
		}
		turn, _ := e.Field("turn").Int()
		key := e.Field("key").Str()
		if c.Suite != e.Field("suite").Str() || c.Case != e.Field("case").Str() || c.Turn != int(turn) || c.Fingerprint != key {
			t.Errorf("%s: typed view %q %q %d %q", rel, c.Suite, c.Case, c.Turn, c.Fingerprint)
		}
		if got := RelPath(c.Suite, c.Case, c.Turn, key); got != rel {
			t.Errorf("CassetteRelPath = %s, want %s", got, rel)
		}
		if nt, nk, ok := ParseName(filepath.Base(rel)); !ok || nt != int(turn) || nk != key {
			t.Errorf("ParseCassetteName(%s) = %d, %q, %v", filepath.Base(rel), nt, nk, ok)
		}
		if !c.SchemaOK() || c.Provider == "" || c.Model == "" || c.RecordedAt != "2026-08-01T12:00:00Z" {
			t.Errorf("%s: schema %v provider %q model %q recorded_at %q", rel, c.SchemaOK(), c.Provider, c.Model, c.RecordedAt)
		}
		if _, err := ParseResponse(c.Response); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		fp, _, _ := ParseStorageKey(key)
		if got, err := FingerprintRequest(c.RequestDigest); err != nil || got != fp {
			t.Errorf("%s: request_digest hashes to %s (%v), want %s", rel, got, err, fp)
		}
	}
}

func TestCassetteEncodeFromFields(t *testing.T) {
	t.Parallel()
	c := &Cassette{
		Fingerprint: "0123456789abcdef", Suite: "s", Case: "c", Turn: 3,
		Provider: "anthropic", Model: "m", RecordedAt: "2026-08-01T12:00:00Z",
		RequestDigest: jsonv.ObjectValue(jsonv.M("messages", jsonv.ArrayValue())),
		Response:      jsonv.ObjectValue(jsonv.M("text", jsonv.StringValue("hé")), jsonv.M("latency_ms", jsonv.IntValue(5))),
	}
	out, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "case": "c",
  "fingerprint": "0123456789abcdef",
  "model": "m",
  "provider": "anthropic",
  "recorded_at": "2026-08-01T12:00:00Z",
  "request_digest": {
    "messages": []
  },
  "response": {
    "latency_ms": 5,
    "text": "hé"
  },
  "schema_version": 1,
  "suite": "s",
  "turn": 3
}`
	if string(out) != want {
		t.Errorf("Encode:\n%s\nwant\n%s", out, want)
	}
}

func TestSchemaOKIsPythonEquality(t *testing.T) {
	t.Parallel()
	for lit, want := range map[string]bool{"1": true, "1.0": true, "true": true, `"1"`: false, "2": false, "null": false, "0": false, "false": false, "1e0": true} {
		c, err := Decode([]byte(`{"schema_version": ` + lit + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if c.SchemaOK() != want {
			t.Errorf("schema_version %s: SchemaOK = %v", lit, !want)
		}
	}
}

func TestDecodeCassetteBadInput(t *testing.T) {
	t.Parallel()
	good, err := os.ReadFile(filepath.Join(projectACassettes, "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		data      []byte
		line, col int
		msg       string
	}{
		"empty":         {nil, 1, 1, "expecting value"},
		"truncated":     {good[:len(good)/2], 0, 0, ""},
		"not UTF-8":     {[]byte("{\"suite\": \"caf\xe9\"}"), 1, 15, "UTF-8"},
		"array":         {[]byte("\n  [1, 2]"), 2, 3, "must be a JSON object, found an array"},
		"string":        {[]byte(`"x"`), 1, 1, "found a string"},
		"null":          {[]byte(`null`), 1, 1, "found null"},
		"trailing junk": {append(append([]byte{}, good...), '}'), 0, 0, "extra data"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := Decode(tc.data)
			var pe *jsonv.ParseError
			if c != nil || !errors.As(err, &pe) {
				t.Fatalf("DecodeCassette = %v, %v; want a *ParseError", c, err)
			}
			if pe.Line == 0 || pe.Column == 0 {
				t.Errorf("no position in %v", err)
			}
			if tc.line != 0 && (pe.Line != tc.line || pe.Column != tc.col) {
				t.Errorf("at %d:%d, want %d:%d", pe.Line, pe.Column, tc.line, tc.col)
			}
			if !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(tc.msg)) {
				t.Errorf("error %q does not mention %q", err, tc.msg)
			}
			if got := jsonv.WithPath("x/00-k.json", err).Error(); !strings.HasPrefix(got, "x/00-k.json:") {
				t.Errorf("WithPath: %s", got)
			}
		})
	}
}

// The cases and outcomes are what dryfire's ModelResponse (pydantic 2.13,
// lax mode) does with the same response.
func TestParseResponse(t *testing.T) {
	t.Parallel()
	base := `"text":"hi","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"raw":{}`
	tests := map[string]struct {
		body    string
		latency int64
		err     string
	}{
		"int":                    {`"latency_ms": 5`, 5, ""},
		"true":                   {`"latency_ms": true`, 1, ""},
		"integral float":         {`"latency_ms": 5.0`, 5, ""},
		"fractional float":       {`"latency_ms": 5.5`, 0, "fractional"},
		"numeric string":         {`"latency_ms": " 5 "`, 5, ""},
		"string with zeros":      {`"latency_ms": "5.00"`, 5, ""},
		"string with underscore": {`"latency_ms": "1_000"`, 1000, ""},
		"string with sign":       {`"latency_ms": "+5"`, 5, ""},
		"string ending in dot":   {`"latency_ms": "5."`, 0, "latency_ms"},
		"exponent string":        {`"latency_ms": "1e3"`, 0, "latency_ms"},
		"double underscore":      {`"latency_ms": "1__0"`, 0, "latency_ms"},
		"huge int":               {`"latency_ms": 1180591620717411303424`, 1<<63 - 1, ""},
		"float beyond int64":     {`"latency_ms": 1e19`, 0, "latency_ms"},
		"null":                   {`"latency_ms": null`, 0, "latency_ms"},
		"missing":                {`"x": 1`, 0, "latency_ms: field required"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, err := jsonv.Decode([]byte("{" + base + "," + tc.body + "}"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := ParseResponse(v)
			if tc.err == "" {
				if err != nil || r.LatencyMS != tc.latency {
					t.Errorf("ParseResponse = %d, %v; want %d", r.LatencyMS, err, tc.latency)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseResponse error = %v, want one mentioning %q", err, tc.err)
			}
		})
	}
}

func TestParseResponseFields(t *testing.T) {
	t.Parallel()
	valid := map[string]string{
		"null text":           `{"text":null,"tool_calls":[],"stop_reason":"error","usage":{"input_tokens":"1","output_tokens":true},"latency_ms":0,"raw":{}}`,
		"cache_hit strings":   `{"text":"","tool_calls":[],"stop_reason":"refusal","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{},"cache_hit":"Yes"}`,
		"extra keys":          `{"text":"","tool_calls":[],"stop_reason":"max_tokens","usage":{"input_tokens":1,"output_tokens":2,"extra":1},"latency_ms":0,"raw":{"a":1},"more":[]}`,
		"tool call":           `{"text":null,"tool_calls":[{"id":"t1","name":"n","arguments":{"a":1},"malformed_arguments":null}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`,
		"malformed arguments": `{"text":null,"tool_calls":[{"id":"t1","name":"n","arguments":{},"malformed_arguments":"{oops"}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`,
	}
	for name, body := range valid {
		v, _ := jsonv.Decode([]byte(body))
		if _, err := ParseResponse(v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	invalid := map[string]struct{ body, want string }{
		"int text":          {`{"text":1,"tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "text"},
		"missing text":      {`{"tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "text: field required"},
		"upper stop reason": {`{"text":"","tool_calls":[],"stop_reason":"END_TURN","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "stop_reason"},
		"int tool call id":  {`{"text":"","tool_calls":[{"id":1,"name":"n","arguments":{}}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "tool_calls.0.id"},
		"list arguments":    {`{"text":"","tool_calls":[{"id":"x","name":"n","arguments":[]}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "tool_calls.0.arguments"},
		"tool_calls object": {`{"text":"","tool_calls":{},"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`, "tool_calls"},
		"missing output":    {`{"text":"","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1},"latency_ms":0,"raw":{}}`, "usage.output_tokens"},
		"null cache tokens": {`{"text":"","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2,"cache_read_tokens":null},"latency_ms":0,"raw":{}}`, "usage.cache_read_tokens"},
		"list raw":          {`{"text":"","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":[]}`, "raw"},
		"cache_hit 2":       {`{"text":"","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{},"cache_hit":2}`, "cache_hit"},
		"padded cache_hit":  {`{"text":"","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{},"cache_hit":" true"}`, "cache_hit"},
		"not an object":     {`[]`, "object"},
	}
	for name, tc := range invalid {
		v, _ := jsonv.Decode([]byte(tc.body))
		if _, err := ParseResponse(v); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, tc.want)
		}
	}
}

func TestParseCassetteName(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		turn int
		key  string
		ok   bool
	}{
		"00-655f68c7fb8fc1ef.json":     {0, "655f68c7fb8fc1ef", true},
		"12-655f68c7fb8fc1ef#2.json":   {12, "655f68c7fb8fc1ef#2", true},
		"100-655f68c7fb8fc1ef.json":    {100, "655f68c7fb8fc1ef", true},
		"0-655f68c7fb8fc1ef.json":      {0, "", false},
		"00-655F68C7FB8FC1EF.json":     {0, "", false},
		"00-655f68c7fb8fc1e.json":      {0, "", false},
		"00-655f68c7fb8fc1ef#0.json":   {0, "", false},
		"00-655f68c7fb8fc1ef#.json":    {0, "", false},
		"00-655f68c7fb8fc1ef.json.bak": {0, "", false},
		"notes.json":                   {0, "", false},
	}
	for name, tc := range tests {
		turn, key, ok := ParseName(name)
		if turn != tc.turn || key != tc.key || ok != tc.ok {
			t.Errorf("ParseCassetteName(%q) = %d, %q, %v", name, turn, key, ok)
		}
	}
	if got := RelPath("checkout flow/v2", "add to cart", 7, "0e410f456f63bd03#2"); got != "checkout_flow_v2-29a2d01e/add_to_cart-31900a39/07-0e410f456f63bd03#2.json" {
		t.Errorf("CassetteRelPath = %s", got)
	}
}
