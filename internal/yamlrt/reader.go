package yamlrt

import (
	"bytes"
	"fmt"
	"strings"
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
//
// Python reads the file in chunks, and its errors come when a chunk is
// read: Python's text layer decodes the bytes a chunk at a time (a byte
// that is not UTF-8 fails the chunk that holds it), ruamel's reader asks
// it for 4,096 characters at a time and checks what it gets for forbidden
// characters. So a file with a syntax error early and a bad character
// further on fails on whichever dryfire meets first. When a file holds
// such an error the reader replays those reads (see [pyReads]) and raises
// the error when the scanner first asks for the chunk that holds it; a
// file without one (nearly every file) skips all that.
type reader struct {
	buf []rune
	// text is the same characters as UTF-8, and offs the offset in text
	// of each character and of the end (nil when every character is one
	// byte): the strings the scanner takes are substrings of text.
	text string
	offs []int32
	pos  int
	line int
	col  int
	// limit is how many characters ruamel's reader has taken; n how many
	// there are (buf holds the NUL after them).
	limit, n int
	// reads replays Python's reads of a file that holds an error (nil:
	// the file has none, everything counts as read).
	reads *pyReads
}

// newReader decodes data as dryfire's loader reads a file (UTF-8 text,
// CR LF and CR turned into LF), into buffers taken from b. A byte that is
// not UTF-8 or a forbidden character is an error at its position, raised
// when ruamel would meet it (see [reader]); one ruamel meets on opening
// the file is returned at once.
func newReader(data []byte, b *buffers) (*reader, error) {
	r := &reader{}
	valid := data
	var decodeErr *Error
	failAt := -1
	if i := firstInvalid(data); i >= 0 {
		valid = data[:i]
		failAt = detectByte(data, i)
		decodeErr = &Error{Kind: KindEncoding, Problem: fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d", data[i], i)}
	}
	d := decode(valid, b)
	buf, line, col, badChar, badMark := d.buf, d.line, d.col, d.badChar, d.badMark
	r.n = len(buf)
	r.buf = append(buf, 0)
	r.text, r.offs = d.text, d.offs
	if decodeErr == nil && badChar < 0 {
		r.limit = r.n
		return r, nil
	}
	if decodeErr != nil {
		decodeErr.Mark = Mark{Index: len(buf), Line: line, Column: col}
	}
	var bad *Error
	if badChar >= 0 {
		bad = &Error{Kind: KindEncoding, Mark: badMark,
			Problem: fmt.Sprintf("unacceptable character #x%04x: special characters are not allowed", r.buf[badChar])}
	}
	r.reads = &pyReads{data: data, failAt: failAt, decodeErr: decodeErr, badChar: badChar, badErr: bad}
	if err := r.reads.open(); err != nil {
		return nil, err
	}
	r.limit = r.reads.taken
	return r, nil
}

// decoded is valid text decoded: its characters (in the buffer of b),
// the text as UTF-8 and the offsets of the characters in it (see
// [reader]), where it ends, and the first forbidden character (-1: none).
type decoded struct {
	buf       []rune
	text      string
	offs      []int32
	line, col int
	badChar   int
	badMark   Mark
}

// decode decodes valid UTF-8 as Python's text mode reads it: CR LF and a
// lone CR read as LF.
func decode(valid []byte, b *buffers) decoded {
	nchars := utf8.RuneCount(valid)
	d := decoded{buf: b.runes[:0], badChar: -1}
	if cap(d.buf) < nchars+1 {
		d.buf = make([]rune, 0, nchars+1)
	}
	ascii := nchars == len(valid)
	hasCR := bytes.IndexByte(valid, '\r') >= 0
	if ascii && !hasCR {
		// Nearly every file: a character per byte, nothing to turn.
		for _, c := range valid {
			d.add(rune(c))
		}
		d.text = string(valid)
		return d
	}
	var norm []byte // the text when CRs are turned into LFs
	if hasCR {
		norm = make([]byte, 0, len(valid))
	}
	if !ascii {
		d.offs = b.offs[:0]
	}
	for i := 0; i < len(valid); {
		c, size := rune(valid[i]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRune(valid[i:])
		}
		switch {
		case ascii:
		case hasCR:
			d.offs = append(d.offs, int32(len(norm)))
		default:
			d.offs = append(d.offs, int32(i))
		}
		i += size
		if c == '\r' {
			c = '\n'
			if i < len(valid) && valid[i] == '\n' {
				i++
			}
		}
		if hasCR {
			norm = utf8.AppendRune(norm, c)
		}
		d.add(c)
	}
	d.text = string(valid)
	if hasCR {
		d.text = string(norm)
	}
	if !ascii {
		d.offs = append(d.offs, int32(len(d.text)))
	}
	return d
}

// add appends a character, counting lines and columns.
func (d *decoded) add(c rune) {
	if d.badChar < 0 && !printable(c) {
		d.badChar = len(d.buf)
		d.badMark = Mark{Index: len(d.buf), Line: d.line, Column: d.col}
	}
	d.buf = append(d.buf, c)
	switch {
	case c == '\n':
		d.line, d.col = d.line+1, 0
	case c != 0xFEFF:
		d.col++
	}
}

// ensure reads on so that the characters up to index end are taken,
// failing as ruamel does if a chunk on the way is bad.
func (r *reader) ensure(end int) {
	if end <= r.limit || r.reads == nil {
		return
	}
	r.reads.pos = r.pos
	err := r.reads.update(end - r.pos)
	r.limit = r.reads.taken
	if err != nil {
		panic(err)
	}
}

// detectByte is the byte at which Python's incremental decoder knows that
// the sequence starting at i is not UTF-8: the first byte that cannot
// continue it, or len(data) when the file ends inside it (the decoder
// fails only on the final, empty read).
func detectByte(data []byte, i int) int {
	b := data[i]
	var need int
	switch {
	case b >= 0xC2 && b <= 0xDF:
		need = 1
	case b >= 0xE0 && b <= 0xEF:
		need = 2
	case b >= 0xF0 && b <= 0xF4:
		need = 3
	default:
		return i
	}
	// The second byte's range depends on the first (no overlong forms,
	// surrogates or code points past U+10FFFF).
	lo, hi := byte(0x80), byte(0xBF)
	switch b {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	for k := 1; k <= need; k++ {
		if i+k >= len(data) {
			return len(data) // known only when the file ends
		}
		c := data[i+k]
		if c < lo || c > hi {
			return i + k
		}
		lo, hi = 0x80, 0xBF
	}
	return i // not reached: the sequence at i is invalid
}

func firstInvalid(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		c, size := utf8.DecodeRune(data[i:])
		if c == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
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
	i := r.pos + k
	if i >= r.limit {
		r.ensure(i + 1)
	}
	if i < len(r.buf) {
		return r.buf[i]
	}
	return 0
}

func (r *reader) ch() rune { return r.peek(0) }

// off is the offset in text of character i (i <= n).
func (r *reader) off(i int) int {
	if r.offs == nil {
		return i
	}
	return int(r.offs[i])
}

// span returns where the next n characters are in text, in bytes; ok is
// false when they run into the NUL after the end. It reads on as prefix
// does.
func (r *reader) span(n int) (lo, hi int, ok bool) {
	if r.pos+n >= r.limit {
		r.ensure(r.pos + n)
	}
	end := min(r.pos+n, len(r.buf))
	if end > r.n {
		return 0, 0, false
	}
	return r.off(r.pos), r.off(end), true
}

// prefix returns the next n characters (fewer at the end).
func (r *reader) prefix(n int) string {
	if lo, hi, ok := r.span(n); ok {
		return r.text[lo:hi]
	}
	return string(r.buf[r.pos:min(r.pos+n, len(r.buf))])
}

// documentMarker reports whether a document marker ("---" or "...", then
// a space or the end of the line) comes next, reading ahead as ruamel
// does (prefix(3), then peek(3)).
func (r *reader) documentMarker() bool {
	p := r.prefix(3)
	return (p == "---" || p == "...") && isEndSpaceTab(r.peek(3))
}

// forward moves n characters on, counting lines and columns (buf holds
// no CR: newReader turned each into LF).
func (r *reader) forward(n int) {
	if r.pos+n+1 >= r.limit {
		r.ensure(r.pos + n + 1)
	}
	end := min(r.pos+n, len(r.buf))
	line, col := r.line, r.col
	for _, c := range r.buf[r.pos:end] {
		switch {
		case c == '\n':
			line, col = line+1, 0
		case c != 0xFEFF:
			col++
		}
	}
	r.pos, r.line, r.col = end, line, col
}

func (r *reader) mark() Mark { return Mark{Index: r.pos, Line: r.line, Column: r.col} }

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
