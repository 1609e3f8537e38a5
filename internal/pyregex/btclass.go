package pyregex

import (
	"sync"
	"unicode"
)

// A large set is written for regexp2 as one of Go's Unicode categories,
// with what the set adds to it and takes away: regexp2 sorts a class's
// ranges again on every range it adds, so that \w as 735 ranges takes it
// milliseconds to compile, and as \p{L}\p{N}_ with a few corrections
// microseconds. Its categories are Go's tables, the ones below.

// goBase is a set regexp2 reads by name.
type goBase struct {
	expr string
	set  runeSet
}

var goBases = sync.OnceValue(func() []goBase {
	return []goBase{
		{`\p{L}\p{N}_`, union(fromTables(unicode.L, unicode.N), single('_'))},
		{`\p{Nd}`, fromTables(unicode.Nd)},
	}
})

// compactFrom is the number of ranges from which a set is worth writing
// from a base.
const compactFrom = 64

func fromTables(tabs ...*unicode.RangeTable) runeSet {
	var rs []runeRange
	for _, t := range tabs {
		for _, r := range t.R16 {
			rs = appendStride(rs, rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range t.R32 {
			rs = appendStride(rs, rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	return normalize(rs)
}

func appendStride(rs []runeRange, lo, hi, stride rune) []runeRange {
	if stride == 1 {
		return append(rs, runeRange{lo, hi})
	}
	for r := lo; r <= hi; r += stride {
		rs = append(rs, runeRange{r, r})
	}
	return rs
}

// intersect is the characters in both sets.
func intersect(a, b runeSet) runeSet {
	var out []runeRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].lo, b[j].lo), min(a[i].hi, b[j].hi)
		if lo <= hi {
			out = append(out, runeRange{lo, hi})
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
	return runeSet(out)
}

func (s runeSet) minus(o runeSet) runeSet { return intersect(s, o.complement()) }

func (s runeSet) ranges() string { return string(s.appendRanges(nil)) }

// btClass writes s for regexp2, from a base when that is shorter.
func (s runeSet) btClass() string {
	if len(s) < compactFrom {
		return s.class()
	}
	best, cost := "", len(s)
	not := s.complement()
	for _, b := range goBases() {
		// s is (base ∪ plus) minus what it takes away,
		if plus, minus := s.minus(b.set), b.set.minus(s); len(plus)+len(minus) < cost {
			cost = len(plus) + len(minus)
			best = "[" + b.expr + plus.ranges()
			if len(minus) > 0 {
				best += "-[" + minus.ranges() + "]"
			}
			best += "]"
		}
		// or the complement of such a set.
		if plus, minus := not.minus(b.set), b.set.minus(not); len(plus)+len(minus) < cost {
			cost = len(plus) + len(minus)
			best = "[^" + b.expr + plus.ranges() + "]"
			if len(minus) > 0 {
				best = "(?:" + best + "|" + minus.class() + ")"
			}
		}
	}
	if best == "" {
		return s.class()
	}
	return best
}

// charItem is an item matching one character of s.
func charItem(s runeSet) item {
	return item{re2: s.class(), bt: s.btClass(), kind: atom, w: width{1, 1}}
}

// categoryTexts holds the texts of \d, \w, \s and their negations, the
// same in every pattern.
var categoryTexts sync.Map // categoryKey → [2]string{re2, bt}

type categoryKey struct {
	c     rune
	ascii bool
}

// categoryItem is \d, \w, \s or a negation as an item.
func (p *parser) categoryItem(c rune, f flags) item {
	k := categoryKey{c, f.ascii}
	if v, ok := categoryTexts.Load(k); ok {
		t := v.([2]string)
		return item{re2: t[0], bt: t[1], kind: atom, w: width{1, 1}}
	}
	it := charItem(p.category(c, f))
	categoryTexts.Store(k, [2]string{it.re2, it.bt})
	return it
}
