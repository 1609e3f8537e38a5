package jsonv

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// summaryPlaces are the spots of a cassette body whose value a summary
// skips, at the top of the skipped value and deep inside it, plus one it
// builds (for contrast); %s is replaced by a snippet.
var summaryPlaces = []string{
	`{"fingerprint": "ab", "request_digest": %s, "response": {"text": "x"}}`,
	"{\"request_digest\": {\"messages\": [{\"content\": \"a\", \"k\": %s}],\n \"n\": 1}}",
	`{"response": {"text": null, "raw": %s, "latency_ms": 3}, "turn": 0}`,
	"{\"response\": {\"raw\": {\"content\": [\n  {\"type\": \"text\", \"text\": %s}]}}}",
	`{"response": {"text": %s}}`,
	`{"suite": %s, "request_digest": {}}`,
}

// summarySnippets are valid and broken JSON values: every error the
// decoder reports, and the strings, numbers and escapes it must accept.
var summarySnippets = []string{
	// Valid.
	`{}`, `[]`, `{"a": [1, 2.5, -0, 1e5, 1E-5, true, false, null]}`, `"plain"`, `"a\/b\"\\\b\f\n\r\t"`,
	`"\u00e9\ud83d\ude80"`, `"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800\udc00"`, `"日本 \u2028"`, "\"\x7f\"",
	`{"a": 1, "a": 2}`, `{"": {"": [[], {}]}}`, `12345678901234567890`, ` [ 1 , { "k" : "v" } ] `,
	// Strings.
	`"\x"`, `"\u12"`, `"\u12G4"`, `"\uZZZZ"`, `"\ud800\u12"`, `"\ud800\uZZZZ"`, "\"a\tb\"", "\"a\x00\"",
	`"abc`, `"\`, `"\u`, `"\ud800\`, "\"\\\n\"", `"\ud800\udc0`,
	// Numbers and literals.
	`NaN`, `Infinity`, `-Infinity`, `[NaN]`, `01`, `-`, `-a`, `1.`, `1.e5`, `1e`, `1e+`, `.5`, `+1`,
	`tru`, `nul`, `fals`, `True`, `None`,
	// Containers.
	`[1,]`, `{"a": 1,}`, `{"a" 1}`, `{"a": 1 "b": 2}`, `[1 2]`, `{1: 2}`, `{'a': 1}`, `[`, `{`, `{"a":`,
	`{"a"`, `[1`, `{"a": 1`, `]`, `}`, `,`, ``,
}

// TestDecodeSummarySkipsAsStrictlyAsDecode: a summary reports exactly the
// error Decode does (message, line and column) for every snippet at every
// place, skipped or not, and otherwise the same body, the skipped values
// left empty.
func TestDecodeSummarySkipsAsStrictlyAsDecode(t *testing.T) {
	t.Parallel()
	for _, place := range summaryPlaces {
		for _, snippet := range summarySnippets {
			data := []byte(strings.Replace(place, "%s", snippet, 1))
			checkSummary(t, data)
		}
	}
	// Nesting right at the limit and beyond it, inside a skipped value.
	for _, n := range []int{maxDepth - 2, maxDepth - 1, maxDepth, maxDepth + 1} {
		deep := strings.Repeat("[", n) + strings.Repeat("]", n)
		checkSummary(t, []byte(`{"request_digest": `+deep+`}`))
		checkSummary(t, []byte(`{"response": {"raw": {"a": `+deep+`}}}`))
	}
	// Bytes that are not UTF-8, when the caller has not checked them.
	for _, s := range []string{"\"\xff\"", "\"a\xc3\"", "\"\\n\xe2\x82\"", "\"\xed\xa0\x80\"", "\"ok\"\xff"} {
		checkSummary(t, []byte(`{"request_digest": `+s+`}`))
		checkSummary(t, []byte(`{"response": {"raw": [`+s+`]}}`))
	}
}

// checkSummary compares the summary decoders with Decode on one input.
func checkSummary(t *testing.T, data []byte) {
	t.Helper()
	full, ferr := Decode(data)
	sum, serr := DecodeSummary(data, false)
	if !sameError(ferr, serr) {
		t.Fatalf("Decode: %v; DecodeSummary: %v\n%s", ferr, serr, data)
	}
	var scoped Value
	called := false
	cerr := DecodeSummaryFunc(data, false, func(body Value) { scoped, called = body.Clone(), true })
	if !sameError(ferr, cerr) || called != (ferr == nil) {
		t.Fatalf("Decode: %v; DecodeSummaryFunc: %v (called %v)\n%s", ferr, cerr, called, data)
	}
	// DecodeFunc: the whole body, request_digest's and response.raw's
	// strings lent from data (and from its text of escaped strings).
	for _, valid := range []bool{false, true} {
		if valid && !utf8.Valid(data) {
			continue
		}
		called = false
		ferr2 := DecodeFunc(data, valid, func(body Value) {
			called = true
			if !Equal(body, full) {
				t.Fatalf("DecodeFunc(validUTF8 %v) differs from Decode:\n%s", valid, data)
			}
		})
		if !sameError(ferr, ferr2) || called != (ferr == nil) {
			t.Fatalf("Decode: %v; DecodeFunc: %v (called %v)\n%s", ferr, ferr2, called, data)
		}
	}
	if ferr != nil {
		return
	}
	want := leaveOutBodies(full)
	if !Equal(sum, want) || !Equal(scoped, want) {
		t.Fatalf("summaries differ from the body without its bodies:\n%s", data)
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}

// leaveOutBodies is what a summary keeps of a decoded body: request_digest
// and response.raw empty values of their kind.
func leaveOutBodies(v Value) Value {
	if v.Kind != Object {
		return v
	}
	v = v.Clone()
	if d, ok := v.Get("request_digest"); ok {
		v.Set("request_digest", emptyOfKind(d))
	}
	if resp, ok := v.Get("response"); ok && resp.Kind == Object {
		if raw, ok := resp.Get("raw"); ok {
			resp.Set("raw", emptyOfKind(raw))
			v.Set("response", resp)
		}
	}
	return v
}

func emptyOfKind(v Value) Value {
	switch v.Kind { //nolint:exhaustive // null and booleans are kept as they are
	case Number, String:
		return Value{Kind: v.Kind}
	case Array:
		return Value{Kind: Array, Items: []Value{}}
	case Object:
		return Value{Kind: Object, Members: []Member{}}
	}
	return v
}

// TestDecodeSummaryFuncScratchIsReused: the containers a scoped summary
// hands out are scratch space (the contract callers rely on to clone), and
// an append to them cannot write into a neighbour's members.
func TestDecodeSummaryFuncScratchIsReused(t *testing.T) {
	t.Parallel()
	data := []byte(`{"a": {"x": 1}, "b": {"y": 2}, "c": [1, 2]}`)
	err := DecodeSummaryFunc(data, true, func(body Value) {
		a := body.Field("a")
		a.Set("z", IntValue(3))
		if got := body.Field("b"); got.Len() != 1 || got.Members[0].Key != "y" {
			t.Errorf("appending to one object changed the next: %+v", got)
		}
		kept := body.Clone()
		if !Equal(kept, body) {
			t.Error("Clone of a scoped body differs")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzDecodeSummary: at every place, a summary fails exactly as Decode does
// and keeps the same body otherwise.
func FuzzDecodeSummary(f *testing.F) {
	for _, s := range summarySnippets {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, snippet string) {
		for _, place := range summaryPlaces {
			checkSummary(t, []byte(strings.Replace(place, "%s", snippet, 1)))
		}
	})
}
