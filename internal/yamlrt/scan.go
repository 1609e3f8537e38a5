package yamlrt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"
)

// The scanners of the tokens other than scalars (scalars.go): the white
// space, line breaks and comments between tokens, directives, anchors and
// aliases, tags; and the character classes every scanner uses.

// scanToNextToken skips spaces, line breaks and comments. Like ruamel's
// round-trip scanner it stops after a comment, or after a line break
// followed by empty lines (whose spaces and tabs it swallows, the next
// line's indentation included), and reports that as a comment token.
func (s *scanner) scanToNextToken() (Mark, Mark, bool) {
	r := s.r
	if r.Index() == 0 && r.Ch() == 0xFEFF {
		r.Forward(1)
	}
	tabs := s.flowLevel() > 0 // in flow context tabs are white space too
	for {
		for r.Ch() == ' ' || (tabs && r.Ch() == '\t') {
			r.Forward(1)
		}
		if r.Ch() == '#' {
			start := r.Mark()
			r.Forward(1)
			for !isEnd(r.Ch()) {
				r.Forward(1)
			}
			for s.scanLineBreak(false) != "" {
			}
			if s.flowLevel() == 0 {
				s.allowSimpleKey = true
			}
			return start, r.Mark(), true
		}
		if s.scanLineBreak(false) == "" {
			return Mark{}, Mark{}, false
		}
		if s.flowLevel() == 0 {
			s.allowSimpleKey = true
		}
		if r.Ch() == '\n' {
			start := r.Mark()
			for s.scanLineBreak(true) != "" {
			}
			return start, r.Mark(), true
		}
	}
}

// scanLineBreak reads one line break: CR LF, CR, LF and NEL give "\n", LS
// and PS themselves; in empty lines a space or a tab counts too.
func (s *scanner) scanLineBreak(emptyLine bool) string {
	r := s.r
	switch ch := r.Ch(); {
	case ch == '\r' || ch == '\n' || ch == 0x85:
		if ch == '\r' && r.Peek(1) == '\n' {
			r.Forward(2)
		} else {
			r.Forward(1)
		}
		return "\n"
	case ch == 0x2028 || ch == 0x2029:
		r.Forward(1)
		return string(ch)
	case emptyLine && (ch == '\t' || ch == ' '):
		r.Forward(1)
		return string(ch)
	}
	return ""
}

// Directives.

func (s *scanner) scanDirective() token {
	r := s.r
	start := r.Mark()
	r.Forward(1)
	name := s.scanDirectiveName(start)
	t := token{kind: tDirective, value: name, start: start}
	switch name {
	case "YAML":
		t.major, t.minor = s.scanYAMLDirectiveValue(start)
		t.end = r.Mark()
	case "TAG":
		t.tagHandle, t.tagPrefix = s.scanTagDirectiveValue(start)
		t.end = r.Mark()
	default:
		t.end = r.Mark()
		for !isEnd(r.Ch()) {
			r.Forward(1)
		}
	}
	s.scanIgnoredLine("while scanning a directive", start)
	return t
}

func isWordChar(ch rune) bool {
	return ch >= '0' && ch <= '9' || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z'
}

func (s *scanner) scanDirectiveName(start Mark) string {
	r := s.r
	n := 0
	for ch := r.Peek(n); isWordChar(ch) || in(ch, "-_:."); ch = r.Peek(n) {
		n++
	}
	if n == 0 {
		s.fail("while scanning a directive", &start, "expected alphabetic or numeric character, but found "+pyReprChar(r.Peek(0)), r.Mark())
	}
	v := r.Prefix(n)
	r.Forward(n)
	if ch := r.Ch(); !in(ch, "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.Mark())
	}
	return v
}

