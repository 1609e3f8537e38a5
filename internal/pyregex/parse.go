package pyregex

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Error is a pattern that cannot be compiled: Python's own error, or (with
// Unsupported set) a construct Python accepts and RE2 cannot run.
type Error struct {
	Msg string
	// Pos is the position Python reports, in characters from the start of
	// the pattern.
	Pos         int
	Pattern     string
	Unsupported bool
}

// Error reads as str(re.error): "msg at position N", with the line and
// column when the pattern spans lines.
func (e *Error) Error() string {
	s := fmt.Sprintf("%s at position %d", e.Msg, e.Pos)
	runes := []rune(e.Pattern)
	if strings.ContainsRune(e.Pattern, '\n') && e.Pos <= len(runes) {
		before := string(runes[:e.Pos])
		line := strings.Count(before, "\n") + 1
		col := e.Pos + 1
		if i := strings.LastIndexByte(before, '\n'); i >= 0 {
			col = len([]rune(before[i+1:])) + 1
		}
		s += fmt.Sprintf(" (line %d, column %d)", line, col)
	}
	return s
}

// Compile translates pattern and compiles it for RE2. The error is an
// [*Error].
func Compile(pattern string) (*regexp.Regexp, error) {
	t, err := Translate(pattern)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(t)
	if err != nil {
		return nil, &Error{Msg: "RE2 cannot compile the translated pattern: " + err.Error(), Pattern: pattern, Unsupported: true}
	}
	return re, nil
}

// Translate returns the RE2 pattern equivalent to a Python pattern.
func Translate(pattern string) (string, error) {
	p := &parser{src: []rune(pattern), pattern: pattern, groups: 1}
	out, err := p.top()
	if err != nil {
		return "", err
	}
	if p.unsupported != nil {
		return "", p.unsupported
	}
	return out, nil
}

// Python's flags, as far as translation needs them.
type flags struct {
	ascii, ignoreCase, multiline, dotAll, verbose bool
}

type parser struct {
	src     []rune
	pattern string
	pos     int
	flags   flags // the global flags
	groups  int   // the next group number
	open    map[int]bool
	names   map[string]int
	// unsupported is the first construct RE2 cannot run; Python's own
	// errors anywhere in the pattern still win.
	unsupported *Error
}

func (p *parser) errorAt(pos int, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Pos: pos, Pattern: p.pattern}
}

func (p *parser) unsupportedAt(pos int, what string) {
	if p.unsupported == nil {
		p.unsupported = &Error{Msg: what + " (RE2, the engine dryfire-tui grades with, has no such construct; dryfire accepts it)",
			Pos: pos, Pattern: p.pattern, Unsupported: true}
	}
}

func (p *parser) peek() (rune, bool) {
	if p.pos < len(p.src) {
		return p.src[p.pos], true
	}
	return 0, false
}

func (p *parser) match(r rune) bool {
	if c, ok := p.peek(); ok && c == r {
		p.pos++
		return true
	}
	return false
}

// top parses the whole pattern and writes it with the global flags.
func (p *parser) top() (string, error) {
	body, err := p.alternation(0, p.flags)
	if err != nil {
		return "", err
	}
	if p.pos < len(p.src) {
		return "", p.errorAt(p.pos, "unbalanced parenthesis")
	}
	var prefix string
	if p.flags.ignoreCase {
		prefix += "i"
	}
	if p.flags.multiline {
		prefix += "m"
	}
	if p.flags.dotAll {
		prefix += "s"
	}
	if prefix != "" {
		return "(?" + prefix + ")" + body, nil
	}
	return body, nil
}

// alternation parses branches separated by | up to ) or the end.
func (p *parser) alternation(nested int, f flags) (string, error) {
	var branches []string
	for {
		if nested == 0 {
			// Global flags, set at the start, hold for every branch.
			f = p.flags
		}
		b, err := p.sequence(nested, f, nested == 0 && len(branches) == 0)
		if err != nil {
			return "", err
		}
		branches = append(branches, b)
		if !p.match('|') {
			break
		}
	}
	return strings.Join(branches, "|"), nil
}

// item is one element of a sequence, as written for RE2.
type item struct {
	text string
	kind itemKind
}

type itemKind uint8

