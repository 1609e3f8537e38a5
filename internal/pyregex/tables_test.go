package pyregex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/dlclark/regexp2/v2"
)

// TestNamesArePythons: the name derived for every code point Python 3.11
// names hashes to the digest of Python's own names, and each name (and
// each alias) leads back to its character.
func TestNamesArePythons(t *testing.T) {
	t.Parallel()
	tb := tables()
	if tb.unidata != "14.0.0" {
		t.Fatalf("tables of Unicode %s", tb.unidata)
	}
	h := sha256.New()
	n := 0
	for _, rr := range tb.named {
		for r := rr.lo; r <= rr.hi; r++ {
			name := charName(tb, r)
			fmt.Fprintf(h, "%04X %s\n", r, name)
			if got, ok := lookupName(name); !ok || got != r {
				t.Errorf("%U %q looks up %U %v", r, name, got, ok)
			}
			n++
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != tb.namesSHA256 {
		t.Errorf("the names of %d code points hash to %s, Python's to %s", n, got, tb.namesSHA256)
	}
	if len(tb.aliases) < 400 {
		t.Errorf("%d aliases", len(tb.aliases))
	}
	for name, r := range tb.aliases {
		if got, ok := lookupName(name); !ok || got != r {
			t.Errorf("alias %q: %U %v", name, got, ok)
		}
	}
}

// TestCategoriesIgnoreCase: no character's \d, \s or \w membership changes
// under lowering, which lets a case-insensitive set keep its categories as
// they are (re tests them on the lowered character).
func TestCategoriesIgnoreCase(t *testing.T) {
	t.Parallel()
	tb := tables()
	for _, s := range []runeSet{tb.word, tb.digit, tb.space} {
		for r := rune(0); r <= maxRune; r++ {
			if s.contains(r) != s.contains(tb.toLower(r)) {
				t.Errorf("%U", r)
			}
		}
	}
	for _, r := range tb.digit {
		if (r.hi-r.lo+1)%10 != 0 {
			t.Errorf("digits %U-%U are not runs of ten", r.lo, r.hi)
		}
	}
}

// TestCompactClasses: a large set written for regexp2 from one of Go's
// categories matches exactly the set's characters. Membership changes
// only at range ends, so checking every end (and its neighbours) of the
// set and of the categories checks every character.
func TestCompactClasses(t *testing.T) {
	t.Parallel()
	p := &parser{t: tables()}
	word, digit := p.category('w', flags{}), p.category('d', flags{})
	sets := map[string]runeSet{
		`\w`: word, `\W`: word.complement(), `\d`: digit, `\D`: digit.complement(),
		`[\w-]`: union(word, single('-')), `[\W\d]`: union(word.complement(), digit),
		`(?i)[^\W\dK]`: charset([]member{{kind: memberCategory, set: word.complement()}, {kind: memberCategory, set: digit},
			{kind: memberLiteral, lo: 'K', hi: 'K'}}, true, flags{ignoreCase: true}, tables()),
	}
	var ends []rune
	addEnds := func(s runeSet) {
		for _, r := range s {
			ends = append(ends, r.lo-1, r.lo, r.hi, r.hi+1)
		}
	}
	for _, b := range goBases() {
		addEnds(b.set)
	}
	for name, s := range sets {
		text := s.btClass()
		if len(text) > 4000 {
			t.Errorf("%s: %d bytes, not compact", name, len(text))
		}
		re, err := regexp2.Compile(`\A` + text + `\z`)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all := append([]rune(nil), ends...)
		for _, r := range s {
			all = append(all, r.lo-1, r.lo, r.hi, r.hi+1)
		}
		for _, r := range all {
			if r < 0 || r > maxRune || r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			if ok, _ := re.MatchString(string(r)); ok != s.contains(r) {
				t.Errorf("%s on %U: %v", name, r, ok)
			}
		}
	}
}
