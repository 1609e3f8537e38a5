package pyregex

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// python311 holds the Unicode tables of CPython 3.11's re module
// (Unicode 14.0), written by tables/gen.py; tables/README.md says how.
//
//go:embed tables/python311.txt
var python311 string

// pyTables are the tables of python311, parsed.
type pyTables struct {
	word, digit, space, cased runeSet
	xidStart, xidContinue     runeSet
	named                     runeSet
	lower, upper              map[rune]rune
	// lowered maps a lowered character to the other characters that lower
	// to it.
	lowered map[rune][]rune
	// mapped are the characters whose lower or upper case is another
	// character: the only ones case-insensitive matching treats apart.
	mapped  []rune
	fixes   map[rune][]rune
	aliases map[string]rune
	// namesSHA256 is the digest of every name unicodedata gives (see
	// tables/gen.py).
	namesSHA256, unidata string
}

var tables = sync.OnceValue(func() *pyTables {
	t, err := parseTables(python311)
	if err != nil {
		// The tables are part of the program, checked by the tests.
		panic("pyregex: " + err.Error())
	}
	return t
})

func parseTables(text string) (*pyTables, error) {
	t := &pyTables{lower: map[rune]rune{}, upper: map[rune]rune{}, lowered: map[rune][]rune{},
		fixes: map[rune][]rune{}, aliases: map[string]rune{}}
	sets := map[string]*runeSet{"word": &t.word, "digit": &t.digit, "space": &t.space, "cased": &t.cased,
		"xidstart": &t.xidStart, "xidcontinue": &t.xidContinue, "named": &t.named}
	var section string
	for n, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if name, ok := strings.CutPrefix(line, "# "); ok {
			section = name
			continue
		}
		if err := t.row(section, line, sets); err != nil {
			return nil, fmt.Errorf("tables line %d (%s): %w", n+1, section, err)
		}
	}
	mapped := map[rune]bool{}
	for c, l := range t.lower {
		t.lowered[l] = append(t.lowered[l], c)
		mapped[c] = true
	}
	for c := range t.upper {
		mapped[c] = true
	}
	for c := range mapped {
		t.mapped = append(t.mapped, c)
	}
	sort.Slice(t.mapped, func(i, j int) bool { return t.mapped[i] < t.mapped[j] })
	return t, nil
}

// row reads one line of a section.
func (t *pyTables) row(section, line string, sets map[string]*runeSet) error {
	switch section {
	case "names-sha256":
		t.namesSHA256 = line
		return nil
	case "unidata":
		t.unidata = line
		return nil
	case "alias":
		code, name, ok := strings.Cut(line, " ")
		r, err := hexRune(code)
		if !ok || err != nil {
			return fmt.Errorf("bad alias %q", line)
		}
		t.aliases[name] = r
		return nil
	}
	var codes []rune
	for _, f := range strings.Fields(line) {
		r, err := hexRune(f)
		if err != nil {
			return err
		}
		codes = append(codes, r)
	}
	if s, ok := sets[section]; ok && len(codes) == 2 {
		*s = append(*s, runeRange{codes[0], codes[1]})
		return nil
	}
	switch {
	case section == "lower" && len(codes) == 2:
		t.lower[codes[0]] = codes[1]
	case section == "upper" && len(codes) == 2:
		t.upper[codes[0]] = codes[1]
	case section == "fixes" && len(codes) >= 2:
		t.fixes[codes[0]] = codes[1:]
	default:
		return fmt.Errorf("unexpected row %q", line)
	}
	return nil
}

func hexRune(s string) (rune, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > maxRune {
		return 0, fmt.Errorf("bad code point %q", s)
	}
	return rune(v), nil
}

// maxRune is the last code point.
const maxRune = 0x10FFFF

// toLower is _sre.unicode_tolower: the lowering re applies to a pattern's
// literal and to each character it compares under IGNORECASE.
func (t *pyTables) toLower(r rune) rune {
	if l, ok := t.lower[r]; ok {
		return l
	}
	return r
}

// toUpper is CPython's simple upper case of r.
func (t *pyTables) toUpper(r rune) rune {
	if u, ok := t.upper[r]; ok {
		return u
	}
	return r
}
