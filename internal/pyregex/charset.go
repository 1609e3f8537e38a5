package pyregex

import (
	"sort"
	"strconv"
)

// runeRange is the code points lo to hi, both included.
type runeRange struct{ lo, hi rune }

// runeSet is a set of code points: sorted ranges that neither overlap nor
// touch.
type runeSet []runeRange

// normalize sorts and merges ranges into a set.
func normalize(rs []runeRange) runeSet {
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	out := runeSet{}
	for _, r := range rs {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s runeSet) contains(r rune) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].hi >= r })
	return i < len(s) && s[i].lo <= r
}

func (s runeSet) complement() runeSet {
	out := runeSet{}
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= maxRune {
		out = append(out, runeRange{next, maxRune})
	}
	return out
}

func union(sets ...runeSet) runeSet {
	var all []runeRange
	for _, s := range sets {
		all = append(all, s...)
	}
	return normalize(all)
}

func single(r rune) runeSet { return runeSet{{r, r}} }

// points is the set of the given code points.
func points(rs []rune) runeSet {
	out := make([]runeRange, len(rs))
	for i, r := range rs {
		out[i] = runeRange{r, r}
	}
	return normalize(out)
}

// without removes the sorted points from s.
func (s runeSet) without(sorted []rune) runeSet {
	var out []runeRange
	for _, r := range s {
		i := sort.Search(len(sorted), func(i int) bool { return sorted[i] >= r.lo })
		lo := r.lo
		for ; i < len(sorted) && sorted[i] <= r.hi; i++ {
			if sorted[i] > lo {
				out = append(out, runeRange{lo, sorted[i] - 1})
			}
			lo = sorted[i] + 1
		}
		if lo <= r.hi {
			out = append(out, runeRange{lo, r.hi})
		}
	}
	return normalize(out)
}

// class writes s as a class both engines read alike: \x{…} escapes only,
// so that no character of the set is special to either.
func (s runeSet) class() string {
	switch {
	case len(s) == 0:
		return `[^\x{0}-\x{10ffff}]`
	case len(s) == 1 && s[0].lo == s[0].hi:
		return literal(s[0].lo)
	}
	b := make([]byte, 0, 2+len(s)*20)
	b = append(b, '[')
	b = s.appendRanges(b)
	return string(append(b, ']'))
}

// appendRanges writes the ranges of s for the inside of a class.
func (s runeSet) appendRanges(b []byte) []byte {
	for _, r := range s {
		b = appendCode(b, r.lo)
		if r.hi != r.lo {
			b = appendCode(append(b, '-'), r.hi)
		}
	}
	return b
}

func appendCode(b []byte, r rune) []byte {
	b = strconv.AppendUint(append(b, `\x{`...), uint64(r), 16)
	return append(b, '}')
}

// memberKind is what one member of a Python character set is.
type memberKind uint8

const (
	memberLiteral  memberKind = iota // one character
	memberRange                      // lo-hi
	memberCategory                   // \d, \w, \s or a negation, as a set
)

func (k memberKind) String() string {
	switch k {
	case memberLiteral:
		return "literal"
	case memberRange:
		return "range"
	default:
		return "category"
	}
}

// member is one member of a Python character set, as written.
type member struct {
	kind   memberKind
	lo, hi rune
	set    runeSet // the category's characters
}

func (m member) plain() runeSet {
	if m.kind == memberCategory {
		return m.set
	}
	return runeSet{{m.lo, m.hi}}
}

// folding is how re lowers characters under IGNORECASE: CPython's tables
// for a Unicode pattern, ASCII letters only under the ASCII flag.
type folding struct {
	t     *pyTables
	ascii bool
}

