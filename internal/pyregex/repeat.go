package pyregex

import (
	"fmt"
	"math"
)

// width is the fewest and most characters a subpattern matches, as re's
// parser computes it (getwidth); math.MaxUint64 stands for its MAXWIDTH.
type width struct{ lo, hi uint64 }

func satAdd(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}

func satMul(a, b uint64) uint64 {
	if a != 0 && b > math.MaxUint64/a {
		return math.MaxUint64
	}
	return a * b
}

func (w width) plus(o width) width { return width{satAdd(w.lo, o.lo), satAdd(w.hi, o.hi)} }

// times is the width of w repeated lo to hi times (hi maxRepeat: no bound).
func (w width) times(lo, hi uint64) width {
	out := width{lo: satMul(w.lo, lo)}
	if hi == maxRepeat && w.hi > 0 {
		out.hi = math.MaxUint64
	} else {
		out.hi = satMul(w.hi, hi)
	}
	return out
}

// btMaxCount is the largest count the backtracking engine takes. A larger
// one means the same to it: no text here is that long (a file is at most a
// few GiB), so a subpattern that matches something cannot repeat that
// often, and one that may match nothing repeats it as many times as asked.
const btMaxCount = 1 << 30

// repeatLast applies a quantifier starting at start (c is its first
// character, already read) to the last item.
func (p *parser) repeatLast(items *[]item, c rune, start int, f flags) error {
	lo, hi := uint64(0), uint64(maxRepeat)
	switch c {
	case '+':
		lo = 1
	case '?':
		hi = 1
	case '{':
		var ok bool
		var err error
		lo, hi, ok, err = p.braces(start)
		if err != nil {
			return err
		}
		if !ok {
			// Not a repeat: a literal brace.
			*items = append(*items, p.literalItem('{', f))
			return nil
		}
	}
	if len(*items) == 0 || (*items)[len(*items)-1].kind == anchor {
		return p.errorAt(start, "nothing to repeat")
	}
	last := &(*items)[len(*items)-1]
	if last.kind == repeat {
		return p.errorAt(start, "multiple repeat")
	}
	lazy, possessive := p.match('?'), false
	if !lazy {
		possessive = p.match('+')
	}
	if f.template {
		op := "MAX_REPEAT"
		switch {
		case lazy:
			op = "MIN_REPEAT"
		case possessive:
			op = "POSSESSIVE_REPEAT"
		}
		// re's compiler reaches the repeat before what it repeats.
		p.compileError(2*last.start, "internal: unsupported template operator "+op)
	}
	if lo > 1000 || (hi != maxRepeat && hi > 1000) {
		p.noRE2("a repeat count above 1000")
	}
	if last.dollar && hi > 1 && last.w.hi > 0 {
		p.noRE2("a repeated $")
	}
	q, btq := quantifier(lo, hi, c), quantifier(min(lo, btMaxCount), min(hi, btMaxCount), c)
	if hi == maxRepeat {
		btq = quantifier(min(lo, btMaxCount), hi, c)
	}
	if lazy {
		q, btq = q+"?", btq+"?"
	}
	last.re2 = "(?:" + last.re2 + ")" + q
	last.bt = "(?:" + last.bt + ")" + btq
	if possessive {
		p.noRE2("a possessive repeat")
		last.bt = "(?>" + last.bt + ")"
	}
	last.w = last.w.times(lo, hi)
	last.kind, last.set = repeat, nil
	return nil
}

func quantifier(lo, hi uint64, c rune) string {
	switch {
	case c == '*' || c == '+' || c == '?':
		return string(c)
	case hi == maxRepeat:
		return fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		return fmt.Sprintf("{%d}", lo)
	}
	return fmt.Sprintf("{%d,%d}", lo, hi)
}

// braces reads {m,n} after the opening brace at start; ok false (position
// restored) when the text is not a repeat.
func (p *parser) braces(start int) (lo, hi uint64, ok bool, err error) {
	here := p.pos
	if c, _ := p.peek(); c == '}' {
		return 0, 0, false, nil
	}
	digits := func() string {
		s := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		return string(p.src[s:p.pos])
	}
	loS := digits()
	hiS := loS
	if p.match(',') {
		hiS = digits()
	}
	if !p.match('}') {
		p.pos = here
		return 0, 0, false, nil
	}
	lo, hi = 0, maxRepeat
	if loS != "" {
		if lo = atoiSat(loS); lo >= maxRepeat {
			return 0, 0, false, p.overflow()
		}
	}
	if hiS != "" {
		if hi = atoiSat(hiS); hi >= maxRepeat {
			return 0, 0, false, p.overflow()
		}
		if hi < lo {
			return 0, 0, false, p.errorAt(start+1, "min repeat greater than max repeat")
		}
	}
	return lo, hi, true, nil
}

func (p *parser) overflow() *Error {
	return &Error{Kind: Overflow, Msg: "the repetition number is too large", Pos: -1, Pattern: p.pattern}
}
