package pyregex

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// pySpaces are the characters str.isspace() accepts: what \s matches in a
// Python str pattern.
const pySpaces = `\t-\r\x{1c}-\x{20}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`

// category returns the RE2 text of \d, \D, \w, \W, \s or \S, inside a
// class (without brackets) or outside (a whole atom).
func category(c rune, f flags, inClass bool) string {
	var pos string // the positive set, as class contents
	switch c {
	case 'd', 'D':
		pos = `\p{Nd}`
		if f.ascii {
			pos = `0-9`
		}
	case 'w', 'W':
		pos = `\p{L}\p{N}_`
		if f.ascii {
			pos = `0-9A-Za-z_`
		}
	case 's', 'S':
		pos = pySpaces
		if f.ascii {
			pos = `\t-\r `
		}
	}
	negated := unicode.IsUpper(c)
	switch {
	case !negated && inClass:
		return pos
	case !negated:
		return "[" + pos + "]"
	case !inClass:
		return "[^" + pos + "]"
	}
	// A negated category inside a class: its complement, as ranges.
	return complement(c, f.ascii)
}

var complements sync.Map // "W"/"W-ascii"/... → class contents

// complement lists the characters a negated category matches as class
// ranges (RE2 cannot nest a negated set inside a class).
func complement(c rune, ascii bool) string {
	key := string(c)
	if ascii {
		key += "-ascii"
	}
	if v, ok := complements.Load(key); ok {
		return v.(string)
	}
	var in func(r rune) bool
	switch c {
	case 'D':
		in = func(r rune) bool { return unicode.Is(unicode.Nd, r) }
		if ascii {
			in = func(r rune) bool { return r >= '0' && r <= '9' }
		}
	case 'W':
		in = func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }
		if ascii {
			in = func(r rune) bool {
				return r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
			}
		}
	default: // 'S'
		in = func(r rune) bool { return isPySpace(r, ascii) }
	}
	var b strings.Builder
	for lo := rune(0); lo <= unicode.MaxRune; {
		if in(lo) {
			lo++
			continue
		}
		hi := lo
		for hi+1 <= unicode.MaxRune && !in(hi+1) {
			hi++
		}
		fmt.Fprintf(&b, `\x{%x}-\x{%x}`, lo, hi)
		lo = hi + 1
	}
	s := b.String()
	complements.Store(key, s)
	return s
}

