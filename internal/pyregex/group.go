package pyregex

import (
	"strconv"
	"strings"
	"unicode"
)

// group parses a group after its opening parenthesis (at start). skip is
// set for what leaves no item: comments and global flags. f is the
// caller's flags, updated by global flags; canSetGlobal says global flags
// are allowed here.
func (p *parser) group(start, nested int, outer flags, canSetGlobal bool, f *flags) (it item, skip bool, err error) {
	inner := outer
	capture, prefix := true, "("
	if p.match('?') {
		c, ok := p.peek()
		if !ok {
			return it, false, p.errorAt(p.pos, "unexpected end of pattern")
		}
		p.pos++
		switch {
		case c == 'P':
			return p.pythonGroup(start, nested, outer)
		case c == ':':
			capture, prefix = false, "(?:"
		case c == '#':
			for {
				r, ok := p.peek()
				if !ok {
					return it, false, p.errorAt(start, "missing ), unterminated comment")
				}
				p.pos++
				if r == ')' {
					return it, true, nil
				}
			}
		case c == '=' || c == '!' || c == '<':
			return p.lookaround(start, nested, outer, c)
		case c == '(':
			return p.conditional(start, nested, outer)
		case c == '>':
			p.unsupportedAt(start, "an atomic group")
			capture, prefix = false, "(?:"
		case strings.ContainsRune("iLmsxatu-", c):
			add, del, global, ferr := p.inlineFlags(c)
			if ferr != nil {
				return it, false, ferr
			}
			if global {
				if !canSetGlobal {
					return it, false, p.errorAt(start, "global flags not at the start of the expression")
				}
				p.flags = merge(p.flags, add, flags{})
				*f = p.flags
				return it, true, nil
			}
			inner = merge(outer, add, del)
			capture, prefix = false, "(?"+goFlags(add, del)+":"
		default:
			return it, false, p.errorAt(start+1, "unknown extension ?%c", c)
		}
	}
	group := 0
	if capture {
		group = p.openGroup()
	}
	body, err := p.alternation(nested+1, inner)
	if err != nil {
		return it, false, err
	}
	if !p.match(')') {
		return it, false, p.errorAt(start, "missing ), unterminated subpattern")
	}
	if capture {
		p.open[group] = false
	}
	return item{prefix + body + ")", atom}, false, nil
}

func (p *parser) openGroup() int {
	g := p.groups
	p.groups++
	if p.open == nil {
		p.open = map[int]bool{}
	}
	p.open[g] = true
	return g
}

// pythonGroup parses (?P<name>...) and (?P=name) after "(?P".
func (p *parser) pythonGroup(start, nested int, outer flags) (item, bool, error) {
	switch {
	case p.match('<'):
		at := p.pos
		name, err := p.until('>', "group name")
		if err != nil {
			return item{}, false, err
		}
		if !isIdentifier(name) {
			return item{}, false, p.errorAt(at, "bad character in group name %s", pyQuote(name))
		}
		if g, dup := p.names[name]; dup {
			return item{}, false, p.errorAt(at, "redefinition of group name %s as group %d; was group %d", pyQuote(name), p.groups, g)
		}
		if p.names == nil {
			p.names = map[string]int{}
		}
		group := p.openGroup()
		p.names[name] = group
		body, err := p.alternation(nested+1, outer)
		if err != nil {
			return item{}, false, err
		}
		if !p.match(')') {
			return item{}, false, p.errorAt(start, "missing ), unterminated subpattern")
		}
		p.open[group] = false
		return item{"(" + body + ")", atom}, false, nil
	case p.match('='):
		at := p.pos
		name, err := p.until(')', "group name")
		if err != nil {
			return item{}, false, err
		}
		if !isIdentifier(name) {
			return item{}, false, p.errorAt(at, "bad character in group name %s", pyQuote(name))
		}
		g, ok := p.names[name]
		if !ok {
			return item{}, false, p.errorAt(at, "unknown group name %s", pyQuote(name))
		}
		if p.open[g] {
			return item{}, false, p.errorAt(at, "cannot refer to an open group")
		}
		p.unsupportedAt(start, "a backreference")
		return item{"(?:)", atom}, false, nil
	}
	c, ok := p.peek()
	if !ok {
		return item{}, false, p.errorAt(p.pos, "unexpected end of pattern")
	}
	p.pos++
	return item{}, false, p.errorAt(start+1, "unknown extension ?P%c", c)
}

// lookaround parses (?=...), (?!...), (?<=...) and (?<!...); c is the
// character after "(?".
func (p *parser) lookaround(start, nested int, outer flags, c rune) (item, bool, error) {
	what := "a look-ahead assertion"
	if c == '<' {
		d, ok := p.peek()
		if !ok {
			return item{}, false, p.errorAt(p.pos, "unexpected end of pattern")
		}
		p.pos++
		if d != '=' && d != '!' {
			return item{}, false, p.errorAt(start+1, "unknown extension ?<%c", d)
		}
		what = "a look-behind assertion"
	}
	if _, err := p.alternation(nested+1, outer); err != nil {
		return item{}, false, err
	}
	if !p.match(')') {
		return item{}, false, p.errorAt(start, "missing ), unterminated subpattern")
	}
	p.unsupportedAt(start, what)
	return item{"(?:)", atom}, false, nil
}

