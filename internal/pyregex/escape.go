package pyregex

import (
	"strconv"
	"unicode"
)

// category is the set of \d, \D, \w, \W, \s or \S under the flags: Python
// 3.11's Unicode tables, or ASCII under the ASCII flag.
func (p *parser) category(c rune, f flags) runeSet {
	var s runeSet
	switch c {
	case 'd', 'D':
		s = p.t.digit
		if f.ascii {
			s = runeSet{{'0', '9'}}
		}
	case 'w', 'W':
		s = p.t.word
		if f.ascii {
			s = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
		}
	default: // 's', 'S'
		s = p.t.space
		if f.ascii {
			s = runeSet{{'\t', '\r'}, {' ', ' '}}
		}
	}
	if unicode.IsUpper(c) {
		return s.complement()
	}
	return s
}

// simpleEscapes are the escapes of one character both parsers share.
var simpleEscapes = map[rune]rune{'a': '\a', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}

// escape parses an escape outside a class; the backslash at start is read.
func (p *parser) escape(start int, f flags) (item, error) {
	c, ok := p.peek()
	if !ok {
		return item{}, p.errorAt(start, "bad escape (end of pattern)")
	}
	p.pos++
	switch c {
	case 'd', 'D', 'w', 'W', 's', 'S':
		it := p.categoryItem(c, f)
		it.set = []member{{kind: memberCategory, set: p.category(c, f)}}
		return it, nil
	case 'A':
		return both(`\A`, anchor, width{}), nil
	case 'Z':
		return both(`\z`, anchor, width{}), nil
	case 'b', 'B':
		return p.boundary(c == 'B', f), nil
	}
	if r, ok := simpleEscapes[c]; ok {
		return p.literalItem(r, f), nil
	}
	r, group, err := p.codeEscape(start, c, false)
	if err != nil {
		return item{}, err
	}
	if group > 0 {
		return p.backref(group, f), nil
	}
	return p.literalItem(r, f), nil
}

// boundary is \b (or \B, negated): a word character on one side only.
// RE2's word characters are ASCII, so it runs a Unicode \b exactly on ASCII
// texts only; the backtracking engine looks around with Python's word
// characters. Neither matches in an empty text, as in Python.
func (p *parser) boundary(negated bool, f flags) item {
	word := p.categoryItem('w', f).bt
	if !f.ascii {
		p.tr.asciiBoundary = true
	}
	if negated {
		p.tr.nonBoundary = true
		return item{re2: `\B`, bt: "(?:(?<=" + word + ")(?=" + word + ")|(?<!" + word + ")(?!" + word +
			")(?:(?<=(?s:.))|(?=(?s:.))))", kind: anchor}
	}
	return item{re2: `\b`, bt: "(?:(?<=" + word + ")(?!" + word + ")|(?<!" + word + ")(?=" + word + "))", kind: anchor}
}

// codeEscape parses \x, \u, \U, \N, octal and numeric escapes (c is the
// character after the backslash at start); group > 0 is a backreference.
func (p *parser) codeEscape(start int, c rune, inClass bool) (r rune, group int, err error) {
	switch {
	case c == 'x':
		r, err = p.hexEscape(start, 2)
	case c == 'u':
		r, err = p.hexEscape(start, 4)
	case c == 'U':
		r, err = p.hexEscape(start, 8)
	case c == 'N':
		r, err = p.namedEscape(start)
	case c == '0' && !inClass:
		r = p.octal(start, 2)
	case c >= '0' && c <= '7' && inClass:
		r = p.octal(start, 2)
		if r > 0o377 {
			err = p.errorAt(start, "octal escape value %s outside of range 0-0o377", string(p.src[start:p.pos]))
		}
	case c >= '1' && c <= '9' && !inClass:
		return p.numericEscape(start)
	case c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c)):
		err = p.errorAt(start, "bad escape %s", string(p.src[start:p.pos]))
	default:
		r = c
	}
	return r, 0, err
}

func (p *parser) hexEscape(start, n int) (rune, error) {
	digits := p.pos
	for p.pos < len(p.src) && p.pos-digits < n && isHex(p.src[p.pos]) {
		p.pos++
	}
	text := string(p.src[start:p.pos])
	if p.pos-digits != n {
		return 0, p.errorAt(start, "incomplete escape %s", text)
	}
	v, _ := strconv.ParseUint(string(p.src[digits:p.pos]), 16, 32)
	if v > maxRune {
		return 0, p.errorAt(start, "bad escape %s", text)
	}
	return rune(v), nil
}

func isHex(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}

// namedEscape parses \N{NAME}, looking the name up as unicodedata.lookup
// does.
func (p *parser) namedEscape(start int) (rune, error) {
	if !p.match('{') {
		return 0, p.errorAt(p.pos, "missing {")
	}
	name, err := p.until('}', "character name")
	if err != nil {
		return 0, err
	}
	r, ok := lookupName(name)
	if !ok {
		return 0, p.errorAt(start, "undefined character name %s", pyQuote(name))
	}
	return r, nil
}

