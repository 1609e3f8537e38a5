package runreport

import (
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Mask is what a report hides before it lays its texts out (before the
// terminal report cuts a long value, so that no part of a secret is
// left). The zero Mask hides nothing: dryfire's bytes.
type Mask struct {
	// Keys are the API keys the tool may read: never printed, never
	// written.
	Keys *visible.Keys
	// Secrets masks recorded secrets as show prints them
	// ([secrets.Mask]); nil leaves them as they are (--reveal, and the
	// files written for programs).
	Secrets *secrets.Masker
}

// StreamMask is the mask of what a run prints: the keys, and unless
// reveal the recorded secrets, learned from every value of doc (the run
// document) so that a password found under its name in a tool call's
// arguments is masked where the response repeats it.
func StreamMask(doc jsonv.Value, keys *visible.Keys, reveal bool) Mask {
	m := Mask{Keys: keys}
	if !reveal {
		m.Secrets = (&secrets.Masker{}).Learn(doc)
	}
	return m
}

// failingMask is the mask of the texts that show failing cases only (the
// terminal report, -v, JUnit): the keys and the recorded secrets, learned
// from the failing cases' values alone, which is all they print.
func failingMask(res *engine.Result, keys *visible.Keys) Mask {
	var values []jsonv.Value
	var unserializable string // the run document's concern, not the mask's
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if !c.Passed {
				values = append(values, caseValue(c, &unserializable))
			}
		}
	}
	return Mask{Keys: keys, Secrets: (&secrets.Masker{}).Learn(values...)}
}

// ShownMask is the mask of what a run prints about its failing cases (the
// terminal report, -v, JUnit on stdout, the short summary): the keys and,
// unless reveal, the recorded secrets of the failing cases.
func ShownMask(res *engine.Result, keys *visible.Keys, reveal bool) Mask {
	if reveal {
		return Mask{Keys: keys}
	}
	return failingMask(res, keys)
}

// FileMask is the mask of the files written for programs (--json-out,
// --junit-out): the keys only, the recorded values as dryfire writes them.
func FileMask(keys *visible.Keys) Mask { return Mask{Keys: keys} }

// text masks one text.
func (m Mask) text(s string) string {
	if m.Secrets != nil {
		s, _ = m.Secrets.Text(s)
	}
	return m.Keys.Mask(s)
}

// value masks a recorded value: its strings and object keys.
func (m Mask) value(v jsonv.Value) jsonv.Value {
	if m.Secrets != nil {
		v, _ = m.Secrets.Apply(v)
	}
	if m.Keys.Len() == 0 {
		return v
	}
	return maskKeys(v, m.Keys)
}

// maskKeys returns v with every key masked in its strings and object
// keys; v itself is not modified, and a part with no key is shared.
func maskKeys(v jsonv.Value, keys *visible.Keys) jsonv.Value {
	switch v.Kind { //nolint:exhaustive // numbers, booleans and null hold no text
	case jsonv.String:
		if t := keys.Mask(v.Text); t != v.Text {
			v.Text = t
		}
	case jsonv.Array:
		var items []jsonv.Value
		for i, it := range v.Items {
			if m := maskKeys(it, keys); !same(m, it) {
				if items == nil {
					items = append([]jsonv.Value(nil), v.Items...)
				}
				items[i] = m
			}
		}
		if items != nil {
			v.Items = items
		}
	case jsonv.Object:
		var members []jsonv.Member
		for i, mb := range v.Members {
			k, val := keys.Mask(mb.Key), maskKeys(mb.Value, keys)
			if k != mb.Key || !same(val, mb.Value) {
				if members == nil {
					members = append([]jsonv.Member(nil), v.Members...)
				}
				members[i] = jsonv.Member{Key: k, Value: val}
			}
		}
		if members != nil {
			v.Members = members
		}
	}
	return v
}

// same reports whether maskKeys returned its value unchanged.
func same(a, b jsonv.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind { //nolint:exhaustive // the others are never rewritten
	case jsonv.String:
		return a.Text == b.Text
	case jsonv.Array:
		return len(a.Items) == 0 || &a.Items[0] == &b.Items[0]
	case jsonv.Object:
		return len(a.Members) == 0 || &a.Members[0] == &b.Members[0]
	}
	return true
}

// Text returns s masked: what every report other than dryfire's own
// writers does to a name or a message before it lays it out.
func (m Mask) Text(s string) string { return m.text(s) }

// Value returns v masked, strings and object keys at every depth; v
// itself is not modified.
func (m Mask) Value(v jsonv.Value) jsonv.Value { return m.value(v) }