// conditional parses (?(id)yes|no) after "(?(".
func (p *parser) conditional(start, nested int, outer flags) (item, bool, error) {
	at := p.pos
	name, err := p.until(')', "group name")
	if err != nil {
		return item{}, false, err
	}
	if n, convErr := strconv.Atoi(name); convErr == nil && isASCIIDigits(name) {
		if n == 0 {
			return item{}, false, p.errorAt(at, "bad group number")
		}
		if n >= p.groups {
			return item{}, false, p.errorAt(at, "invalid group reference %d", n)
		}
	} else if !isIdentifier(name) {
		return item{}, false, p.errorAt(at, "bad character in group name %s", pyQuote(name))
	} else if _, ok := p.names[name]; !ok {
		return item{}, false, p.errorAt(at, "unknown group name %s", pyQuote(name))
	}
	if _, err := p.alternation(nested+1, outer); err != nil {
		return item{}, false, err
	}
	if !p.match(')') {
		return item{}, false, p.errorAt(start, "missing ), unterminated subpattern")
	}
	p.unsupportedAt(start, "a conditional group")
	return item{"(?:)", atom}, false, nil
}

// until reads a name up to terminator, as the re parser's getuntil does.
func (p *parser) until(terminator rune, what string) (string, error) {
	start := p.pos
	for {
		c, ok := p.peek()
		if !ok {
			if p.pos == start {
				return "", p.errorAt(p.pos, "missing %s", what)
			}
			return "", p.errorAt(start, "missing %c, unterminated name", terminator)
		}
		p.pos++
		if c == terminator {
			if p.pos-1 == start {
				return "", p.errorAt(start, "missing %s", what)
			}
			return string(p.src[start : p.pos-1]), nil
		}
	}
}

// inlineFlags parses the flags of (?aiLmsux) or (?aiLmsux-imsx:...) from
// c, the first flag character.
func (p *parser) inlineFlags(c rune) (add, del flags, global bool, err error) {
	if c != '-' {
		if c, global, err = p.onFlags(c, &add); err != nil || global {
			return add, del, global, err
		}
	}
	if c == '-' {
		if err := p.offFlags(&del); err != nil {
			return add, del, false, err
		}
	}
	if overlap(add, del) {
		return add, del, false, p.errorAt(p.pos-1, "bad inline flags: flag turned on and off")
	}
	return add, del, false, nil
}

const flagChars = "iLmsxatu"

// onFlags reads the flags to turn on, from c; it returns the character
// that ended them (- or :), or global for a closing parenthesis.
func (p *parser) onFlags(c rune, add *flags) (end rune, global bool, err error) {
	var seenType rune
	for {
		if c == 'L' {
			return 0, false, p.errorAt(p.pos, "bad inline flags: cannot use 'L' flag with a str pattern")
		}
		if c == 'a' || c == 'u' {
			if seenType != 0 && seenType != c {
				return 0, false, p.errorAt(p.pos, "bad inline flags: flags 'a', 'u' and 'L' are incompatible")
			}
			seenType = c
		}
		set(add, c)
		next, ok := p.peek()
		if !ok {
			return 0, false, p.errorAt(p.pos, "missing -, : or )")
		}
		p.pos++
		switch {
		case next == ')':
			return next, true, nil
		case next == '-' || next == ':':
			return next, false, nil
		case !strings.ContainsRune(flagChars, next):
			return 0, false, p.badFlag(next, "missing -, : or )")
		}
		c = next
	}
}

// offFlags reads the flags to turn off, after the -, up to the :.
func (p *parser) offFlags(del *flags) error {
	next, ok := p.peek()
	if !ok {
		return p.errorAt(p.pos, "missing flag")
	}
	p.pos++
	for {
		if !strings.ContainsRune(flagChars, next) {
			return p.badFlag(next, "missing flag")
		}
		if next == 'a' || next == 'u' || next == 'L' {
			return p.errorAt(p.pos, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'")
		}
		set(del, next)
		n, ok := p.peek()
		if !ok {
			return p.errorAt(p.pos, "missing :")
		}
		p.pos++
		if n == ':' {
			return nil
		}
		if !strings.ContainsRune(flagChars, n) {
			return p.badFlag(n, "missing :")
		}
		next = n
	}
}

// badFlag is the error for a character that is no flag (just read).
func (p *parser) badFlag(c rune, otherwise string) error {
	if unicode.IsLetter(c) {
		return p.errorAt(p.pos-1, "unknown flag")
	}
	return p.errorAt(p.pos-1, "%s", otherwise)
}

func set(f *flags, c rune) {
	switch c {
	case 'a':
		f.ascii = true
	case 'i':
		f.ignoreCase = true
	case 'm':
		f.multiline = true
	case 's':
		f.dotAll = true
	case 'x':
		f.verbose = true
	}
}

func overlap(a, b flags) bool {
	return (a.ignoreCase && b.ignoreCase) || (a.multiline && b.multiline) || (a.dotAll && b.dotAll) || (a.verbose && b.verbose)
}

// merge turns on add and off del.
func merge(f, add, del flags) flags {
	f.ascii = f.ascii || add.ascii
	f.ignoreCase = (f.ignoreCase || add.ignoreCase) && !del.ignoreCase
	f.multiline = (f.multiline || add.multiline) && !del.multiline
	f.dotAll = (f.dotAll || add.dotAll) && !del.dotAll
	f.verbose = (f.verbose || add.verbose) && !del.verbose
	return f
}

// goFlags writes the RE2 flags of a scoped flag group.
func goFlags(add, del flags) string {
	var on, off string
	for _, x := range []struct {
		c       byte
		on, off bool
	}{{'i', add.ignoreCase, del.ignoreCase}, {'m', add.multiline, del.multiline}, {'s', add.dotAll, del.dotAll}} {
		if x.on {
			on += string(x.c)
		}
		if x.off {
			off += string(x.c)
		}
	}
	if off != "" {
		return on + "-" + off
	}
	return on
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))) {
			continue
		}
		return false
	}
	return s != ""
}

func isASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// pyQuote is repr() of a short name.
func pyQuote(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}
