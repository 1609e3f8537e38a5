package pyregex

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// ErrorKind says how Python fails on a pattern, or why it cannot run here.
type ErrorKind uint8

const (
	// Invalid is a re.error: dryfire reports a spec error at the pattern
	// ("invalid regex …").
	Invalid ErrorKind = iota
	// Value is a ValueError of re (ASCII and UNICODE flags together), which
	// pydantic reports as a spec error in its own words.
	Value
	// Overflow is the OverflowError of a repeat count of 4294967295 or
	// more: dryfire's loader raises it, and the command stops with an
	// internal error.
	Overflow
	// TooDeep is a pattern nested deeper than [MaxDepth]: Python's parser
	// runs out of recursion near there, and dryfire stops with an
	// internal error.
	TooDeep
	// Unsupported is a pattern Python runs and neither engine here can.
	Unsupported
)

func (k ErrorKind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case Value:
		return "value"
	case Overflow:
		return "overflow"
	case TooDeep:
		return "too deep"
	default:
		return "unsupported"
	}
}

// MaxDepth is how deep groups may nest in a pattern. dryfire fails with
// Python's RecursionError on plain groups or look-arounds nested a little
// deeper (487 levels), so that no pattern it runs is refused here but a
// few of those nested 481 to 486 deep.
const MaxDepth = 480

// Error is a pattern that cannot be compiled.
type Error struct {
	Kind ErrorKind
	Msg  string
	// Pos is the position Python reports, in characters from the start of
	// the pattern; -1 for an error of re's compiler, which has none.
	Pos     int
	Pattern string
}

// Error reads as str(re.error): "msg at position N", with the line and
// column when the pattern spans lines.
func (e *Error) Error() string {
	if e.Pos < 0 {
		return e.Msg
	}
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

// Python's flags, as far as translation needs them.
type flags struct {
	ascii, ignoreCase, multiline, dotAll, verbose, template bool
}

// maxRepeat is Python's MAXREPEAT: a count from it up overflows.
const maxRepeat = 4294967295

// translation is a pattern written for the two engines.
type translation struct {
	re2, bt string
	// noRE2 says why RE2 cannot run the pattern ("" when it can).
	noRE2 string
	// asciiBoundary: RE2's \b and \B are ASCII, exact on ASCII texts only.
	asciiBoundary bool
	// nonBoundary: the pattern has \B, which RE2 matches in an empty text
	// and Python does not.
	nonBoundary bool
	// dollars are the RE2 groups that hold the newline a $ consumed (RE2
	// has no look-ahead): a match ends where the last that took part
	// starts.
	dollars []int
}

type parser struct {
	src     []rune
	pattern string
	pos     int
	flags   flags // the global flags
	t       *pyTables
	// groups is the next group number; widths holds the widths of the
	// closed ones (an open group has none).
	groups int
	widths map[int]width
	names  map[string]int
	// lookbehindGroups is the first group of the outermost look-behind
	// being parsed (-1 outside one).
	lookbehindGroups int
	// condRefs are the groups conditionals name by number, with the
	// position of each first reference: they must exist by the end.
	condRefs  map[int]int
	condOrder []int
	// compileErr is the first error re's compiler would raise (look-behind
	// widths, the TEMPLATE flag), by position in the pattern; it counts
	// only once the whole pattern has parsed.
	compileErr    *Error
	compileErrPos int
	depth         int
	re2Groups     int
	// globalUnicode and incompatible: global flags turned on both ASCII
	// and UNICODE, a ValueError once the pattern has parsed.
	globalUnicode, incompatible bool
	tr                          translation
}

func (p *parser) errorAt(pos int, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Msg: fmt.Sprintf(format, args...), Pos: pos, Pattern: p.pattern}
}

// noRE2 notes that RE2 cannot run the pattern, and why (the first reason).
func (p *parser) noRE2(why string) {
	if p.tr.noRE2 == "" {
		p.tr.noRE2 = why
	}
}

