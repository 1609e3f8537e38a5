package report

import (
	"bytes"
	"encoding/json"
	"testing"
)

// stdIndented is what encoding/json's own indenting encoder writes.
func stdIndented(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestIndentWriterIsTheEncodersIndent: for documents with empty, nested
// and mixed containers, strings holding brackets, quotes, escapes and
// colons, and raw JSON, the chunked indenter writes the encoder's bytes,
// however the compact text is split between writes.
func TestIndentWriterIsTheEncodersIndent(t *testing.T) {
	type inner struct {
		A []int           `json:"a"`
		M map[string]any  `json:"m"`
		R json.RawMessage `json:"r"`
		S string          `json:"s"`
	}
	docs := []any{
		nil, 1, "x", []int{}, map[string]int{}, []any{[]any{}, map[string]any{}, []any{[]any{}}},
		inner{S: `{"a": [1, 2], "b\\": "c\"d"} <>&` + "\u2028 é \n\t"},
		inner{A: []int{1, 2, 3}, M: map[string]any{"": nil, "k:v": []string{"[", "]", "{", "}", ",", ":"}, "z": map[string]any{}},
			R: json.RawMessage(`{ "x" : [ 1 , { } , [ ] ] , "y":"\\\"" }`), S: `\`},
		map[string]any{"recordings": []inner{{}, {A: []int{0}}}},
	}
	for _, doc := range docs {
		want := stdIndented(t, doc)
		var compact bytes.Buffer
		enc := json.NewEncoder(&compact)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := encodeJSON(&got, doc); err != nil || !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("encodeJSON (%v):\n%s\nwant\n%s", err, got.Bytes(), want)
		}
		c := compact.Bytes()
		for i := range c {
			var split bytes.Buffer
			iw := &indentWriter{w: &split}
			_, _ = iw.Write(c[:i])
			_, _ = iw.Write(c[i:])
			if err := iw.flush(); err != nil || !bytes.Equal(split.Bytes(), want) {
				t.Fatalf("split at %d:\n%s\nwant\n%s", i, split.Bytes(), want)
			}
		}
	}
}

// TestIndentWriterOfALargeDocument: a document many chunks long comes out
// as the encoder writes it.
func TestIndentWriterOfALargeDocument(t *testing.T) {
	items := make([]map[string]any, 5000)
	for i := range items {
		items[i] = map[string]any{"i": i, "s": "a \"quoted\" {value}", "l": []int{i, i + 1}, "e": []int{}}
	}
	doc := map[string]any{"items": items}
	var got bytes.Buffer
	if err := encodeJSON(&got, doc); err != nil {
		t.Fatal(err)
	}
	if want := stdIndented(t, doc); got.Len() < 4*flushAt || !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("%d bytes, not the encoder's %d", got.Len(), len(want))
	}
}
