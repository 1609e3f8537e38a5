package suite

// The entries of expect: each parsed once by package casemodel, and
// dryfire's pre-pass over them (a known kind, with did-you-mean).

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// assertion parses an expect entry once per load.
func (v *validator) assertion(entry *YAMLNode) casemodel.Assertion {
	if a, ok := v.assertions[entry]; ok {
		return a
	}
	if v.assertions == nil {
		v.assertions = map[*YAMLNode]casemodel.Assertion{}
	}
	a := casemodel.ParseAssertion(entry)
	v.assertions[entry] = a
	return a
}

// checkAssertions is dryfire's assertion pre-pass: every one-key expect
// entry must name a known kind, and the arguments of the structural kinds
// must have the right shape.
func (v *validator) checkAssertions(root *YAMLNode) {
	cases, ok := root.Get("cases")
	if !ok || cases.Kind != jsonv.Array {
		return
	}
	for ci, c := range cases.Items {
		expect, ok := c.Get("expect")
		if !ok || expect.Kind != jsonv.Array {
			continue
		}
		for ei, e := range expect.Items {
			if e.Kind != jsonv.Object || len(e.Members) != 1 {
				continue
			}
			m := e.Members[0]
			loc := func() string {
				return rawLoc([]locSeg{fieldSeg("cases"), indexSeg(ci), fieldSeg("expect"), indexSeg(ei)}, rawKeySeg(m))
			}
			if t := notIterable(m.KeyNode); t != "" && v.fatal == nil {
				// dryfire looks for a known kind close to the key with
				// difflib, which iterates over it: a number, a bool, null
				// or a date fails there, and the load with it.
				kp := v.keyPos(e, m)
				e := v.errorAt(kp, "TypeError: '"+t+"' object is not iterable")
				e.Fatal = FatalValue
				e.Hint = "dryfire fails (an internal error) on an assertion kind that is not a string: write the kind as a string"
				v.fatal = &e
				return
			}
			if !slices.Contains(casemodel.Kinds, m.Key) {
				kp := v.keyPos(e, m)
				err := v.errorAt(kp, "unknown assertion kind: "+keyRepr(m))
				err.Loc = loc()
				if best := closeMatch(kindChars(m), casemodel.Kinds, 0.4); best != "" {
					err.Hint = "did you mean " + jsonv.PyRepr(best) + "?"
				} else {
					err.Hint = "valid kinds: " + strings.Join(casemodel.Kinds, ", ")
				}
				v.errs = append(v.errs, err)
				continue
			}
			a := v.assertion(e)
			if a.Fatal != nil {
				// re raises what pydantic does not report, and dryfire's
				// load stops there.
				f := v.errorAt(v.valuePos(e, m), a.Fatal.Message)
				f.Fatal, f.Hint = a.Fatal.Kind, a.Fatal.Hint
				v.fatal = &f
				return
			}
			if msg := a.Err; msg != "" {
				p := v.valuePos(e, m)
				if p.line == 0 {
					p = v.keyPos(e, m)
				}
				err := v.errorAt(p, "invalid arguments for "+jsonv.PyRepr(m.Key)+": "+msg)
				err.Loc = loc()
				v.errs = append(v.errs, err)
			}
		}
	}
}

// kindChars is what difflib compares the kinds with when it iterates the
// key of m: a string's characters (a tagged scalar's too); nothing for a
// mapping, a tuple or bytes, whose items are no characters.
func kindChars(m YAMLMember) string {
	k := m.KeyNode
	switch {
	case k == nil || k.IsStr():
		return m.Key
	case k.PyType == "TaggedScalar":
		return k.Scalar.Text
	}
	return ""
}

// closeMatch is difflib.get_close_matches(word, candidates, n=1, cutoff).
func closeMatch(word string, candidates []string, cutoff float64) string {
	best, bestScore := "", 0.0
	for _, c := range candidates {
		if r := seqRatio(c, word); r >= cutoff && r > bestScore {
			best, bestScore = c, r
		}
	}
	return best
}

// seqRatio is difflib.SequenceMatcher(None, a, b).ratio() without junk.
func seqRatio(a, b string) float64 {
	ar, br := []rune(a), []rune(b)
	if len(ar)+len(br) == 0 {
		return 1
	}
	return 2 * float64(matchingChars(ar, br)) / float64(len(ar)+len(br))
}

func matchingChars(a, b []rune) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	bi, bj, size := 0, 0, 0
	for i := range a {
		for j := range b {
			k := 0
			for i+k < len(a) && j+k < len(b) && a[i+k] == b[j+k] {
				k++
			}
			if k > size {
				bi, bj, size = i, j, k
			}
		}
	}
	if size == 0 {
		return 0
	}
	return size + matchingChars(a[:bi], b[:bj]) + matchingChars(a[bi+size:], b[bj+size:])
}