// compileError notes an error of re's compiler; order is where the
// compiler meets the construct (twice its position in the pattern, one more
// for a look-behind, which a repeat starting there encloses).
func (p *parser) compileError(order int, msg string) {
	if p.compileErr == nil || order < p.compileErrPos {
		p.compileErr = &Error{Kind: Invalid, Msg: msg, Pos: -1, Pattern: p.pattern}
		p.compileErrPos = order
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

// translate parses a Python pattern and writes it for both engines.
func translate(pattern string) (translation, error) {
	p := &parser{src: []rune(pattern), pattern: pattern, t: tables(), groups: 1, widths: map[int]width{},
		lookbehindGroups: -1}
	body, err := p.alternation(0, p.flags)
	if err != nil {
		return translation{}, err
	}
	if p.incompatible {
		return translation{}, &Error{Kind: Value, Msg: "ASCII and UNICODE flags are incompatible", Pos: -1, Pattern: pattern}
	}
	if p.pos < len(p.src) {
		return translation{}, p.errorAt(p.pos, "unbalanced parenthesis")
	}
	for _, g := range p.condOrder {
		if g >= p.groups {
			return translation{}, p.errorAt(p.condRefs[g], "invalid group reference %d", g)
		}
	}
	if p.compileErr != nil {
		return translation{}, p.compileErr
	}
	p.tr.re2, p.tr.bt = body.re2, body.bt
	return p.tr, nil
}

// item is one element of a sequence, written for both engines.
type item struct {
	re2, bt string
	start   int // where it starts in the pattern
	kind    itemKind
	w       width
	// dollar: the RE2 text may end with a $ that consumed a newline, so
	// nothing may follow it.
	dollar bool
	// set is the item as a lone literal or non-negated character set, for
	// re's rewrite of an alternation of such items into one set; nil for
	// any other item.
	set []member
}

type itemKind uint8

const (
	atom   itemKind = iota // repeatable
	anchor                 // ^ $ \A \Z \b \B: nothing to repeat
	repeat                 // already repeated: multiple repeat
)

func (k itemKind) String() string {
	switch k {
	case atom:
		return "atom"
	case anchor:
		return "anchor"
	default:
		return "repeat"
	}
}

// both is an item whose text is the same for both engines.
func both(text string, kind itemKind, w width) item {
	return item{re2: text, bt: text, kind: kind, w: w}
}

// alternation parses branches separated by | up to ) or the end; the
// result is a sequence item (atom) of the whole.
func (p *parser) alternation(nested int, f flags) (item, error) {
	var branches []item
	for {
		if nested == 0 {
			// Global flags, set at the start, hold for every branch.
			f = p.flags
		}
		b, err := p.sequence(nested, f, nested == 0 && len(branches) == 0)
		if err != nil {
			return item{}, err
		}
		branches = append(branches, b)
		if !p.match('|') {
			break
		}
	}
	if nested == 0 {
		f = p.flags
	}
	return p.branch(branches, f), nil
}

// branch joins the branches of an alternation. Like re's parser, it turns
// an alternation of lone literals and sets into one set.
func (p *parser) branch(branches []item, f flags) item {
	if len(branches) == 1 {
		return branches[0]
	}
	var members []member
	for _, b := range branches {
		if b.set == nil {
			members = nil
			break
		}
		members = append(members, b.set...)
	}
	if members != nil {
		members = uniqMembers(members)
		it := charItem(charset(members, false, f, p.t))
		it.set = members
		return it
	}
	re2 := make([]string, len(branches))
	bt := make([]string, len(branches))
	w := width{math.MaxUint64, 0}
	var dollar bool
	for i, b := range branches {
		re2[i], bt[i] = b.re2, b.bt
		w = width{min(w.lo, b.w.lo), max(w.hi, b.w.hi)}
		dollar = dollar || b.dollar
	}
	return item{re2: "(?:" + strings.Join(re2, "|") + ")", bt: "(?:" + strings.Join(bt, "|") + ")",
		kind: atom, w: w, dollar: dollar}
}

func uniqMembers(ms []member) []member {
	var out []member
	for _, m := range ms {
		dup := false
		for _, o := range out {
			if o.kind == m.kind && o.lo == m.lo && o.hi == m.hi && (m.kind != memberCategory || sameSet(o.set, m.set)) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func sameSet(a, b runeSet) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sequence parses items and their repeats until |, ) or the end. first
// says the global flags may still be set here.
func (p *parser) sequence(nested int, f flags, first bool) (item, error) {
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
			if err := p.repeatLast(&items, c, start, f); err != nil {
				return item{}, err
			}
			continue
		case '.':
			it = both(".", atom, width{1, 1})
			if f.dotAll {
				it = both("(?s:.)", atom, width{1, 1})
			}
		case '^':
			it = both(`\A`, anchor, width{})
			if f.multiline {
				it = both(`(?m:^)`, anchor, width{})
			}
		case '$':
			it = p.dollar(f)
		case '[':
			it, err = p.class(start, f)
		case '(':
			var skip bool
			it, skip, err = p.group(start, nested, f, first && len(items) == 0, &f)
			if skip && err == nil {
				continue
			}
		case '\\':
			it, err = p.escape(start, f)
		default:
			it = p.literalItem(c, f)
		}
		if err != nil {
			return item{}, err
		}
		it.start = start
		items = append(items, it)
	}
	return p.join(items), nil
}

// join concatenates the items of a sequence.
func (p *parser) join(items []item) item {
	if len(items) == 1 {
		return items[0]
	}
	var re2, bt strings.Builder
	var w width
	pending := false
	for _, it := range items {
		if pending {
			p.noRE2("a $ followed by more of the pattern")
		}
		pending = pending || it.dollar
		re2.WriteString(it.re2)
		bt.WriteString(it.bt)
		w = w.plus(it.w)
	}
	return item{re2: re2.String(), bt: bt.String(), kind: atom, w: w, dollar: pending}
}

// dollar is $: the end, or before a newline that ends the text (any
// newline with MULTILINE).
func (p *parser) dollar(f flags) item {
	if f.multiline {
		return both(`(?m:$)`, anchor, width{})
	}
	p.re2Groups++
	p.tr.dollars = append(p.tr.dollars, p.re2Groups)
	return item{re2: `(\n?)\z`, bt: `(?=\n?\z)`, kind: anchor, dollar: true}
}

// literalItem is one character, as a case-insensitive set if need be.
func (p *parser) literalItem(c rune, f flags) item {
	it := both(literal(c), atom, width{1, 1})
	if f.ignoreCase {
		it = charItem(folding{p.t, f.ascii}.literalSet(c))
	}
	it.set = []member{{kind: memberLiteral, lo: c, hi: c}}
	return it
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

// literal writes one character so that both engines read it literally.
func literal(r rune) string {
	switch {
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x{%x}`, r)
	case r < 0x80:
		return regexp.QuoteMeta(string(r))
	case !unicode.IsPrint(r) || unicode.IsMark(r):
		return fmt.Sprintf(`\x{%x}`, r)
	}
	return string(r)
}

func atoiSat(s string) uint64 {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return math.MaxUint64
	}
	return n
}