func (f folding) lower(r rune) rune {
	if f.ascii {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return f.t.toLower(r)
}

func (f folding) isCased(r rune) bool {
	if f.ascii {
		return r < 0x80 && (r|0x20) >= 'a' && (r|0x20) <= 'z'
	}
	return f.t.cased.contains(r)
}

func (f folding) fixes(r rune) []rune {
	if f.ascii {
		return nil
	}
	return f.t.fixes[r]
}

// special are the characters that lowering (or, for the ranges re checks
// with the upper case, raising) may change: every other character matches
// a case-insensitive set exactly when it is in it. They include A-Z, all
// that the ASCII flag lowers.
func (f folding) special() []rune { return f.t.mapped }

// literalSet is what a literal c matches under IGNORECASE, as re compiles
// it: the characters whose lowering is c's, or one of the characters re
// treats as the same case (ı for i, ſ for s, …).
func (f folding) literalSet(c rune) runeSet {
	if !f.isCased(c) {
		return single(c)
	}
	lo := f.lower(c)
	var out []rune
	for _, v := range append([]rune{lo}, f.fixes(lo)...) {
		if f.lower(v) == v {
			out = append(out, v)
		}
		if !f.ascii {
			out = append(out, f.t.lowered[v]...)
		} else if v >= 'a' && v <= 'z' {
			out = append(out, v-'a'+'A')
		}
	}
	return points(out)
}

// preimage is every character x with in(lower(x)): base holds the
// characters in lowers to true; only the special ones can differ.
func (f folding) preimage(in func(rune) bool, base runeSet) runeSet {
	special := f.special()
	var extra []runeRange
	for _, x := range special {
		if in(f.lower(x)) {
			extra = append(extra, runeRange{x, x})
		}
	}
	return union(base.without(special), runeSet(extra))
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// charset is what a Python character set matches: its members, negated,
// under the flags, as re's compiler builds it. Under IGNORECASE a set
// lowers its members into a table of the Basic Multilingual Plane (with
// each one's extra cases) and compares the lowered character with it; a
// literal beyond the BMP is kept as written (so an upper-case one matches
// nothing), and a range reaching beyond it matches when the lowered
// character or its upper case is in it.
func charset(members []member, negate bool, f flags, t *pyTables) runeSet {
	var s runeSet
	if f.ignoreCase {
		s = foldedSet(members, folding{t, f.ascii})
	} else {
		var all []runeRange
		for _, m := range members {
			all = append(all, m.plain()...)
		}
		s = normalize(all)
	}
	if negate {
		return s.complement()
	}
	return s
}

func foldedSet(members []member, f folding) runeSet {
	var bmp []runeRange // the lowered table
	var tailLits []rune
	var tailRanges, cats runeSet
	hasCased := false
	lowerInto := func(lo, hi rune) {
		if lo > hi {
			return
		}
		r := runeSet{{lo, hi}}
		bmp = append(bmp, r.without(f.special())...)
		for _, x := range f.special() {
			if x >= lo && x <= hi {
				bmp = append(bmp, runeRange{f.lower(x), f.lower(x)})
			}
		}
	}
	for _, m := range members {
		switch {
		case m.kind == memberCategory:
			// re tests a category on the lowered character; no category
			// of \d, \s, \w changes under lowering (the tables' test).
			cats = append(cats, m.set...)
		case m.kind == memberLiteral && f.lower(m.lo) > 0xFFFF:
			tailLits = append(tailLits, m.lo)
			hasCased = true
		case m.kind == memberLiteral:
			lowerInto(m.lo, m.lo)
			hasCased = hasCased || f.isCased(m.lo)
		default:
			lowerInto(m.lo, min(m.hi, 0xFFFF))
			if m.hi > 0xFFFF {
				tailRanges = append(tailRanges, runeRange{m.lo, m.hi})
				hasCased = true
			} else if !hasCased {
				hasCased = anyCased(f, m.lo, m.hi)
			}
		}
	}
	if !hasCased {
		var all []runeRange
		for _, m := range members {
			all = append(all, m.plain()...)
		}
		return normalize(all)
	}
	table := normalize(bmp)
	if !f.ascii {
		var fixed []rune
		for k, v := range f.t.fixes {
			if table.contains(k) {
				fixed = append(fixed, v...)
			}
		}
		table = union(table, points(fixed))
	}
	tails, catSet := normalize(tailRanges), normalize(cats)
	in := func(v rune) bool {
		return table.contains(v) || containsRune(tailLits, v) || tails.contains(v) ||
			tails.contains(f.t.toUpper(v)) || catSet.contains(v)
	}
	base := union(table, points(tailLits), tails, catSet)
	return f.preimage(in, base)
}

func anyCased(f folding, lo, hi rune) bool {
	if f.ascii {
		return (lo <= 'Z' && hi >= 'A') || (lo <= 'z' && hi >= 'a')
	}
	for _, r := range f.t.cased {
		if r.lo <= hi && r.hi >= lo {
			return true
		}
	}
	return false
}
