package yamlrt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"
)

// value builds a scalar's value. While the value is one stretch of the
// text as written (a plain or quoted scalar without escapes or folded
// lines: most of them) it is that substring of the text, not a copy.
type value struct {
	text   string
	lo, hi int // the stretch, in bytes of text, while not copied
	copied bool
	buf    []byte
}

func (s *scanner) newValue() value { return value{text: s.r.Text(), buf: s.scratch[:0]} }

// valueString is the value built, the scanner keeping the scratch. It is
// a string of its own, never a substring of the text: what a loaded suite
// keeps of its file is its values, not the whole text read. A short value
// met again, in the document or in one read before it, is the same string
// (the keys of a schema, the words of an enum), stored once.
func (s *scanner) valueString(v *value) string {
	if !v.copied {
		return s.keep(v.text[v.lo:v.hi])
	}
	s.scratch = v.buf[:0]
	if len(v.buf) > maxShared {
		return string(v.buf)
	}
	if x, ok := s.strs[string(v.buf)]; ok {
		return x
	}
	x := string(v.buf)
	s.strs[x] = x
	return x
}

// maxShared is the length of the longest value [scanner.valueString]
// stores once per document.
const maxShared = 32

// keep is valueString of a stretch of the text.
func (s *scanner) keep(sub string) string {
	switch {
	case sub == "":
		return ""
	case len(sub) > maxShared:
		return strings.Clone(sub)
	}
	if x, ok := s.strs[sub]; ok {
		return x
	}
	x := strings.Clone(sub)
	s.strs[x] = x
	return x
}

// addNext adds the reader's next n characters.
func (v *value) addNext(r *chars.Reader, n int) {
	lo, hi, ok := r.Span(n)
	if !ok {
		v.add(r.Runes(n))
		return
	}
	if lo == hi {
		return
	}
	if !v.copied {
		switch {
		case v.lo == v.hi:
			v.lo, v.hi = lo, hi
			return
		case v.hi == lo:
			v.hi = hi
			return
		}
		v.copy()
	}
	v.buf = append(v.buf, v.text[lo:hi]...)
}

// add adds s; when the text goes on with s, the stretch takes it in.
func (v *value) add(s string) {
	if s == "" {
		return
	}
	if !v.copied {
		if v.lo < v.hi && strings.HasPrefix(v.text[v.hi:], s) {
			v.hi += len(s)
			return
		}
		v.copy()
	}
	v.buf = append(v.buf, s...)
}

func (v *value) copy() {
	v.buf = append(v.buf[:0], v.text[v.lo:v.hi]...)
	v.copied = true
}

// Flow (quoted) scalars.

var escapeReplacements = map[rune]string{
	'0': "\x00", 'a': "\x07", 'b': "\x08", 't': "\x09", '\t': "\x09", 'n': "\x0A", 'v': "\x0B",
	'f': "\x0C", 'r': "\x0D", 'e': "\x1B", ' ': "\x20", '"': "\"", '/': "/", '\\': "\\",
	'N': "\u0085", '_': "\u00A0", 'L': "\u2028", 'P': "\u2029",
}

var escapeCodes = map[rune]int{'x': 2, 'u': 4, 'U': 8}

func (s *scanner) scanFlowScalar(double bool) token {
	r := s.r
	style := '\''
	if double {
		style = '"'
	}
	b := s.newValue()
	start := r.Mark()
	quote := r.Ch()
	r.Forward(1)
	s.scanFlowScalarNonSpaces(&b, double, start)
	for r.Ch() != quote {
		s.scanFlowScalarSpaces(&b, start)
		s.scanFlowScalarNonSpaces(&b, double, start)
	}
	r.Forward(1)
	return token{kind: tScalar, value: s.valueString(&b), style: style, start: start, end: r.Mark()}
}

func (s *scanner) scanFlowScalarNonSpaces(b *value, double bool, start Mark) {
	r := s.r
	for {
		n := 0
		for !quotedStop(r.Peek(n)) {
			n++
		}
		if n > 0 {
			b.addNext(r, n)
			r.Forward(n)
		}
		ch := r.Ch()
		switch {
		case !double && ch == '\'' && r.Peek(1) == '\'':
			b.add("'")
			r.Forward(2)
		case (double && ch == '\'') || (!double && (ch == '"' || ch == '\\')):
			b.addNext(r, 1) // the character itself
			r.Forward(1)
		case double && ch == '\\':
			r.Forward(1)
			s.scanEscape(b, start)
		default:
			return
		}
	}
}

func (s *scanner) scanEscape(b *value, start Mark) {
	r := s.r
	ch := r.Ch()
	if rep, ok := escapeReplacements[ch]; ok {
		b.add(rep)
		r.Forward(1)
		return
	}
	if n, ok := escapeCodes[ch]; ok {
		r.Forward(1)
		for k := range n {
			if !isHex(r.Peek(k)) {
				s.fail("while scanning a double-quoted scalar", &start,
					fmt.Sprintf("expected escape sequence of %d hexdecimal numbers, but found %s", n, pyReprChar(r.Peek(k))), r.Mark())
			}
		}
		code, _ := strconv.ParseUint(r.Prefix(n), 16, 32)
		if code > 0x10FFFF {
			// Python's chr() raises for these: the load fails.
			panic(&Error{Kind: KindValue, Problem: "chr() arg not in range(0x110000)", Mark: r.Mark()})
		}
		b.add(encodeWTF8(rune(code)))
		r.Forward(n)
		return
	}
	if isBreak(ch) {
		s.scanLineBreak(false)
		s.scanFlowScalarBreaks(b, start)
		return
	}
	s.fail("while scanning a double-quoted scalar", &start, "found unknown escape character "+pyReprChar(ch), r.Mark())
}

