package redact

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const (
	suiteKey = "sk-ant-api03-interpolatedINTOsuite-0008"
	otherKey = "sk-proj-otherOTHERother-0009"
)

func testKeySet() *KeySet {
	return NewKeySet([]NamedKey{
		{Name: "ANTHROPIC_API_KEY", Value: suiteKey},
		{Name: "OPENAI_API_KEY", Value: otherKey},
		{Name: "LOCAL_API_KEY", Value: "ollama"}, // a placeholder, not a key
	}, func(name string) string { return "<" + name + ">" })
}

func TestKeySetValue(t *testing.T) {
	t.Parallel()
	args := strconv.Quote(`{"k":"` + strings.ReplaceAll(otherKey, "-", `\u002d`) + `"}`)
	v, err := jsonv.Decode([]byte(`{"messages":[{"content":"use ` + suiteKey + ` and ollama"}],"` + otherKey + `":1,"args":` + args + `}`))
	if err != nil {
		t.Fatal(err)
	}
	out, hits := testKeySet().Value(v, "request_digest")
	want := `{"messages":[{"content":"use <ANTHROPIC_API_KEY> and ollama"}],"<OPENAI_API_KEY>":1,"args":"{\"k\":\"<OPENAI_API_KEY>\"}"}`
	if got := enc(out); got != want {
		t.Errorf("redacted\n got %s\nwant %s", got, want)
	}
	wantHits := []KeyHit{
		{Name: "ANTHROPIC_API_KEY", Path: "request_digest.messages[0].content"},
		{Name: "OPENAI_API_KEY", Path: "request_digest"},
		{Name: "OPENAI_API_KEY", Path: "request_digest.args", Escaped: true},
	}
	if !slices.Equal(hits, wantHits) {
		t.Errorf("hits\n got %+v\nwant %+v", hits, wantHits)
	}
	if _, hits := testKeySet().Text("ollama, EMPTY, sk-1234", "x"); len(hits) != 0 {
		t.Errorf("a value under %d bytes is found: %+v", MinRecordedKey, hits)
	}
	var none *KeySet
	if got, hits := none.Value(v, ""); !jsonv.Equal(got, v) || hits != nil || !none.Empty() {
		t.Errorf("a nil KeySet changed %s", enc(got))
	}
}

// TestKeySetResponse: a key split across Anthropic text blocks is found in
// the text and in the blocks, and both are redacted so that the text stays
// the blocks' join; an escaped one in the raw arguments and the parsed
// one in the tool call too.
func TestKeySetResponse(t *testing.T) {
	t.Parallel()
	var blocks []string
	for _, p := range pieces(suiteKey, 5) {
		blocks = append(blocks, `{"type":"text","text":`+strconv.Quote(p)+`}`)
	}
	raw, err := jsonv.Decode([]byte(`{"content":[` + strings.Join(blocks, ",") +
		`,{"type":"tool_use","id":"t1","name":"save","input":{"key":"` + otherKey + `"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	// The response as the Anthropic gateway makes it of raw.
	resp := cassette.Response{
		Text:       jsonv.StringValue(suiteKey),
		ToolCalls:  []cassette.ToolCall{{ID: "t1", Name: "save", Arguments: raw.Field("content").Items[8].Field("input")}},
		StopReason: "tool_use",
		Raw:        raw,
	}
	out, hits := testKeySet().Response("anthropic", resp, "response")
	for _, key := range []string{suiteKey, otherKey} {
		if s := enc(cassette.ResponseValue(out)); strings.Contains(s, key) {
			t.Errorf("the response holds %s: %s", key, s)
		}
	}
	if texts := rawTextParts("anthropic", out.Raw).texts; out.Text.Str() != strings.Join(texts, "") {
		t.Errorf("the text %q is not the join of the raw pieces %q", out.Text.Str(), texts)
	}
	var got []string
	for _, h := range hits {
		got = append(got, fmt.Sprintf("%s %s escaped=%v split=%v", h.Name, h.Path, h.Escaped, h.Split))
	}
	want := []string{
		"OPENAI_API_KEY response.raw.content[8].input.key escaped=false split=false",
		"ANTHROPIC_API_KEY response.text escaped=false split=false",
		"OPENAI_API_KEY response.tool_calls[0].arguments.key escaped=false split=false",
		"ANTHROPIC_API_KEY response.raw.content escaped=false split=true",
	}
	if !slices.Equal(got, want) {
		t.Errorf("hits\n got %q\nwant %q", got, want)
	}
	if out.Text.Str() != strings.Repeat("<ANTHROPIC_API_KEY>", len(pieces(suiteKey, 5))) {
		t.Errorf("text %q", out.Text.Str())
	}
	if cassette.ResponseValue(resp).Field("text").Str() != suiteKey {
		t.Error("the response given was changed")
	}
}

// pieces splits s into runs of n bytes.
func pieces(s string, n int) []string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, s[i:min(i+n, len(s))])
	}
	return out
}

func enc(v jsonv.Value) string {
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}
