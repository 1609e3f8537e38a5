package pyregex

import (
	"strconv"
	"strings"
)

// group parses a group after its opening parenthesis (at start). skip is
// set for what leaves no item: comments and global flags. f is the
// caller's flags, updated by global flags; canSetGlobal says global flags
// are allowed here.
func (p *parser) group(start, nested int, outer flags, canSetGlobal bool, f *flags) (it item, skip bool, err error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > MaxDepth {
		return it, false, &Error{Kind: TooDeep, Msg: "nests groups more than " + strconv.Itoa(MaxDepth) +
			" levels deep", Pos: start, Pattern: p.pattern}
	}
	if !p.match('?') {
		return p.capture(start, nested, outer, "")
	}
	c, ok := p.peek()
	if !ok {
		return it, false, p.errorAt(p.pos, "unexpected end of pattern")
	}
	p.pos++
	switch {
	case c == 'P':
		return p.pythonGroup(start, nested, outer)
	case c == ':', c == '>':
		body, err := p.subpattern(start, nested, outer)
		if err != nil {
			return it, false, err
		}
		if c == '>' {
			p.noRE2("an atomic group")
			return item{bt: "(?>" + body.bt + ")", kind: atom, w: body.w}, false, nil
		}
		return body.grouped(), false, nil
	case c == '#':
		return it, true, p.comment(start)
	case c == '=' || c == '!' || c == '<':
		return p.lookaround(start, nested, outer, c)
	case c == '(':
		return p.conditional(start, nested, outer)
	case strings.ContainsRune(flagChars, c) || c == '-':
		return p.flagGroup(start, nested, outer, canSetGlobal, f, c)
	}
	return it, false, p.errorAt(start+1, "unknown extension ?%c", c)
}

// grouped is a non-capturing group of the subpattern: re unpacks it into
// the enclosing sequence, so a lone literal or set stays one.
func (it item) grouped() item {
	out := it
	out.re2, out.bt = "(?:"+it.re2+")", "(?:"+it.bt+")"
	out.kind = atom
	return out
}

// subpattern parses a group's alternation and its closing parenthesis.
func (p *parser) subpattern(start, nested int, f flags) (item, error) {
	body, err := p.alternation(nested+1, f)
	if err != nil {
		return item{}, err
	}
	if !p.match(')') {
		return item{}, p.errorAt(start, "missing ), unterminated subpattern")
	}
	return body, nil
}

func (p *parser) comment(start int) error {
	for {
		r, ok := p.peek()
		if !ok {
			return p.errorAt(start, "missing ), unterminated comment")
		}
		p.pos++
		if r == ')' {
			return nil
		}
	}
}

// capture parses a capturing group (named when name is set).
func (p *parser) capture(start, nested int, f flags, name string) (item, bool, error) {
	g := p.groups
	p.groups++
	if name != "" {
		if p.names == nil {
			p.names = map[string]int{}
		}
		p.names[name] = g
	}
	p.re2Groups++
	body, err := p.subpattern(start, nested, f)
	if err != nil {
		return item{}, false, err
	}
	p.widths[g] = body.w
	return item{re2: "(" + body.re2 + ")", bt: "(" + body.bt + ")", kind: atom, w: body.w, dollar: body.dollar}, false, nil
}

// pythonGroup parses (?P<name>...) and (?P=name) after "(?P".
func (p *parser) pythonGroup(start, nested int, f flags) (item, bool, error) {
	switch {
	case p.match('<'):
		at := p.pos
		name, err := p.until('>', "group name")
		if err != nil {
			return item{}, false, err
		}
		if !p.isIdentifier(name) {
			return item{}, false, p.errorAt(at, "bad character in group name %s", pyQuote(name))
		}
		if g, dup := p.names[name]; dup {
			return item{}, false, p.errorAt(at, "redefinition of group name %s as group %d; was group %d", pyQuote(name), p.groups, g)
		}
		return p.capture(start, nested, f, name)
	case p.match('='):
		at := p.pos
		name, err := p.until(')', "group name")
		if err != nil {
			return item{}, false, err
		}
		if !p.isIdentifier(name) {
			return item{}, false, p.errorAt(at, "bad character in group name %s", pyQuote(name))
		}
		g, ok := p.names[name]
		if !ok {
			return item{}, false, p.errorAt(at, "unknown group name %s", pyQuote(name))
		}
		if _, closed := p.widths[g]; !closed {
			return item{}, false, p.errorAt(at, "cannot refer to an open group")
		}
		if err := p.checkLookbehindGroup(g); err != nil {
			return item{}, false, err
		}
		return p.backref(g, f), false, nil
	}
	c, ok := p.peek()
	if !ok {
		return item{}, false, p.errorAt(p.pos, "unexpected end of pattern")
	}
	p.pos++
	return item{}, false, p.errorAt(start+1, "unknown extension ?P%c", c)
}

// checkLookbehindGroup is re's check of a reference inside a look-behind.
func (p *parser) checkLookbehindGroup(g int) error {
	if p.lookbehindGroups < 0 {
		return nil
	}
	if _, closed := p.widths[g]; !closed {
		return p.errorAt(p.pos, "cannot refer to an open group")
	}
	if g >= p.lookbehindGroups {
		return p.errorAt(p.pos, "cannot refer to group defined in the same lookbehind subpattern")
	}
	return nil
}

// backref matches what group g matched; under IGNORECASE the engine's
// own case folding compares the two.
func (p *parser) backref(g int, f flags) item {
	p.noRE2("a backreference")
	text := `\k<` + strconv.Itoa(g) + `>`
	if f.ignoreCase {
		text = "(?i:" + text + ")"
	}
	return item{bt: text, kind: atom, w: p.widths[g]}
}