// encodeWTF8 writes a code point as UTF-8, and a surrogate (which Python
// strings may hold) in the generalized form the rest of the program
// recognises as a lone surrogate.
func encodeWTF8(c rune) string {
	if c >= 0xD800 && c <= 0xDFFF {
		return string([]byte{0xED, byte(0xA0 | (c>>6)&0x1F), byte(0x80 | c&0x3F)})
	}
	return string(c)
}

func (s *scanner) scanFlowScalarSpaces(b *value, start Mark) {
	r := s.r
	n := 0
	for c := r.Peek(n); c == ' ' || c == '\t'; c = r.Peek(n) {
		n++
	}
	ws := r.Prefix(n)
	r.Forward(n)
	switch ch := r.Ch(); {
	case ch == 0:
		s.fail("while scanning a quoted scalar", &start, "found unexpected end of stream", r.Mark())
	case isBreak(ch):
		lineBreak := s.scanLineBreak(false)
		breaks := value{text: b.text}
		nb := s.scanFlowScalarBreaks(&breaks, start)
		if lineBreak != "\n" {
			b.add(lineBreak)
		} else if nb == 0 {
			b.add(" ")
		}
		b.add(string(breaks.buf))
	default:
		b.add(ws)
	}
}

// scanFlowScalarBreaks reads the line breaks inside a quoted scalar and
// returns how many it wrote.
func (s *scanner) scanFlowScalarBreaks(b *value, start Mark) int {
	r := s.r
	count := 0
	for {
		if documentMarker(r) {
			s.fail("while scanning a quoted scalar", &start, "found unexpected document separator", r.Mark())
		}
		for c := r.Ch(); c == ' ' || c == '\t'; c = r.Ch() {
			r.Forward(1)
		}
		if !isBreak(r.Ch()) {
			return count
		}
		b.add(s.scanLineBreak(false))
		count++
	}
}

// quotedStop reports whether c ends a run of a quoted scalar's characters
// taken as they are: a blank, a line break, a quote, a backslash or the
// end of the text.
func quotedStop(c rune) bool {
	switch c {
	case ' ', '\n', '\'', '"', '\\', 0, '\t', '\r', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// flowIndicator reports whether c ends a plain scalar in a flow
// collection: ",:?[]{}".
func flowIndicator(c rune) bool {
	switch c {
	case ',', ':', '?', '[', ']', '{', '}':
		return true
	}
	return false
}

// Plain scalars.

func (s *scanner) scanPlain() token {
	r := s.r
	b := s.newValue()
	start := r.Mark()
	end := start
	indent := s.indent + 1
	var spaces plainSpaces
	for r.Ch() != '#' {
		n := 0
		var ch rune
		for {
			ch = r.Peek(n)
			if ch == ':' && !isEndSpaceTab(r.Peek(n+1)) {
				// part of the scalar
			} else if ch == '?' && !s.is11() {
				// part of the scalar
			} else if isEndSpaceTab(ch) ||
				(s.flowLevel() == 0 && ch == ':' && isEndSpaceTab(r.Peek(n+1))) ||
				(s.flowLevel() > 0 && flowIndicator(ch)) {
				break
			}
			n++
		}
		if s.flowLevel() > 0 && ch == ':' && !in(r.Peek(n+1), "\x00 \t\r\n\u0085\u2028\u2029,[]{}") {
			r.Forward(n)
			s.fail("while scanning a plain scalar", &start, "found unexpected ':'", r.Mark())
		}
		if n == 0 {
			break
		}
		s.allowSimpleKey = false
		spaces.addTo(&b)
		b.addNext(r, n)
		r.Forward(n)
		end = r.Mark()
		var ok bool
		spaces, ok = s.scanPlainSpaces()
		if !ok || spaces.empty() || r.Ch() == '#' || (s.flowLevel() == 0 && r.Column() < indent) {
			break
		}
	}
	return token{kind: tScalar, value: s.valueString(&b), plain: true, start: start, end: end}
}

// plainSpaces are what comes between two chunks of a plain scalar: the
// blanks as written (ws), or what line breaks fold into (chunks).
type plainSpaces struct {
	ws     string
	chunks []string
}

func (sp *plainSpaces) empty() bool { return sp.ws == "" && len(sp.chunks) == 0 }

func (sp *plainSpaces) addTo(b *value) {
	for _, c := range sp.chunks {
		b.add(c)
	}
	b.add(sp.ws)
}

// scanPlainSpaces reads the spaces and line breaks after a plain scalar's
// chunk; ok is false at a document marker.
func (s *scanner) scanPlainSpaces() (plainSpaces, bool) {
	r := s.r
	var chunks []string
	n := 0
	for r.Peek(n) == ' ' {
		n++
	}
	ws := r.Prefix(n)
	r.Forward(n)
	if isBreak(r.Ch()) {
		lineBreak := s.scanLineBreak(false)
		s.allowSimpleKey = true
		if documentMarker(r) {
			return plainSpaces{}, false
		}
		var breaks []string
		for c := r.Ch(); c == ' ' || isBreak(c); c = r.Ch() {
			if c == ' ' {
				r.Forward(1)
			} else {
				breaks = append(breaks, s.scanLineBreak(false))
				if documentMarker(r) {
					return plainSpaces{}, false
				}
			}
		}
		if lineBreak != "\n" {
			chunks = append(chunks, lineBreak)
		} else if len(breaks) == 0 {
			chunks = append(chunks, " ")
		}
		chunks = append(chunks, breaks...)
		return plainSpaces{chunks: chunks}, true
	}
	return plainSpaces{ws: ws}, true
}
