package pyregex

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/unicode/runenames"
)

// The names of \N{…} are unicodedata's: the Unicode character names (from
// x/text's tables, kept to the code points Python 3.11 names, Unicode
// 14.0), Hangul syllables and CJK unified ideographs by their algorithms,
// and the name aliases (from Python's own table).

// Hangul syllables: base, counts and the jamo short names.
const (
	hangulBase = 0xAC00
	vCount     = 21
	tCount     = 28
)

var (
	jamoL = []string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = []string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE",
		"WI", "YU", "EU", "YI", "I"}
	jamoT = []string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B",
		"BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

const (
	hangulPrefix = "HANGUL SYLLABLE "
	cjkPrefix    = "CJK UNIFIED IDEOGRAPH-"
)

// lookupName is unicodedata.lookup(name) for a name that gives one
// character. As in CPython 3.11, a name is matched whatever the case of
// its ASCII letters, but the algorithmic names of Hangul syllables and CJK
// ideographs only as written in capitals.
func lookupName(name string) (rune, bool) {
	t := tables()
	if rest, ok := strings.CutPrefix(name, hangulPrefix); ok {
		return hangulSyllable(rest)
	}
	if strings.HasPrefix(name, cjkPrefix) {
		hex := name[len(cjkPrefix):]
		if len(hex) != 4 && len(hex) != 5 || strings.Trim(hex, "0123456789ABCDEF") != "" {
			return 0, false
		}
		v, _ := strconv.ParseUint(hex, 16, 32)
		return rune(v), isUnifiedIdeograph(t, rune(v))
	}
	upper := asciiUpper(name)
	if r, ok := t.aliases[upper]; ok {
		return r, true
	}
	r, ok := charNames()[upper]
	return r, ok
}

func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// hangulSyllable reads the jamo of a syllable's name, each the longest
// that matches, as CPython does (case-sensitively).
func hangulSyllable(s string) (rune, bool) {
	l, n := longestJamo(s, jamoL)
	s = s[n:]
	v, n := longestJamo(s, jamoV)
	s = s[n:]
	t, n := longestJamo(s, jamoT)
	if l < 0 || v < 0 || t < 0 || n != len(s) {
		return 0, false
	}
	return rune(hangulBase + (l*vCount+v)*tCount + t), true
}

// longestJamo is the index and length of the longest name of names that
// starts s (-1 when none does).
func longestJamo(s string, names []string) (index, n int) {
	index, n = -1, -1
	for i, name := range names {
		if len(name) > n && strings.HasPrefix(s, name) {
			index, n = i, len(name)
		}
	}
	return index, max(n, 0)
}

// isUnifiedIdeograph reports whether Python 3.11 names r CJK UNIFIED
// IDEOGRAPH-….
func isUnifiedIdeograph(t *pyTables, r rune) bool {
	return t.named.contains(r) && strings.HasPrefix(runenames.Name(r), "<CJK Ideograph")
}

// charName is unicodedata.name(r) for a code point Python names.
func charName(t *pyTables, r rune) string {
	switch {
	case r >= hangulBase && r < hangulBase+19*vCount*tCount:
		s := int(r - hangulBase)
		return hangulPrefix + jamoL[s/(vCount*tCount)] + jamoV[s%(vCount*tCount)/tCount] + jamoT[s%tCount]
	case isUnifiedIdeograph(t, r):
		return fmt.Sprintf(cjkPrefix+"%04X", r)
	}
	return runenames.Name(r)
}

// charNames maps every other name Python 3.11 knows to its code point.
var charNames = sync.OnceValue(func() map[string]rune {
	t := tables()
	names := make(map[string]rune, 40000)
	for _, rr := range t.named {
		for r := rr.lo; r <= rr.hi; r++ {
			if name := runenames.Name(r); name != "" && name[0] != '<' {
				names[name] = r
			}
		}
	}
	return names
})