const (
	atom   itemKind = iota // repeatable
	anchor                 // ^ $ \A \Z \b \B: nothing to repeat
	repeat                 // already repeated: multiple repeat
)

// sequence parses items and their repeats until |, ) or the end. first
// says the global flags may still be set here.
func (p *parser) sequence(nested int, f flags, first bool) (string, error) {
	var items []item
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '|' || c == ')' {
			break
		}
		start := p.pos
		p.pos++
		if f.verbose && skipVerbose(p, c) {
			continue
		}
		var it item
		var err error
		switch c {
		case '*', '+', '?', '{':
			err = p.repeatLast(&items, c, start)
			if err != nil {
				return "", err
			}
			continue
		case '.':
			it = item{".", atom}
		case '^':
			it = item{"^", anchor}
		case '$':
			it = item{`(?:\n?\z)`, anchor}
			if f.multiline {
				it.text = "$"
			}
		case '[':
			it.text, err = p.class(start, f)
		case '(':
			var skip bool
			it, skip, err = p.group(start, nested, f, first && len(items) == 0, &f)
			if skip {
				continue
			}
		case '\\':
			it, err = p.escape(start, f)
		default:
			it = item{literal(c), atom}
		}
		if err != nil {
			return "", err
		}
		items = append(items, it)
	}
	var b strings.Builder
	for _, it := range items {
		b.WriteString(it.text)
	}
	return b.String(), nil
}

// skipVerbose skips whitespace and comments in a verbose pattern.
func skipVerbose(p *parser, c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	case '#':
		for p.pos < len(p.src) {
			r := p.src[p.pos]
			p.pos++
			if r == '\n' {
				break
			}
		}
		return true
	}
	return false
}

// repeatLast applies a quantifier starting at start (c is its first
// character, already read) to the last item.
func (p *parser) repeatLast(items *[]item, c rune, start int) error {
	var q string
	switch c {
	case '*', '+', '?':
		q = string(c)
	case '{':
		lo, hi, ok := p.braces()
		if !ok {
			// Not a repeat: a literal brace.
			*items = append(*items, item{literal('{'), atom})
			return nil
		}
		loN, hiN := 0, -1
		if lo != "" {
			loN = atoiSat(lo)
		}
		if hi != "" {
			hiN = atoiSat(hi)
			if hiN < loN {
				return p.errorAt(start+1, "min repeat greater than max repeat")
			}
		}
		if loN > 1000 || hiN > 1000 {
			p.unsupportedAt(start, "a repeat count above 1000")
		}
		switch {
		case hiN < 0:
			q = fmt.Sprintf("{%d,}", loN)
		case lo == hi:
			q = fmt.Sprintf("{%d}", loN)
		default:
			q = fmt.Sprintf("{%d,%d}", loN, hiN)
		}
	}
	if len(*items) == 0 || (*items)[len(*items)-1].kind == anchor {
		return p.errorAt(start, "nothing to repeat")
	}
	last := &(*items)[len(*items)-1]
	if last.kind == repeat {
		return p.errorAt(start, "multiple repeat")
	}
	if p.match('?') {
		q += "?"
	} else if at := p.pos; p.match('+') {
		p.unsupportedAt(at, "a possessive repeat")
	}
	last.text = "(?:" + last.text + ")" + q
	last.kind = repeat
	return nil
}

// braces reads {m,n} after the opening brace; ok false (position
// restored) when the text is not a repeat.
func (p *parser) braces() (lo, hi string, ok bool) {
	here := p.pos
	if c, _ := p.peek(); c == '}' {
		return "", "", false
	}
	digits := func() string {
		s := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		return string(p.src[s:p.pos])
	}
	lo = digits()
	if p.match(',') {
		hi = digits()
	} else {
		hi = lo
	}
	if !p.match('}') {
		p.pos = here
		return "", "", false
	}
	return lo, hi, true
}

func atoiSat(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n > 1<<31 {
		return 1 << 31
	}
	return n
}

// literal writes one character so that RE2 reads it literally.
func literal(r rune) string {
	switch {
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x{%x}`, r)
	case r < 0x80:
		return regexp.QuoteMeta(string(r))
	case !unicode.IsPrint(r):
		return fmt.Sprintf(`\x{%x}`, r)
	}
	return string(r)
}