func (s *scanner) scanYAMLDirectiveValue(start Mark) (int, int) {
	r := s.r
	for r.Ch() == ' ' {
		r.Forward(1)
	}
	major := s.scanYAMLDirectiveNumber(start)
	if r.Ch() != '.' {
		s.fail("while scanning a directive", &start, "expected a digit or '.', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	r.Forward(1)
	minor := s.scanYAMLDirectiveNumber(start)
	if !in(r.Ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected a digit or '.', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	s.version = [2]int{major, minor}
	return major, minor
}

func (s *scanner) scanYAMLDirectiveNumber(start Mark) int {
	r := s.r
	if ch := r.Ch(); ch < '0' || ch > '9' {
		s.fail("while scanning a directive", &start, "expected a digit, but found "+pyReprChar(ch), r.Mark())
	}
	n := 0
	for ch := r.Peek(n); ch >= '0' && ch <= '9'; ch = r.Peek(n) {
		n++
	}
	v, err := strconv.Atoi(r.Prefix(n))
	if err != nil {
		v = 1 << 30 // a version number too long for an int is not 1 either
	}
	r.Forward(n)
	return v
}

func (s *scanner) scanTagDirectiveValue(start Mark) (string, string) {
	r := s.r
	for r.Ch() == ' ' {
		r.Forward(1)
	}
	handle := s.scanTagHandle("directive", start)
	if r.Ch() != ' ' {
		s.fail("while scanning a directive", &start, "expected ' ', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	for r.Ch() == ' ' {
		r.Forward(1)
	}
	prefix := s.scanTagURI("directive", start)
	if !in(r.Ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected ' ', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	return handle, prefix
}

// scanIgnoredLine skips the rest of a line after a directive or a block
// scalar's header: blanks and a comment, then the line break; anything else
// fails "while" (ruamel's two copies differ only in that context).
func (s *scanner) scanIgnoredLine(while string, start Mark) {
	r := s.r
	for r.Ch() == ' ' {
		r.Forward(1)
	}
	if r.Ch() == '#' {
		for !isEnd(r.Ch()) {
			r.Forward(1)
		}
	}
	if !isEnd(r.Ch()) {
		s.fail(while, &start, "expected a comment or a line break, but found "+pyReprChar(r.Ch()), r.Mark())
	}
	s.scanLineBreak(false)
}

// Anchors, aliases and tags.

// anchorChar is ruamel's check_anchorname_char: a printable character
// other than a space, a flow indicator and the byte-order mark. LS and PS
// are in (a name runs on through them), NEL is not.
func anchorChar(ch rune) bool {
	switch {
	case in(ch, ",[]{}"):
		return false
	case ch >= 0x21 && ch <= 0x7E, ch >= 0xA0 && ch <= 0xD7FF, ch >= 0x10000 && ch <= 0x10FFFF:
		return true
	case ch >= 0xE000 && ch <= 0xFFFD:
		return ch != 0xFEFF
	}
	return false
}

func (s *scanner) scanAnchor(kind tokenKind) token {
	r := s.r
	start := r.Mark()
	name := "anchor"
	if r.Ch() == '*' {
		name = "alias"
	}
	r.Forward(1)
	n := 0
	for anchorChar(r.Peek(n)) {
		n++
	}
	ch := r.Peek(n)
	if n == 0 {
		s.fail("while scanning an "+name, &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.Mark())
	}
	v := r.Prefix(n)
	r.Forward(n)
	if !in(ch, "\x00 \t\r\n\u0085\u2028\u2029?:,[]{}%@`") {
		s.fail("while scanning an "+name, &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.Mark())
	}
	return token{kind: kind, value: v, start: start, end: r.Mark()}
}

func (s *scanner) scanTag() token {
	r := s.r
	start := r.Mark()
	t := token{kind: tTag, start: start}
	short := "!"
	ch := r.Peek(1)
	if ch == '!' {
		short = "!!"
		r.Forward(1)
		ch = r.Peek(1)
	}
	switch {
	case ch == '<':
		t.noHandle = true
		r.Forward(2)
		t.suffix = s.scanTagURI("tag", start)
		if r.Ch() != '>' {
			s.fail("while parsing a tag", &start, "expected '>' but found "+pyReprChar(r.Ch()), r.Mark())
		}
		r.Forward(1)
	case isEndSpaceTab(ch):
		t.noHandle = true
		t.suffix = short
		r.Forward(1)
	default:
		n, useHandle := 1, false
		for !in(ch, "\x00 \r\n\u0085\u2028\u2029") {
			if ch == '!' {
				useHandle = true
				break
			}
			n++
			ch = r.Peek(n)
		}
		if useHandle {
			t.handle = s.scanTagHandle("tag", start)
		} else {
			t.handle = short
			r.Forward(1)
		}
		t.suffix = s.scanTagURI("tag", start)
	}
	if !in(r.Ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a tag", &start, "expected ' ', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	t.end = r.Mark()
	return t
}

func (s *scanner) scanTagHandle(name string, start Mark) string {
	r := s.r
	if r.Ch() != '!' {
		s.fail("while scanning an "+name, &start, "expected '!', but found "+pyReprChar(r.Ch()), r.Mark())
	}
	n := 1
	ch := r.Peek(n)
	if ch != ' ' {
		for isWordChar(ch) || ch == '-' || ch == '_' {
			n++
			ch = r.Peek(n)
		}
		if ch != '!' {
			r.Forward(n)
			s.fail("while scanning an "+name, &start, "expected '!', but found "+pyReprChar(ch), r.Mark())
		}
		n++
	}
	v := r.Prefix(n)
	r.Forward(n)
	return v
}

func (s *scanner) scanTagURI(name string, start Mark) string {
	r := s.r
	var chunks []byte
	n := 0
	ch := r.Peek(n)
	for isWordChar(ch) || in(ch, "-;/?:@&=+$,_.!~*'()[]%") || (s.after11() && ch == '#') {
		if ch == '%' {
			chunks = append(chunks, r.Prefix(n)...)
			r.Forward(n)
			n = 0
			chunks = append(chunks, s.scanURIEscapes(name, start)...)
		} else {
			n++
		}
		ch = r.Peek(n)
	}
	if n != 0 {
		chunks = append(chunks, r.Prefix(n)...)
		r.Forward(n)
	}
	if len(chunks) == 0 {
		s.fail("while parsing an "+name, &start, "expected URI, but found "+pyReprChar(ch), r.Mark())
	}
	return string(chunks)
}

// scanURIEscapes reads %XX escapes and keeps them as written (the
// round-trip scanner does not decode them; [Tag.String] does), checking
// that the bytes they encode are UTF-8.
func (s *scanner) scanURIEscapes(name string, start Mark) string {
	r := s.r
	var raw []rune
	var b []byte
	m := r.Mark()
	for r.Ch() == '%' {
		raw = append(raw, '%')
		r.Forward(1)
		for k := range 2 {
			if !isHex(r.Peek(k)) {
				s.fail("while scanning an "+name, &start,
					"expected URI escape sequence of 2 hexdecimal numbers, but found "+pyReprChar(r.Peek(k)), r.Mark())
			}
		}
		b = append(b, byte(hexVal(r.Peek(0))*16+hexVal(r.Peek(1))))
		raw = append(raw, r.Peek(0), r.Peek(1))
		r.Forward(2)
	}
	if !utf8.Valid(b) {
		s.fail("while scanning an "+name, &start, "'utf-8' codec can't decode the escaped bytes", m)
	}
	return string(raw)
}

func isHex(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// pyReprChar spells a character as Python's repr() of a one-character
// string does, for messages.
func pyReprChar(c rune) string {
	switch c {
	case 0:
		return `'\x00'`
	case '\'':
		return `"'"`
	case '\\':
		return `'\\'`
	case '\t':
		return `'\t'`
	case '\n':
		return `'\n'`
	case '\r':
		return `'\r'`
	}
	if c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) {
		return fmt.Sprintf(`'\x%02x'`, c)
	}
	if c == 0x2028 || c == 0x2029 || c == 0xfeff {
		return fmt.Sprintf(`'\u%04x'`, c)
	}
	return "'" + string(c) + "'"
}

// Character classes.

// documentMarker reports whether a document marker ("---" or "...", then
// a space or the end of the line) comes next, reading ahead as ruamel
// does (prefix(3), then peek(3)).
func documentMarker(r *chars.Reader) bool {
	p := r.Prefix(3)
	return (p == "---" || p == "...") && isEndSpaceTab(r.Peek(3))
}

// in reports whether c is one of the characters of set.
func in(c rune, set string) bool {
	if c < utf8.RuneSelf {
		// An ASCII byte of set is an ASCII character: the bytes of the
		// others are all 0x80 and above.
		return strings.IndexByte(set, byte(c)) >= 0
	}
	for _, s := range set {
		if c == s {
			return true
		}
	}
	return false
}

func isEnd(c rune) bool {
	return c == '\n' || c == 0 || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029
}

func isEndSpaceTab(c rune) bool { return c == ' ' || c == '\t' || isEnd(c) }

func isBreak(c rune) bool {
	return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029
}