// octal reads up to more octal digits after the first (already read).
func (p *parser) octal(start, more int) rune {
	for i := 0; i < more && p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '7'; i++ {
		p.pos++
	}
	v, _ := strconv.ParseUint(string(p.src[start+1:p.pos]), 8, 32)
	return rune(v)
}

// numericEscape is \1 to \99 (a group reference) or a three-digit octal
// escape.
func (p *parser) numericEscape(start int) (rune, int, error) {
	if d, ok := p.peek(); ok && d >= '0' && d <= '9' {
		p.pos++
		first, second := p.src[start+1], p.src[start+2]
		if n, ok := p.peek(); ok && first <= '7' && second <= '7' && n >= '0' && n <= '7' {
			p.pos++
			v, _ := strconv.ParseUint(string(p.src[start+1:p.pos]), 8, 32)
			if v > 0o377 {
				return 0, 0, p.errorAt(start, "octal escape value %s outside of range 0-0o377", string(p.src[start:p.pos]))
			}
			return rune(v), 0, nil
		}
	}
	group, _ := strconv.Atoi(string(p.src[start+1 : p.pos]))
	if group >= p.groups {
		return 0, 0, p.errorAt(start+1, "invalid group reference %d", group)
	}
	if _, closed := p.widths[group]; !closed {
		return 0, 0, p.errorAt(start, "cannot refer to an open group")
	}
	if err := p.checkLookbehindGroup(group); err != nil {
		return 0, 0, err
	}
	return 0, group, nil
}

// class parses a character set after its [ (at start).
func (p *parser) class(start int, f flags) (item, error) {
	negate := p.match('^')
	var members []member
	for {
		c, ok := p.peek()
		if !ok {
			return item{}, p.errorAt(start, "unterminated character set")
		}
		at := p.pos
		p.pos++
		if c == ']' && len(members) > 0 {
			break
		}
		lo, err := p.classItem(at, c, f)
		if err != nil {
			return item{}, err
		}
		if !p.match('-') {
			members = append(members, lo)
			continue
		}
		d, ok := p.peek()
		if !ok {
			return item{}, p.errorAt(start, "unterminated character set")
		}
		dAt := p.pos
		p.pos++
		if d == ']' {
			members = append(members, lo, member{kind: memberLiteral, lo: '-', hi: '-'})
			break
		}
		hi, err := p.classItem(dAt, d, f)
		if err != nil {
			return item{}, err
		}
		if lo.kind != memberLiteral || hi.kind != memberLiteral || hi.lo < lo.lo {
			// re names the two tokens (a backslash and one character for an
			// escape) and counts its position back from the range's end.
			this, that := token(p.src, at), token(p.src, dAt)
			return item{}, p.errorAt(p.pos-len([]rune(this))-1-len([]rune(that)), "bad character range %s-%s", this, that)
		}
		members = append(members, member{kind: memberRange, lo: lo.lo, hi: hi.lo})
	}
	return p.setItem(uniqMembers(members), negate, f), nil
}

// token is the token of re's tokenizer at i: a character, or a backslash
// and the character after it.
func token(src []rune, i int) string {
	if src[i] == '\\' && i+1 < len(src) {
		return string(src[i : i+2])
	}
	return string(src[i])
}

// setItem writes a parsed set. Like re's parser, a set of one literal is
// that literal (or, negated, any other character).
func (p *parser) setItem(members []member, negate bool, f flags) item {
	if len(members) == 1 && members[0].kind == memberLiteral {
		it := p.literalItem(members[0].lo, f)
		if negate {
			s := single(members[0].lo)
			if f.ignoreCase {
				s = folding{p.t, f.ascii}.literalSet(members[0].lo)
			}
			return charItem(s.complement())
		}
		return it
	}
	it := charItem(charset(members, negate, f, p.t))
	if !negate {
		it.set = members
	}
	return it
}

// classItem reads one member of a set (c, at position at, is read).
func (p *parser) classItem(at int, c rune, f flags) (member, error) {
	lit := func(r rune) member { return member{kind: memberLiteral, lo: r, hi: r} }
	if c != '\\' {
		return lit(c), nil
	}
	e, ok := p.peek()
	if !ok {
		return member{}, p.errorAt(at, "bad escape (end of pattern)")
	}
	p.pos++
	switch e {
	case 'd', 'D', 'w', 'W', 's', 'S':
		return member{kind: memberCategory, set: p.category(e, f)}, nil
	case 'b':
		return lit('\b'), nil
	}
	if r, ok := simpleEscapes[e]; ok {
		return lit(r), nil
	}
	if e >= '8' && e <= '9' {
		return member{}, p.errorAt(at, "bad escape %s", string(p.src[at:p.pos]))
	}
	r, _, err := p.codeEscape(at, e, true)
	return lit(r), err
}
