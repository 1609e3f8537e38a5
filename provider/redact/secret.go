package redact

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Redacted replaces a gateway's credential wherever the gateway would
// otherwise show it: in error messages and in a response's raw payload.
const Redacted = "[REDACTED]"

// Secrets shorter than minSecret are not searched for: a "key" of one or
// two characters would blank out every error message. Real keys are tens
// of characters long.
const minSecret = 4

// fragment is the length of the pieces of a long secret that are searched
// for as well, so that a provider echoing part of a key ("Incorrect API key
// provided: sk-abc…") does not show that part either.
const fragment = 8

// maxEscapeDepth is how many times JSON escapes are decoded when a string
// is searched: a tool call's arguments are JSON text inside a JSON string
// (one level), and a string inside them may hold JSON text again.
const maxEscapeDepth = 4

// Redactor finds credentials in text and JSON values, in clear and behind
// JSON escapes (\u0073k-…), and replaces them. Its zero value finds
// nothing.
type Redactor struct {
	needles []needle
	// with is what replaces the secret of an id (nil: [Redacted]).
	with func(id int) string
}

// needle is a string searched for: a secret or a fragment of one. id is
// the index of the secret it belongs to.
type needle struct {
	s  string
	id int
}

// span is a match in a string: bytes [start, end) are a secret (or run
// into one), id names it, and escaped says it was found behind escapes.
type span struct {
	start, end, id int
	escaped        bool
}

// New returns the Redactor of a gateway's own credentials: each secret
// and every fragment of a long one are replaced with [Redacted].
func New(secrets ...string) Redactor {
	var r Redactor
	for id, s := range secrets {
		if len(s) < minSecret || strings.Contains(Redacted, s) {
			continue
		}
		r.needles = append(r.needles, needle{s, id})
		if len(s) > fragment {
			for i := 0; i+fragment <= len(s); i++ {
				r.needles = append(r.needles, needle{s[i : i+fragment], id})
			}
		}
	}
	return r
}

// exactRedactor returns a Redactor of exact values (no fragments): the
// value of index id is replaced with with(id).
func exactRedactor(values []string, with func(id int) string) Redactor {
	r := Redactor{with: with}
	for id, s := range values {
		if len(s) >= minSecret {
			r.needles = append(r.needles, needle{s, id})
		}
	}
	return r
}

// Text returns s with every occurrence of a secret, and of every fragment
// of a long secret, replaced, whether in clear or behind JSON escapes.
// Replaced spans are widened to whole runes, so the result stays valid
// UTF-8 when s was.
func (r Redactor) Text(s string) string { return r.apply(s, r.spans(s, 0)) }

// spans returns the merged, rune-aligned spans of s that hold a secret, in
// order: those in s itself and, when s holds backslashes, those found once
// its JSON escapes are decoded, mapped back onto the escapes.
func (r Redactor) spans(s string, depth int) []span {
	if len(r.needles) == 0 || s == "" {
		return nil
	}
	var out []span
	for _, n := range r.needles {
		for off := 0; ; {
			i := strings.Index(s[off:], n.s)
			if i < 0 {
				break
			}
			out = append(out, span{start: off + i, end: off + i + len(n.s), id: n.id, escaped: depth > 0})
			off += i + 1
		}
	}
	if depth < maxEscapeDepth && strings.IndexByte(s, '\\') >= 0 {
		if d, _ := unescapeJSON(s, false); d != s {
			if inner := r.spans(d, depth+1); len(inner) > 0 {
				_, from := unescapeJSON(s, true)
				for _, sp := range inner {
					sp.start, sp.end = int(from[sp.start]), int(from[sp.end])
					out = append(out, sp)
				}
			}
		}
	}
	return merge(s, out)
}

// merge sorts spans, joins those that overlap or touch, and widens each to
// whole runes.
func merge(s string, spans []span) []span {
	if len(spans) == 0 {
		return nil
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	out := spans[:0]
	for i := 0; i < len(spans); {
		cur := spans[i]
		for i++; i < len(spans) && spans[i].start <= cur.end; i++ {
			cur.end = max(cur.end, spans[i].end)
		}
		for cur.start > 0 && !utf8.RuneStart(s[cur.start]) {
			cur.start--
		}
		for cur.end < len(s) && !utf8.RuneStart(s[cur.end]) {
			cur.end++
		}
		if n := len(out); n > 0 && cur.start <= out[n-1].end {
			out[n-1].end = max(out[n-1].end, cur.end)
			continue
		}
		out = append(out, cur)
	}
	return out
}

// apply replaces each span of s.
func (r Redactor) apply(s string, spans []span) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp.start])
		b.WriteString(r.replacement(sp.id))
		last = sp.end
	}
	b.WriteString(s[last:])
	return b.String()
}

func (r Redactor) replacement(id int) string {
	if r.with == nil {
		return Redacted
	}
	return r.with(id)
}

// Value returns v with every string and object key passed through
// [Redactor.Text]. Unchanged parts are shared with v.
func (r Redactor) Value(v jsonv.Value) jsonv.Value {
	if len(r.needles) == 0 {
		return v
	}
	w := walker{r: r}
	out, _ := w.value(v)
	return out
}
