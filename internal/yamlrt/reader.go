package yamlrt

import (
	"fmt"
	"unicode/utf8"
)

// Mark is a position in a document: Index counts characters (code points)
// from the start, Line and Column are 0-based and counted as ruamel counts
// them (see the package documentation).
type Mark struct {
	Index, Line, Column int
}

// ErrorKind tells which stage refused a document.
type ErrorKind uint8

// The kinds of [Error].
const (
	// KindEncoding: the bytes are not UTF-8, or a character YAML forbids.
	KindEncoding ErrorKind = iota + 1
	// KindSyntax: the scanner, the parser or the composer refuses the text
	// (ruamel's ScannerError, ParserError, ComposerError).
	KindSyntax
	// KindValue: Python fails to build a value while loading (an escape
	// beyond U+10FFFF, say): ruamel raises an ordinary exception, with no
	// position of its own.
	KindValue
	// KindLimit: the document exceeds one of this package's limits.
	KindLimit
)

// Error is a document the loader refuses. Problem is what went wrong, at
// Mark; Context, when set, is what was being read, starting at
// ContextMark.
type Error struct {
	Kind        ErrorKind
	Context     string
	ContextMark Mark
	HasContext  bool
	Problem     string
	Mark        Mark
}

func (e *Error) Error() string {
	s := fmt.Sprintf("line %d, column %d: %s", e.Mark.Line+1, e.Mark.Column+1, e.Problem)
	if e.Context != "" {
		s += " (" + e.Context
		if e.HasContext {
			s += fmt.Sprintf(" at line %d, column %d", e.ContextMark.Line+1, e.ContextMark.Column+1)
		}
		s += ")"
	}
	return s
}

// reader is the character stream under the scanner: the decoded text with
// a NUL after its end, and the position ruamel's reader keeps.
type reader struct {
	buf  []rune
	pos  int
	line int
	col  int
}

// newReader decodes data as dryfire's loader reads a file (UTF-8 text,
// CR LF and CR turned into LF); a byte that is not UTF-8 or a forbidden
// character is an error at its position.
func newReader(data []byte) (*reader, error) {
	if !utf8.Valid(data) {
		// Python decodes the file before ruamel checks its characters.
		return nil, decodeError(data)
	}
	n := utf8.RuneCount(data)
	buf := make([]rune, 0, n+1)
	line, col := 0, 0
	for i := 0; i < len(data); {
		r, size := rune(data[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(data[i:])
		}
		if !printable(r) {
			return nil, &Error{Kind: KindEncoding, Mark: Mark{Index: len(buf), Line: line, Column: col},
				Problem: fmt.Sprintf("unacceptable character #x%04x: special characters are not allowed", r)}
		}
		i += size
		if r == '\r' {
			// dryfire opens suites in text mode: CR LF and a lone CR read
			// as LF (Python's universal newlines).
			r = '\n'
			if i < len(data) && data[i] == '\n' {
				i++
			}
		}
		buf = append(buf, r)
		switch {
		case r == '\n':
			line, col = line+1, 0
		case r != 0xFEFF:
			col++
		}
	}
	buf = append(buf, 0)
	return &reader{buf: buf}, nil
}

// decodeError is the error of the first byte of data that is not UTF-8,
// at its line and column.
func decodeError(data []byte) error {
	line, col, idx := 0, 0, 0
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{Kind: KindEncoding, Mark: Mark{Index: idx, Line: line, Column: col},
				Problem: fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d", data[i], i)}
		}
		i += size
		idx++
		switch {
		case r == '\n' || (r == '\r' && (i >= len(data) || data[i] != '\n')):
			line, col = line+1, 0
		case r == '\r':
			idx-- // CR LF reads as one LF
		case r != 0xFEFF:
			col++
		}
	}
	return nil
}

// printable is ruamel's reader check: tab, LF, CR, printable ASCII, NEL,
// and the rest of Unicode but surrogates, U+FFFE and U+FFFF.
func printable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r >= 0x20 && r <= 0x7E:
		return true
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// peek returns the character k ahead (NUL past the end).
func (r *reader) peek(k int) rune {
	if i := r.pos + k; i < len(r.buf) {
		return r.buf[i]
	}
	return 0
}

func (r *reader) ch() rune { return r.peek(0) }

// prefix returns the next n characters (fewer at the end).
func (r *reader) prefix(n int) string {
	end := min(r.pos+n, len(r.buf))
	return string(r.buf[r.pos:end])
}

// hasPrefix reports whether the next characters are s (ASCII only).
func (r *reader) hasPrefix(s string) bool {
	for i := 0; i < len(s); i++ {
		if r.peek(i) != rune(s[i]) {
			return false
		}
	}
	return true
}

// forward moves n characters on, counting lines and columns.
func (r *reader) forward(n int) {
	for ; n > 0 && r.pos < len(r.buf); n-- {
		c := r.buf[r.pos]
		r.pos++
		switch {
		case c == '\n' || (c == '\r' && r.peek(0) != '\n'):
			r.line, r.col = r.line+1, 0
		case c != 0xFEFF:
			r.col++
		}
	}
}

func (r *reader) mark() Mark { return Mark{Index: r.pos, Line: r.line, Column: r.col} }

// in reports whether c is one of the characters of set.
func in(c rune, set string) bool {
	for _, s := range set {
		if c == s {
			return true
		}
	}
	return false
}

const (
	theEnd         = "\n\x00\r\u0085\u2028\u2029"
	theEndSpaceTab = " \n\x00\t\r\u0085\u2028\u2029"
	lineBreaks     = "\r\n\u0085\u2028\u2029"
)

func isEnd(c rune) bool {
	return c == '\n' || c == 0 || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029
}

func isEndSpaceTab(c rune) bool { return c == ' ' || c == '\t' || isEnd(c) }

func isBreak(c rune) bool {
	return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029
}
