package provider

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Redacted replaces a credential wherever this package would otherwise
// show it: in error messages and in a response's raw payload.
const Redacted = "[REDACTED]"

// Secrets shorter than minSecret are not searched for: a "key" of one or
// two characters would blank out every error message. Real keys are tens
// of characters long.
const minSecret = 4

// fragment is the length of the pieces of a long secret that are searched
// for as well, so that a provider echoing part of a key ("Incorrect API key
// provided: sk-abc…") does not show that part either.
const fragment = 8

// redactor removes credentials from text and JSON values. Its zero value
// redacts nothing.
type redactor struct {
	secrets []string
}

func newRedactor(secrets ...string) redactor {
	var r redactor
	for _, s := range secrets {
		if len(s) >= minSecret && !strings.Contains(Redacted, s) {
			r.secrets = append(r.secrets, s)
		}
	}
	return r
}

// text returns s with every occurrence of a secret, and of every fragment
// of a long secret, replaced by [Redacted]. Replaced spans are widened to
// whole runes, so the result stays valid UTF-8 when s was.
func (r redactor) text(s string) string {
	if len(r.secrets) == 0 || s == "" {
		return s
	}
	var spans [][2]int
	for _, sec := range r.secrets {
		spans = appendMatches(spans, s, sec)
		if len(sec) > fragment {
			for i := 0; i+fragment <= len(sec); i++ {
				spans = appendMatches(spans, s, sec[i:i+fragment])
			}
		}
	}
	if len(spans) == 0 {
		return s
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var b strings.Builder
	last := 0
	for i := 0; i < len(spans); {
		start, end := spans[i][0], spans[i][1]
		for i++; i < len(spans) && spans[i][0] <= end; i++ {
			end = max(end, spans[i][1])
		}
		for start > 0 && !utf8.RuneStart(s[start]) {
			start--
		}
		for end < len(s) && !utf8.RuneStart(s[end]) {
			end++
		}
		if start < last {
			start = last
		}
		b.WriteString(s[last:start])
		b.WriteString(Redacted)
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

func appendMatches(spans [][2]int, s, sub string) [][2]int {
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return spans
		}
		spans = append(spans, [2]int{off + i, off + i + len(sub)})
		off += i + 1
	}
}

// value returns a copy of v with every string and object key passed
// through [redactor.text].
func (r redactor) value(v jsonv.Value) jsonv.Value {
	if len(r.secrets) == 0 {
		return v
	}
	switch v.Kind {
	case jsonv.String:
		v.Text = r.text(v.Text)
	case jsonv.Array:
		items := make([]jsonv.Value, len(v.Items))
		for i := range v.Items {
			items[i] = r.value(v.Items[i])
		}
		v.Items = items
	case jsonv.Object:
		out := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(v.Members))}
		for _, m := range v.Members {
			// Set, not append: two keys that differ only in a secret become
			// equal once redacted, and an object's keys stay unique.
			out.Set(r.text(m.Key), r.value(m.Value))
		}
		v = out
	default: // null, booleans and numbers hold no text
	}
	return v
}
