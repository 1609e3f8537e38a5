package report

import (
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// recorded is s with every secret the rules find masked as show masks it
// ([secrets.Mask]): for the texts of a replay or a run that may quote what
// a recording holds (a tool call's arguments in an unmocked tool's
// message, an assertion's actual value). Every stream prints them, a CI
// log among them.
func recorded(s string) string {
	out, _ := (*secrets.Masker)(nil).Text(s)
	return out
}

// Plural returns word, with an s unless n is 1 ("directory" becomes
// "directories", "entry" "entries", and "key" "keys").
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case len(word) > 1 && word[len(word)-1] == 'y' && !strings.ContainsRune("aeiou", rune(word[len(word)-2])):
		return strings.TrimSuffix(word, "y") + "ies"
	}
	return word + "s"
}

// oneLine is the first line of s, with " …" when more follows.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// rel is path relative to root, slash-separated (path itself when it
// cannot be made relative).
func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(r)
}

// indentText indents every line of s after the first.
func indentText(s, indent string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+indent)
}
