package pathlib

import (
	"errors"
	"unicode/utf8"
)

// fnmatchPy reports whether name matches pattern as Python's
// fnmatch.fnmatchcase does on POSIX: "*" any run of characters, "?" any
// one, "[...]" a class as fnmatch.translate builds it ("!" first negates,
// a "]" first is a member, "a-z" a range, a range whose ends are reversed
// dropped with its ends, a "-" first or last a member; a "[" that no "]"
// closes is itself), every other character itself; the whole name must
// match. Names and patterns are compared by code point, bytes that are not
// UTF-8 as the surrogates Python decodes them to.
func fnmatchPy(name, pattern string) (bool, error) {
	items, err := compileFnmatch(decodePy(pattern))
	if err != nil {
		return false, err
	}
	return matchItems(items, decodePy(name)), nil
}

// fnItem is one element of a compiled pattern.
type fnItem struct {
	kind   fnKind
	char   rune
	class  []fnRange
	negate bool
}

type fnKind uint8

const (
	fnChar  fnKind = iota // one given character
	fnAny                 // "?"
	fnStar                // "*"
	fnClass               // "[...]"
	fnNever               // an empty class: matches nothing
)

// fnRange is lo..hi, both included.
type fnRange struct{ lo, hi rune }

// errBadClass is a class Python's fnmatch fails on (an IndexError while it
// drops reversed ranges).
var errBadClass = errors.New("invalid character class in pattern")

// compileFnmatch is fnmatch.translate, to items instead of a regular
// expression.
func compileFnmatch(pat []rune) ([]fnItem, error) {
	var out []fnItem
	for i, n := 0, len(pat); i < n; {
		c := pat[i]
		i++
		switch c {
		case '*':
			if len(out) == 0 || out[len(out)-1].kind != fnStar {
				out = append(out, fnItem{kind: fnStar})
			}
		case '?':
			out = append(out, fnItem{kind: fnAny})
		case '[':
			j := i
			if j < n && pat[j] == '!' {
				j++
			}
			if j < n && pat[j] == ']' {
				j++
			}
			for j < n && pat[j] != ']' {
				j++
			}
			if j >= n {
				out = append(out, fnItem{kind: fnChar, char: '['})
				continue
			}
			it, err := compileClass(pat, i, j)
			if err != nil {
				return nil, err
			}
			out = append(out, it)
			i = j + 1
		default:
			out = append(out, fnItem{kind: fnChar, char: c})
		}
	}
	return out, nil
}

// compileClass compiles the class pat[i:j] (between "[" and "]").
func compileClass(pat []rune, i, j int) (fnItem, error) {
	stuff := pat[i:j]
	var chunks [][]rune
	if !containsRune(stuff, '-') {
		chunks = [][]rune{stuff}
	} else {
		k := i + 1
		if pat[i] == '!' {
			k = i + 2
		}
		for {
			k = indexRune(pat, '-', k, j)
			if k < 0 {
				break
			}
			chunks = append(chunks, pat[i:k])
			i = k + 1
			k += 3
		}
		if chunk := pat[i:j]; len(chunk) > 0 {
			chunks = append(chunks, chunk)
		} else {
			chunks[len(chunks)-1] = append(append([]rune{}, chunks[len(chunks)-1]...), '-')
		}
		for k := len(chunks) - 1; k > 0; k-- {
			prev, next := chunks[k-1], chunks[k]
			if len(prev) == 0 || len(next) == 0 {
				return fnItem{}, errBadClass
			}
			if prev[len(prev)-1] > next[0] {
				chunks[k-1] = append(append([]rune{}, prev[:len(prev)-1]...), next[1:]...)
				chunks = append(chunks[:k], chunks[k+1:]...)
			}
		}
	}
	it := classOf(chunks)
	for _, r := range it.class {
		if r.lo > r.hi {
			// Python's re refuses the set: "bad character range".
			return fnItem{}, errBadClass
		}
	}
	return it, nil
}

// classOf is the class of the chunks as Python's re reads the set
// fnmatch writes for them: the chunks' characters, each a member, joined
// by "-"s that make ranges; a "-" that cannot (first, or just after a
// range) is a member itself.
func classOf(chunks [][]rune) fnItem {
	const join = -1 // the "-" between two chunks
	var toks []rune
	for k, ch := range chunks {
		if k > 0 {
			toks = append(toks, join)
		}
		toks = append(toks, ch...)
	}
	switch {
	case len(toks) == 0:
		return fnItem{kind: fnNever}
	case len(toks) == 1 && toks[0] == '!':
		return fnItem{kind: fnAny}
	}
	it := fnItem{kind: fnClass}
	if toks[0] == '!' {
		it.negate, toks = true, toks[1:]
	}
	for x := 0; x < len(toks); x++ {
		c := toks[x]
		if c == join {
			c = '-'
		}
		if x+2 < len(toks) && toks[x+1] == join && toks[x+2] != join {
			it.class = append(it.class, fnRange{c, toks[x+2]})
			x += 2
			continue
		}
		it.class = append(it.class, fnRange{c, c})
	}
	return it
}

// matchItems reports whether the items match all of s.
func matchItems(items []fnItem, s []rune) bool {
	if len(items) == 0 {
		return len(s) == 0
	}
	it := items[0]
	if it.kind == fnStar {
		for k := 0; k <= len(s); k++ {
			if matchItems(items[1:], s[k:]) {
				return true
			}
		}
		return false
	}
	if len(s) == 0 || !it.matches(s[0]) {
		return false
	}
	return matchItems(items[1:], s[1:])
}

func (it fnItem) matches(c rune) bool {
	switch it.kind {
	case fnChar:
		return c == it.char
	case fnAny:
		return true
	case fnClass:
		in := false
		for _, r := range it.class {
			if r.lo <= c && c <= r.hi {
				in = true
				break
			}
		}
		return in != it.negate
	case fnStar, fnNever:
	}
	return false
}

// decodePy decodes s as Python decodes a file name (surrogateescape).
func decodePy(s string) []rune {
	if utf8.ValidString(s) {
		return []rune(s)
	}
	var out []rune
	for s != "" {
		r, n := pyRune(s)
		out = append(out, r)
		s = s[n:]
	}
	return out
}

func containsRune(rs []rune, c rune) bool { return indexRune(rs, c, 0, len(rs)) >= 0 }

// indexRune is str.find(c, from, to).
func indexRune(rs []rune, c rune, from, to int) int {
	for k := from; k < to && k < len(rs); k++ {
		if rs[k] == c {
			return k
		}
	}
	return -1
}
