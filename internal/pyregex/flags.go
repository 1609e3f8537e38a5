package pyregex

import (
	"strings"
	"unicode"
)

// flagChars are the flags of re's inline groups.
const flagChars = "iLmsxatu"

// flagSet is the flags an inline group turns on or off.
type flagSet struct {
	f flags
	// unicode is the u flag, which turns off a global ASCII flag.
	unicode bool
}

// flagGroup parses (?aiLmstux) and (?aiLmstux-imsx:...) from c, the first
// flag character.
func (p *parser) flagGroup(start, nested int, outer flags, canSetGlobal bool, f *flags, c rune) (item, bool, error) {
	add, del, global, err := p.inlineFlags(c)
	if err != nil {
		return item{}, false, err
	}
	if global {
		if !canSetGlobal {
			return item{}, false, p.errorAt(start, "global flags not at the start of the expression")
		}
		if add.unicode && p.flags.ascii || add.f.ascii && p.globalUnicode {
			p.incompatible = true
		}
		p.globalUnicode = p.globalUnicode || add.unicode
		p.flags = merge(p.flags, add, flagSet{})
		*f = p.flags
		return item{}, true, nil
	}
	body, err := p.subpattern(start, nested, merge(outer, add, del))
	if err != nil {
		return item{}, false, err
	}
	return body.grouped(), false, nil
}

// inlineFlags parses the flags of an inline group from c, the first flag
// character, as re's _parse_flags does.
func (p *parser) inlineFlags(c rune) (add, del flagSet, global bool, err error) {
	if c != '-' {
		if c, global, err = p.onFlags(c, &add); err != nil || global {
			return add, del, global, err
		}
		if add.f.template {
			return add, del, false, p.errorAt(p.pos-1, "bad inline flags: cannot turn on global flag")
		}
	}
	if c == '-' {
		if err := p.offFlags(&del); err != nil {
			return add, del, false, err
		}
	}
	if del.f.template {
		return add, del, false, p.errorAt(p.pos-1, "bad inline flags: cannot turn off global flag")
	}
	if overlap(add.f, del.f) {
		return add, del, false, p.errorAt(p.pos-1, "bad inline flags: flag turned on and off")
	}
	return add, del, false, nil
}

// onFlags reads the flags to turn on, from c; it returns the character
// that ended them (- or :), or global for a closing parenthesis.
func (p *parser) onFlags(c rune, add *flagSet) (end rune, global bool, err error) {
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
func (p *parser) offFlags(del *flagSet) error {
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

func set(s *flagSet, c rune) {
	switch c {
	case 'a':
		s.f.ascii = true
	case 'u':
		s.unicode = true
	case 'i':
		s.f.ignoreCase = true
	case 'm':
		s.f.multiline = true
	case 's':
		s.f.dotAll = true
	case 'x':
		s.f.verbose = true
	case 't':
		s.f.template = true
	}
}

func overlap(a, b flags) bool {
	return (a.ignoreCase && b.ignoreCase) || (a.multiline && b.multiline) || (a.dotAll && b.dotAll) || (a.verbose && b.verbose)
}

// merge turns on add and off del, as re's _combine_flags: a type flag (a,
// u) replaces the one in force.
func merge(f flags, add, del flagSet) flags {
	if add.f.ascii || add.unicode {
		f.ascii = add.f.ascii
	}
	f.ignoreCase = (f.ignoreCase || add.f.ignoreCase) && !del.f.ignoreCase
	f.multiline = (f.multiline || add.f.multiline) && !del.f.multiline
	f.dotAll = (f.dotAll || add.f.dotAll) && !del.f.dotAll
	f.verbose = (f.verbose || add.f.verbose) && !del.f.verbose
	f.template = f.template || add.f.template
	return f
}
