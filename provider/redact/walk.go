package redact

import (
	"slices"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// walker runs a Redactor over every string and object key of a JSON
// value, copying only what changes, and, when track is set, notes where
// each secret was (a JSON path such as raw.content[0].text).
type walker struct {
	r     Redactor
	track bool
	path  []byte
	hits  []hit
}

// hit is one string that held a secret.
type hit struct {
	id   int
	path string
	// escaped: found once JSON escapes were decoded; split: found in the
	// join of text pieces, none of which holds it whole.
	escaped, split bool
}

// value returns v redacted and whether anything changed.
func (w *walker) value(v jsonv.Value) (jsonv.Value, bool) {
	switch v.Kind { //nolint:exhaustive // null, booleans and numbers hold no text
	case jsonv.String:
		if s, ok := w.str(v.Text); ok {
			return jsonv.StringValue(s), true
		}
	case jsonv.Array:
		var items []jsonv.Value
		for i := range v.Items {
			mark := w.push(i, "")
			x, changed := w.value(v.Items[i])
			w.path = w.path[:mark]
			if changed && items == nil {
				items = slices.Clone(v.Items)
			}
			if items != nil {
				items[i] = x
			}
		}
		if items != nil {
			return jsonv.Value{Kind: jsonv.Array, Items: items}, true
		}
	case jsonv.Object:
		return w.object(v)
	}
	return v, false
}

func (w *walker) object(v jsonv.Value) (jsonv.Value, bool) {
	var members []jsonv.Member
	keysChanged := false
	for i, m := range v.Members {
		key, kc := w.str(m.Key)
		mark := w.push(-1, key)
		x, vc := w.value(m.Value)
		w.path = w.path[:mark]
		if (kc || vc) && members == nil {
			members = slices.Clone(v.Members[:i])
		}
		keysChanged = keysChanged || kc
		if members != nil {
			members = append(members, jsonv.Member{Key: key, Value: x})
		}
	}
	if members == nil {
		return v, false
	}
	if !keysChanged {
		return jsonv.Value{Kind: jsonv.Object, Members: members}, true
	}
	// Set, not append: two keys that differ only in a secret become equal
	// once redacted, and an object's keys stay unique.
	out := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(members))}
	for _, m := range members {
		out.Set(m.Key, m.Value)
	}
	return out, true
}

// str redacts one string, noting where its secrets were.
func (w *walker) str(s string) (string, bool) {
	spans := w.r.spans(s, 0)
	if len(spans) == 0 {
		return s, false
	}
	if w.track {
		for _, sp := range spans {
			w.hits = append(w.hits, hit{id: sp.id, path: string(w.path), escaped: sp.escaped})
		}
	}
	return w.r.apply(s, spans), true
}

// push appends an index (key == "" and i >= 0) or a key to the path, when
// paths are tracked, and returns the length to cut it back to.
func (w *walker) push(i int, key string) int {
	mark := len(w.path)
	if w.track {
		w.path = appendPath(w.path, i, key)
	}
	return mark
}

// appendPath appends [i], .key, or ['key'] for a key that is not a plain
// name (the key as Python's repr spells it, control characters escaped).
func appendPath(path []byte, i int, key string) []byte {
	if i >= 0 {
		return append(append(append(path, '['), strconv.Itoa(i)...), ']')
	}
	if plainName(key) {
		if len(path) > 0 {
			path = append(path, '.')
		}
		return append(path, key...)
	}
	return append(append(append(path, '['), jsonv.PyRepr(key)...), ']')
}

func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
