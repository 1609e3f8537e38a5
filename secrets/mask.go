package secrets

import (
	"slices"
	"strings"

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
// into a suite.
type knownSecret struct {
	rule, value string
	keep        int // the public prefix, as the rule that found it has it
}

// Masker masks the secrets of values and text. The zero Masker masks what
// the rules find; [Masker.AddEnv] adds values known to be secret.
type Masker struct {
	known []knownSecret
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
	// The longest first, so that a value that holds another masks whole.
	slices.SortStableFunc(k.known, func(a, b knownSecret) int { return len(b.value) - len(a.value) })
}

// Learn returns a masker that also knows every secret the rules find in
// the values: a password found under its name in a tool call's arguments
// is then masked where it appears again without one (in the response
// text, in the other request of a diff). k is not modified.
func (k *Masker) Learn(values ...jsonv.Value) *Masker {
	out := &Masker{}
	if k != nil {
		out.known = slices.Clone(k.known)
	}
	for _, v := range values {
		r := redactor{with: func(s string, m detect.Match) string {
			if secret := s[m.Start:m.End]; len(secret) >= 8 && !slices.ContainsFunc(out.known, func(x knownSecret) bool { return x.value == secret }) {
				out.known = append(out.known, knownSecret{rule: m.Rule, value: secret, keep: m.Keep})
			}
			return ""
		}}
		if k != nil {
			r.known = k.known
		}
		r.value(v, detect.KeyNone)
	}
	slices.SortStableFunc(out.known, func(a, b knownSecret) int { return len(b.value) - len(a.value) })
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
		r.known = k.known
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
		ms = knownMatches(s, k.known, ms)
	}
	if len(ms) == 0 {
		return s, 0
	}
	slices.SortFunc(ms, func(a, b detect.Match) int { return a.Start - b.Start })
	var b strings.Builder
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m.Start])
		b.WriteString(Mask(newFinding(s, m, true)))
		last = m.End
	}
	b.WriteString(s[last:])
	return b.String(), len(ms)
}

// MaskValue masks the secrets of v that the rules find (see [Masker.Value]).
func MaskValue(v jsonv.Value) jsonv.Value {
	out, _ := (*Masker)(nil).Value(v)
	return out
}

func maskOf(s string, m detect.Match) string {
	return Mask(newFinding(s, m, false))
}

// knownMatches appends the places of known secrets in s that no match in
// ms already covers.
func knownMatches(s string, known []knownSecret, ms []detect.Match) []detect.Match {
	for _, k := range known {
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], k.value)
			if i < 0 {
				break
			}
			m := detect.Match{Rule: k.rule, Start: from + i, End: from + i + len(k.value), Keep: k.keep}
			if !detect.Overlaps(ms, m) {
				ms = append(ms, m)
			}
			from = m.End
		}
	}
	return ms
}
