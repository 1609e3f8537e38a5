package secrets

import (
	"slices"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// Masks. Every surface that prints the values of a recording (show, diff,
// review, the browser) prints each secret as its mask, the way the secrets
// command lists it: the rule, the preview and the first 12 hex digits of
// the hash. A mask is a function of the secret, so one secret masks alike
// wherever it appears, and two versions of a request still compare.

// Mask is how a finding shows in place of its secret:
// [openai-api-key sk-proj-Ab…xY sha256:9f86d081884c].
func Mask(f Finding) string {
	return "[" + f.Rule + " " + f.Redacted + " sha256:" + f.Hash[:min(12, len(f.Hash))] + "]"
}

// knownSecret is a value known to be secret whatever it looks like: the
// value of an environment variable with a credential's name, interpolated
// into a suite, or a secret a rule found elsewhere in the same values.
type knownSecret struct {
	rule, value string
	keep        int // the public prefix, as the rule that found it has it
}

// Masker masks the secrets of values and text. The zero Masker masks what
// the rules find; [Masker.AddEnv] adds values known to be secret. A Masker
// is not changed by masking, so one may mask from several goroutines once
// its values are added.
type Masker struct {
	known []knownSecret
	// set finds the known values in a string, in one pass whatever their
	// number; nil when there are none.
	set *knownSet
}

// AddEnv tells the masker the value of an environment variable that ${VAR}
// interpolation used. A value under a credential's name (OPENAI_API_KEY,
// DB_PASSWORD, *_TOKEN) of 8 characters or more that is not a placeholder
// is masked wherever it appears, as rule "env:NAME", even when no rule
// would find it; any other value is masked where a rule finds it, like
// everything else.
func (k *Masker) AddEnv(name, value string) {
	if len(value) < 8 || detect.IsPlaceholder(value) || detect.ClassifyKey(name) == detect.KeyNone {
		return
	}
	for _, x := range k.known {
		if x.value == value {
			return
		}
	}
	k.known = append(k.known, knownSecret{rule: "env:" + name, value: value})
	k.set = newKnownSet(k.known)
}

// Learn returns a masker that also knows every secret the rules find in
// the values: a password found under its name in a tool call's arguments
// is then masked where it appears again without one (in the response
// text, in the other request of a diff). k is not modified.
func (k *Masker) Learn(values ...jsonv.Value) *Masker {
	out := &Masker{}
	seen := map[string]bool{}
	if k != nil {
		out.known = slices.Clone(k.known)
		for _, x := range k.known {
			seen[x.value] = true
		}
	}
	for _, v := range values {
		r := redactor{learn: func(s string, m detect.Match) {
			if secret := s[m.Start:m.End]; len(secret) >= 8 && !seen[secret] {
				seen[secret] = true
				out.known = append(out.known, knownSecret{rule: m.Rule, value: secret, keep: m.Keep})
			}
		}}
		if k != nil {
			r.known = k.set
		}
		r.value(v, detect.KeyNone)
	}
	out.set = newKnownSet(out.known)
	return out
}

// Value returns v with every secret replaced by its [Mask], and the number
// replaced; v itself is not modified. Every secret found anywhere in v is
// masked wherever it appears in v (see [Masker.Learn]). A nil Masker masks
// what the rules find.
func (k *Masker) Value(v jsonv.Value) (jsonv.Value, int) {
	return k.Learn(v).apply(v)
}

// apply masks v with what the masker knows, without learning.
func (k *Masker) apply(v jsonv.Value) (jsonv.Value, int) {
	r := redactor{with: maskOf}
	if k != nil {
		r.known = k.set
	}
	out := r.value(v, detect.KeyNone)
	return out, r.n
}

// Apply is Value without learning from v: for values masked with what a
// masker learned from several (the two requests of a diff).
func (k *Masker) Apply(v jsonv.Value) (jsonv.Value, int) { return k.apply(v) }

// Text returns s with every secret replaced by its [Mask], reading s as
// [ScanText] does (JSON escapes decoded once before hashing), for text
// that holds JSON: a unified diff, a pretty-printed value.
func (k *Masker) Text(s string) (string, int) {
	ms := detect.FindAll(s, nil)
	if k != nil {
		ms = k.set.appendMatches(s, ms)
	}
	if len(ms) == 0 {
		return s, 0
	}
	b, n := replaceMatches(make([]byte, 0, len(s)), s, ms, nil, func(m detect.Match) string {
		return Mask(newFinding(s, m, true))
	})
	return string(b), n
}

// MaskValue masks the secrets of v that the rules find (see [Masker.Value]).
func MaskValue(v jsonv.Value) jsonv.Value {
	out, _ := (*Masker)(nil).Value(v)
	return out
}

func maskOf(s string, m detect.Match) string {
	return Mask(newFinding(s, m, false))
}

// replaceMatches appends s to b with the secrets of ms replaced by what
// with returns, except those spare returns true for (nil spares none), and
// returns it with the number replaced. The matches are sorted first, by
// start and, of those that start together, the longest first (a rule's
// match before a known secret's of the same span).
//
// Matches may overlap: a known secret may reach past a rule's match or
// another known secret. A match that one already replaced holds whole is
// left out; one that reaches past it is replaced too, from where the other
// ended, so that no byte of any secret is written.
func replaceMatches(b []byte, s string, ms []detect.Match, spare func(detect.Match) bool, with func(detect.Match) string) ([]byte, int) {
	slices.SortStableFunc(ms, func(a, b detect.Match) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	last, n := 0, 0
	for _, m := range ms {
		if m.End <= last || spare != nil && spare(m) {
			continue
		}
		b = append(b, s[last:max(last, m.Start)]...)
		b = append(b, with(m)...)
		last = m.End
		n++
	}
	return append(b, s[last:]...), n
}
