package redact

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// family is the wire a provider name speaks: "anthropic", "gemini", or
// "openai" for every other name (OpenAI itself, the OpenAI-compatible
// providers, the providers: entries).
func family(name string) string {
	switch name {
	case "anthropic", "gemini":
		return name
	}
	return "openai"
}

// textParts are the pieces of a raw payload that dryfire joins into the
// response's text: Anthropic's text blocks, the text parts of Gemini's
// first candidate. The OpenAI wire has one content string, no pieces.
type textParts struct {
	texts []string
	// path is where the pieces are, for a finding: content,
	// candidates[0].content.parts.
	path string
	// set returns the raw payload with the pieces replaced by texts.
	set func(texts []string) jsonv.Value
}

func rawTextParts(wire string, raw jsonv.Value) textParts {
	switch wire {
	case "anthropic":
		content := raw.Field("content")
		return itemTexts(content, "content", func(b jsonv.Value) bool { return b.Field("type").Str() == "text" },
			func(c jsonv.Value) jsonv.Value { return replaced(raw, "content", c) })
	case "gemini":
		candidates := raw.Field("candidates")
		if candidates.Kind != jsonv.Array || len(candidates.Items) == 0 {
			return textParts{}
		}
		content := candidates.Items[0].Field("content")
		parts := content.Field("parts")
		return itemTexts(parts, "candidates[0].content.parts", func(jsonv.Value) bool { return true },
			func(p jsonv.Value) jsonv.Value {
				items := slices.Clone(candidates.Items)
				items[0] = replaced(items[0], "content", replaced(content, "parts", p))
				return replaced(raw, "candidates", jsonv.Value{Kind: jsonv.Array, Items: items})
			})
	}
	return textParts{}
}

// itemTexts collects the "text" strings of the objects of list that keep
// says are text, and builds their setter over put (which places a new list
// in the payload).
func itemTexts(list jsonv.Value, path string, keep func(jsonv.Value) bool, put func(jsonv.Value) jsonv.Value) textParts {
	if list.Kind != jsonv.Array {
		return textParts{}
	}
	var at []int
	tp := textParts{path: path}
	for i, item := range list.Items {
		if t := item.Field("text"); item.Kind == jsonv.Object && t.Kind == jsonv.String && keep(item) {
			at = append(at, i)
			tp.texts = append(tp.texts, t.Text)
		}
	}
	tp.set = func(texts []string) jsonv.Value {
		items := slices.Clone(list.Items)
		for k, i := range at {
			items[i] = replaced(items[i], "text", jsonv.StringValue(texts[k]))
		}
		return put(jsonv.Value{Kind: jsonv.Array, Items: items})
	}
	return tp
}

// replaced returns a copy of the object o with key set to x.
func replaced(o jsonv.Value, key string, x jsonv.Value) jsonv.Value {
	out := jsonv.Value{Kind: jsonv.Object, Members: slices.Clone(o.Members)}
	out.Set(key, x)
	return out
}

// joinedText redacts a secret that no text piece of the raw payload holds
// whole but their join (the response's text) does: a provider that sends
// a key in pieces shorter than a fragment. Every run of a piece that is
// part of such a secret is replaced, so that the pieces joined are the
// redacted text. It returns the raw payload, its text pieces after
// redaction (nil when it has fewer than two) and where the secrets were.
func (r Redactor) joinedText(wire string, raw jsonv.Value) (jsonv.Value, []string, []hit) {
	parts := rawTextParts(wire, raw)
	if len(parts.texts) < 2 {
		return raw, nil, nil
	}
	joined := strings.Join(parts.texts, "")
	spans := r.spans(joined, 0)
	if len(spans) == 0 {
		return raw, parts.texts, nil
	}
	texts := make([]string, len(parts.texts))
	off := 0
	for i, t := range parts.texts {
		texts[i] = r.apply(t, clip(spans, off, off+len(t)))
		off += len(t)
	}
	hits := make([]hit, 0, len(spans))
	for _, sp := range spans {
		hits = append(hits, hit{id: sp.id, path: parts.path, escaped: sp.escaped, split: true})
	}
	return parts.set(texts), texts, hits
}

// Joined is [Redactor.joinedText] over a response whose text is the join
// of its raw payload's text pieces, as a gateway builds it: the text is
// set to the join of the redacted pieces. wire is the wire family of the
// provider: "anthropic", "gemini" or "openai".
func (r Redactor) Joined(wire string, resp cassette.Response) cassette.Response {
	raw, texts, hits := r.joinedText(wire, resp.Raw)
	if len(hits) > 0 {
		resp.Raw, resp.Text = raw, joinedValue(texts)
	}
	return resp
}

// joinedValue is dryfire's "".join(parts) or None, as a JSON value.
func joinedValue(texts []string) jsonv.Value {
	if s := strings.Join(texts, ""); s != "" {
		return jsonv.StringValue(s)
	}
	return jsonv.NullValue()
}

// clip returns the parts of spans within [from, to), relative to from.
func clip(spans []span, from, to int) []span {
	var out []span
	for _, sp := range spans {
		if sp.end <= from || sp.start >= to {
			continue
		}
		sp.start, sp.end = max(sp.start, from)-from, min(sp.end, to)-from
		out = append(out, sp)
	}
	return out
}
