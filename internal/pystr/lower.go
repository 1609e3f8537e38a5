// Package pystr is Python's semantics for the string operations dryfire's
// code performs on text, where Go's differ.
package pystr

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lower is Python's str.lower(): Unicode's full lowercase mapping, with
// İ becoming i + combining dot and a capital sigma that ends a word
// becoming ς. It holds the text once more and no more (no copy of its
// runes), so that lowering a model's 10 MB answer costs 10 MB.
func Lower(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf || unicode.IsUpper(r) }) {
		return s
	}
	if isASCII(s) {
		return strings.ToLower(s) // Python's mapping, for ASCII
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch r {
		case 'İ':
			b.WriteString("i\u0307")
		case 'Σ':
			if finalSigma(s, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// finalSigma is Unicode's Final_Sigma condition for the sigma at byte i of
// s: a cased letter before it and none after it, skipping case-ignorable
// characters.
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if caseIgnorable(r) {
			continue
		}
		before = cased(r)
		break
	}
	if !before {
		return false
	}
	for j := i + len("Σ"); j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		j += n
		if caseIgnorable(r) {
			continue
		}
		return !cased(r)
	}
	return true
}

func cased(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }

func caseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
		r == '\'' || r == '.' || r == ':' || r == '·' || r == '\u2019'
}