// lookaround parses (?=...), (?!...), (?<=...) and (?<!...); c is the
// character after "(?".
func (p *parser) lookaround(start, nested int, f flags, c rune) (item, bool, error) {
	open := "(?" + string(c)
	behind := c == '<'
	if behind {
		d, ok := p.peek()
		if !ok {
			return item{}, false, p.errorAt(p.pos, "unexpected end of pattern")
		}
		p.pos++
		if d != '=' && d != '!' {
			return item{}, false, p.errorAt(start+1, "unknown extension ?<%c", d)
		}
		open += string(d)
	}
	outermost := behind && p.lookbehindGroups < 0
	if outermost {
		p.lookbehindGroups = p.groups
	}
	body, err := p.alternation(nested+1, f)
	if outermost {
		p.lookbehindGroups = -1
	}
	if err != nil {
		return item{}, false, err
	}
	if !p.match(')') {
		return item{}, false, p.errorAt(start, "missing ), unterminated subpattern")
	}
	if behind {
		p.noRE2("a look-behind assertion")
		switch {
		case body.w.lo > 0xFFFFFFFF:
			p.compileError(2*start+1, "looks too much behind")
		case body.w.lo != body.w.hi:
			p.compileError(2*start+1, "look-behind requires fixed-width pattern")
		}
	} else {
		p.noRE2("a look-ahead assertion")
	}
	return item{bt: open + body.bt + ")", kind: atom}, false, nil
}

// conditional parses (?(id)yes|no) after "(?(".
func (p *parser) conditional(start, nested int, f flags) (item, bool, error) {
	at := p.pos
	name, err := p.until(')', "group name")
	if err != nil {
		return item{}, false, err
	}
	g, err := p.conditionGroup(name, at)
	if err != nil {
		return item{}, false, err
	}
	if err := p.checkLookbehindGroup(g); err != nil {
		return item{}, false, err
	}
	yes, err := p.sequence(nested+1, f, false)
	if err != nil {
		return item{}, false, err
	}
	no, hasNo := item{}, false
	if p.match('|') {
		hasNo = true
		if no, err = p.sequence(nested+1, f, false); err != nil {
			return item{}, false, err
		}
		if c, ok := p.peek(); ok && c == '|' {
			return item{}, false, p.errorAt(p.pos, "conditional backref with more than two branches")
		}
	}
	if !p.match(')') {
		return item{}, false, p.errorAt(start, "missing ), unterminated subpattern")
	}
	p.noRE2("a conditional group")
	w := yes.w
	if hasNo {
		w = width{min(yes.w.lo, no.w.lo), max(yes.w.hi, no.w.hi)}
	} else {
		w.lo = 0
	}
	text := "(?(" + strconv.Itoa(g) + ")(?:" + yes.bt + ")|(?:" + no.bt + "))"
	return item{bt: text, kind: atom, w: w}, false, nil
}

// conditionGroup reads the group a conditional names: a name, or a number
// as Python's int() reads one (so " 1 " and "١" are group 1).
func (p *parser) conditionGroup(name string, at int) (int, error) {
	if p.isIdentifier(name) {
		g, ok := p.names[name]
		if !ok {
			return 0, p.errorAt(at, "unknown group name %s", pyQuote(name))
		}
		return g, nil
	}
	digits, neg, ok := p.pyInt(name)
	if !ok || neg && digits != "0" {
		return 0, p.errorAt(at, "bad character in group name %s", pyQuote(name))
	}
	if digits == "0" {
		return 0, p.errorAt(at, "bad group number")
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n >= maxGroups {
		return 0, p.errorAt(at, "invalid group reference %s", digits)
	}
	g := n
	if p.condRefs == nil {
		p.condRefs = map[int]int{}
	}
	if _, seen := p.condRefs[g]; !seen {
		p.condRefs[g] = at
		p.condOrder = append(p.condOrder, g)
	}
	return g, nil
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

// isIdentifier is str.isidentifier().
func (p *parser) isIdentifier(s string) bool {
	for i, r := range []rune(s) {
		if i == 0 && !p.t.xidStart.contains(r) && r != '_' || i > 0 && !p.t.xidContinue.contains(r) {
			return false
		}
	}
	return s != ""
}

// maxGroups is re's MAXGROUPS.
const maxGroups = 1<<30 - 1

// pyInt reads s as Python's int() does (surrounding whitespace, a sign,
// decimal digits of any script, single underscores between them) and
// returns the number's decimal digits, without leading zeros.
func (p *parser) pyInt(s string) (digits string, neg, ok bool) {
	r := []rune(strings.TrimFunc(s, func(r rune) bool { return p.t.space.contains(r) }))
	if len(r) > 0 && (r[0] == '+' || r[0] == '-') {
		neg = r[0] == '-'
		r = r[1:]
	}
	var b strings.Builder
	for i, c := range r {
		if c == '_' && i > 0 && i < len(r)-1 && r[i-1] != '_' {
			continue
		}
		d, ok := p.decimal(c)
		if !ok {
			return "", false, false
		}
		b.WriteByte(byte('0' + d))
	}
	if b.Len() == 0 {
		return "", false, false
	}
	digits = strings.TrimLeft(b.String(), "0")
	if digits == "" {
		digits = "0"
	}
	return digits, neg, true
}

// decimal is the value of a decimal digit of any script.
func (p *parser) decimal(c rune) (int, bool) {
	if !p.t.digit.contains(c) {
		return 0, false
	}
	// Unicode's decimal digits come in runs of ten, from zero.
	for _, r := range p.t.digit {
		if c >= r.lo && c <= r.hi {
			return int(c-r.lo) % 10, true
		}
	}
	return 0, false
}

// pyQuote is repr() of a short name.
func pyQuote(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}
