package redact

import (
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// MinRecordedKey is the shortest key value a [KeySet] looks for. Shorter
// values of key variables are placeholders, not keys a provider issues
// ("ollama", "EMPTY", "sk-1234" for a local server): refusing every
// recording that holds such a word would refuse ordinary text.
const MinRecordedKey = 8

// NamedKey is a key variable and its value.
type NamedKey struct{ Name, Value string }

// KeySet finds and replaces the values of key variables (the [NamedKey]s
// the provider package lists from the environment) in what a recording
// holds, whatever their shape: in clear in any string or object key,
// behind JSON escapes (a provider's \u0073k-… inside a tool call's
// arguments, at any of four levels of JSON text in a string), and split
// across the text pieces a response's text is the join of. It looks for
// the exact values only. The zero KeySet and nil find nothing.
type KeySet struct {
	names []string
	r     Redactor
}

// KeyHit is one place a KeySet found a key value. It never holds the
// value.
type KeyHit struct {
	// Name is the variable whose value it is.
	Name string
	// Path is the JSON path of the string that held it (with the prefix
	// given), or of the list of text pieces it was split across.
	Path string
	// Escaped is set when it was found once JSON escapes were decoded.
	Escaped bool
	// Split is set when no text piece held it whole but their join did.
	Split bool
}

// NewKeySet returns the KeySet of keys, whose values (of at least
// [MinRecordedKey] bytes) are replaced with with(name) by the methods that
// redact.
func NewKeySet(keys []NamedKey, with func(name string) string) *KeySet {
	k := &KeySet{}
	var values []string
	for _, nk := range keys {
		if len(nk.Value) >= MinRecordedKey {
			k.names = append(k.names, nk.Name)
			values = append(values, nk.Value)
		}
	}
	k.r = exactRedactor(values, func(id int) string { return with(k.names[id]) })
	return k
}

// Empty reports whether the set looks for nothing.
func (k *KeySet) Empty() bool { return k == nil || len(k.r.needles) == 0 }

// Value returns v with every key value replaced, and where each was; path
// is the JSON path of v itself ("" for a document root).
func (k *KeySet) Value(v jsonv.Value, path string) (jsonv.Value, []KeyHit) {
	if k.Empty() {
		return v, nil
	}
	w := walker{r: k.r, track: true, path: []byte(path)}
	out, _ := w.value(v)
	return out, k.named(w.hits)
}

// Text is [KeySet.Value] for one string.
func (k *KeySet) Text(s, path string) (string, []KeyHit) {
	out, hits := k.Value(jsonv.StringValue(s), path)
	return out.Text, hits
}

// Response returns resp with every key value replaced, and where each
// was: its text (and, for a key split across the raw payload's text
// pieces, those pieces, so that the text stays their join), its tool
// calls (ids, names, arguments, malformed arguments), its stop reason and
// its raw payload. provider is the provider name the response came from;
// path prefixes the paths of the hits ("response").
func (k *KeySet) Response(provider string, resp cassette.Response, path string) (cassette.Response, []KeyHit) {
	if k.Empty() {
		return resp, nil
	}
	w := walker{r: k.r, track: true}
	field := func(v jsonv.Value, name string) jsonv.Value {
		w.path = append(append(w.path[:0], path...), name...)
		out, _ := w.value(v)
		return out
	}
	wire := family(provider)
	pieces := rawTextParts(wire, resp.Raw)
	isJoin := len(pieces.texts) >= 2 && resp.Text.Kind == jsonv.String && resp.Text.Text == strings.Join(pieces.texts, "")
	raw := field(resp.Raw, ".raw")
	resp.Text = field(resp.Text, ".text")
	resp.StopReason = field(jsonv.StringValue(resp.StopReason), ".stop_reason").Text
	calls := make([]cassette.ToolCall, len(resp.ToolCalls))
	for i, c := range resp.ToolCalls {
		at := ".tool_calls[" + strconv.Itoa(i) + "]"
		c.ID = field(jsonv.StringValue(c.ID), at+".id").Text
		c.Name = field(jsonv.StringValue(c.Name), at+".name").Text
		c.Arguments = field(c.Arguments, at+".arguments")
		c.MalformedArguments = field(c.MalformedArguments, at+".malformed_arguments")
		calls[i] = c
	}
	resp.ToolCalls = calls
	raw, texts, split := k.r.joinedText(wire, raw)
	for _, h := range split {
		h.path = path + ".raw." + h.path
		w.hits = append(w.hits, h)
	}
	if isJoin {
		// The text stays the join of the pieces, as replay and the next
		// turn's echo of the raw content expect.
		resp.Text = joinedValue(texts)
	}
	resp.Raw = raw
	return resp, k.named(w.hits)
}

func (k *KeySet) named(hits []hit) []KeyHit {
	if len(hits) == 0 {
		return nil
	}
	out := make([]KeyHit, len(hits))
	for i, h := range hits {
		out[i] = KeyHit{Name: k.names[h.id], Path: h.path, Escaped: h.escaped, Split: h.split}
	}
	return out
}