func isPySpace(r rune, ascii bool) bool {
	if r >= '\t' && r <= '\r' || r == ' ' {
		return true
	}
	if ascii {
		return false
	}
	switch {
	case r >= 0x1c && r <= 0x1f, r == 0x85, r == 0xa0, r == 0x1680, r >= 0x2000 && r <= 0x200a,
		r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
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
		return item{category(c, f, false), atom}, nil
	case 'A':
		return item{`\A`, anchor}, nil
	case 'Z':
		return item{`\z`, anchor}, nil
	case 'b', 'B':
		return item{`\` + string(c), anchor}, nil
	}
	if r, ok := simpleEscapes[c]; ok {
		return item{literal(r), atom}, nil
	}
	r, err := p.codeEscape(start, c, false)
	if err != nil {
		return item{}, err
	}
	if r < 0 {
		return item{"(?:)", atom}, nil // a backreference, already noted
	}
	return item{literal(r), atom}, nil
}

// codeEscape parses \x, \u, \U, \N, octal and numeric escapes (c is the
// character after the backslash at start); -1 is a backreference.
func (p *parser) codeEscape(start int, c rune, inClass bool) (rune, error) {
	switch {
	case c == 'x':
		return p.hexEscape(start, 2)
	case c == 'u':
		return p.hexEscape(start, 4)
	case c == 'U':
		return p.hexEscape(start, 8)
	case c == 'N':
		return p.namedEscape(start)
	case c == '0' && !inClass:
		return p.octal(start, 2), nil
	case c >= '0' && c <= '7' && inClass:
		r := p.octal(start, 2)
		if r > 0o377 {
			return 0, p.errorAt(start, "octal escape value %s outside of range 0-0o377", string(p.src[start:p.pos]))
		}
		return r, nil
	case c >= '1' && c <= '9' && !inClass:
		return p.numericEscape(start)
	case c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c)):
		return 0, p.errorAt(start, "bad escape %s", string(p.src[start:p.pos]))
	}
	return c, nil
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
	if v > unicode.MaxRune {
		return 0, p.errorAt(start, "bad escape %s", text)
	}
	return rune(v), nil
}

func isHex(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}

// namedEscape parses \N{NAME}: RE2 has no table of character names.
func (p *parser) namedEscape(start int) (rune, error) {
	if !p.match('{') {
		return 0, p.errorAt(p.pos, "missing {")
	}
	if _, err := p.until('}', "character name"); err != nil {
		return 0, err
	}
	p.unsupportedAt(start, `a named character escape \N{...}`)
	return 'N', nil
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
func (p *parser) numericEscape(start int) (rune, error) {
	if d, ok := p.peek(); ok && d >= '0' && d <= '9' {
		p.pos++
		first, second := p.src[start+1], p.src[start+2]
		if n, ok := p.peek(); ok && first <= '7' && second <= '7' && n >= '0' && n <= '7' {
			p.pos++
			v, _ := strconv.ParseUint(string(p.src[start+1:p.pos]), 8, 32)
			if v > 0o377 {
				return 0, p.errorAt(start, "octal escape value %s outside of range 0-0o377", string(p.src[start:p.pos]))
			}
			return rune(v), nil
		}
	}
	group, _ := strconv.Atoi(string(p.src[start+1 : p.pos]))
	if group >= p.groups {
		return 0, p.errorAt(start+1, "invalid group reference %d", group)
	}
	if p.open[group] {
		return 0, p.errorAt(start, "cannot refer to an open group")
	}
	p.unsupportedAt(start, "a backreference")
	return -1, nil
}

// class parses a character set after its [ (at start).
func (p *parser) class(start int, f flags) (string, error) {
	var b strings.Builder
	b.WriteByte('[')
	if p.match('^') {
		b.WriteByte('^')
	}
	n := 0
	for {
		c, ok := p.peek()
		if !ok {
			return "", p.errorAt(start, "unterminated character set")
		}
		at := p.pos
		p.pos++
		if c == ']' && n > 0 {
			break
		}
		n++
		lo, cat, err := p.classItem(at, c, f)
		if err != nil {
			return "", err
		}
		if !p.match('-') {
			b.WriteString(orClass(lo, cat))
			continue
		}
		d, ok := p.peek()
		if !ok {
			return "", p.errorAt(start, "unterminated character set")
		}
		dAt := p.pos
		p.pos++
		if d == ']' {
			b.WriteString(orClass(lo, cat))
			b.WriteString(literal('-'))
			break
		}
		hi, cat2, err := p.classItem(dAt, d, f)
		if err != nil {
			return "", err
		}
		if cat != "" || cat2 != "" || hi < lo {
			return "", p.errorAt(at, "bad character range %s-%s", string(p.src[at:dAt-1]), string(p.src[dAt:p.pos]))
		}
		fmt.Fprintf(&b, `\x{%x}-\x{%x}`, lo, hi)
	}
	b.WriteByte(']')
	return b.String(), nil
}

func orClass(r rune, cat string) string {
	if cat != "" {
		return cat
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// classItem reads one member of a set (c, at position at, is read): a
// character, or a category's class text.
func (p *parser) classItem(at int, c rune, f flags) (rune, string, error) {
	if c != '\\' {
		return c, "", nil
	}
	e, ok := p.peek()
	if !ok {
		return 0, "", p.errorAt(at, "bad escape (end of pattern)")
	}
	p.pos++
	switch e {
	case 'd', 'D', 'w', 'W', 's', 'S':
		return 0, category(e, f, true), nil
	case 'b':
		return '\b', "", nil
	}
	if r, ok := simpleEscapes[e]; ok {
		return r, "", nil
	}
	if e >= '8' && e <= '9' {
		return 0, "", p.errorAt(at, "bad escape %s", string(p.src[at:p.pos]))
	}
	r, err := p.codeEscape(at, e, true)
	return r, "", err
}
