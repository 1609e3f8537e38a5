package chars

import "fmt"

// Mark is a position in a document: Index counts characters (code points)
// from the start, Line and Column are 0-based and counted as ruamel counts
// them: a byte-order mark takes no column, only LF and a lone CR end a
// line.
type Mark struct {
	Index, Line, Column int
}

// Error is a byte that is not UTF-8, or a character YAML forbids, at Mark.
// Problem is the message dryfire's loader gives.
type Error struct {
	Problem string
	Mark    Mark
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Mark.Line+1, e.Mark.Column+1, e.Problem)
}

// Reader is the character stream under a scanner: the decoded text with
// a NUL after its end, and the position ruamel's reader keeps.
//
// Python reads the file in chunks, and its errors come when a chunk is
// read: Python's text layer decodes the bytes a chunk at a time (a byte
// that is not UTF-8 fails the chunk that holds it), ruamel's reader asks
// it for 4,096 characters at a time and checks what it gets for forbidden
// characters. So a file with a syntax error early and a bad character
// further on fails on whichever dryfire meets first. When a file holds
// such an error the Reader replays those reads (see [pyReads]) and panics
// with the *[Error] when the scanner first asks for the chunk that holds
// it; a file without one (nearly every file) skips all that.
type Reader struct {
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

// New decodes data as dryfire's loader reads a file (UTF-8 text, CR LF
// and CR turned into LF), into buffers taken from b. A byte that is not
// UTF-8 or a forbidden character is an *[Error] at its position, raised
// when ruamel would meet it (see [Reader]); one ruamel meets on opening
// the file is returned at once.
func New(data []byte, b *Buffers) (*Reader, error) {
	r := &Reader{}
	valid := data
	var decodeErr *Error
	failAt, faultAt, faultEnd, reason := -1, 0, 0, ""
	if i := firstInvalid(data); i >= 0 {
		valid = data[:i]
		faultAt = i
		failAt, faultEnd, reason = decodeFault(data, i)
		decodeErr = &Error{}
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
		bad = &Error{Mark: badMark,
			Problem: fmt.Sprintf("unacceptable character #x%04x: special characters are not allowed", r.buf[badChar])}
	}
	r.reads = &pyReads{data: data, failAt: failAt, decodeErr: decodeErr, badChar: badChar, badErr: bad,
		faultAt: faultAt, faultEnd: faultEnd, reason: reason}
	if err := r.reads.open(); err != nil {
		return nil, err
	}
	r.limit = r.reads.taken
	return r, nil
}

// Buffers are the buffers of one Reader (its characters and their
// offsets), kept for the next: the zero Buffers is empty.
type Buffers struct {
	runes []rune
	offs  []int32
}

// MaxKept is the most characters whose buffers [Buffers.Keep] keeps for
// the next document (a huge document's are left to the garbage
// collector).
const MaxKept = 1 << 20

// Keep takes r's buffers back for the next Reader, and reports whether it
// did: not when r's document was larger than [MaxKept]. r may not be used
// after it gave its buffers back (the strings it returned stay valid).
func (b *Buffers) Keep(r *Reader) bool {
	if cap(r.buf) > MaxKept {
		return false
	}
	b.runes = r.buf[:0]
	if r.offs != nil {
		b.offs = r.offs[:0]
	}
	return true
}

// ensure reads on so that the characters up to index end are taken,
// failing as ruamel does if a chunk on the way is bad.
func (r *Reader) ensure(end int) {
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

// Peek returns the character k ahead (NUL past the end).
func (r *Reader) Peek(k int) rune {
	i := r.pos + k
	if i >= r.limit {
		r.ensure(i + 1)
	}
	if i < len(r.buf) {
		return r.buf[i]
	}
	return 0
}

// Ch returns the next character, Peek(0).
func (r *Reader) Ch() rune { return r.Peek(0) }

// off is the offset in text of character i (i <= n).
func (r *Reader) off(i int) int {
	if r.offs == nil {
		return i
	}
	return int(r.offs[i])
}

// Text is the whole text as UTF-8, CRs turned into LFs: [Reader.Span]
// gives offsets into it.
func (r *Reader) Text() string { return r.text }

// Span returns where the next n characters are in [Reader.Text], in bytes;
// ok is false when they run into the NUL after the end. It reads on as
// Prefix does.
func (r *Reader) Span(n int) (lo, hi int, ok bool) {
	if r.pos+n >= r.limit {
		r.ensure(r.pos + n)
	}
	end := min(r.pos+n, len(r.buf))
	if end > r.n {
		return 0, 0, false
	}
	return r.off(r.pos), r.off(end), true
}

// Prefix returns the next n characters (fewer at the end), a substring of
// [Reader.Text] unless they run into the NUL after the end.
func (r *Reader) Prefix(n int) string {
	if lo, hi, ok := r.Span(n); ok {
		return r.text[lo:hi]
	}
	return r.Runes(n)
}

// Runes returns the next n characters (fewer at the end) as a new string,
// the NUL after the end included: what Prefix returns when [Reader.Span]
// is not ok, for a caller that asked Span already.
func (r *Reader) Runes(n int) string {
	return string(r.buf[r.pos:min(r.pos+n, len(r.buf))])
}

// Forward moves n characters on, counting lines and columns (the text
// holds no CR: New turned each into LF).
func (r *Reader) Forward(n int) {
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

// Mark is the position of the next character.
func (r *Reader) Mark() Mark { return Mark{Index: r.pos, Line: r.line, Column: r.col} }

// Index is how many characters were read: the next one's index.
func (r *Reader) Index() int { return r.pos }

// Line is the 0-based line of the next character.
func (r *Reader) Line() int { return r.line }

// Column is the 0-based column of the next character.
func (r *Reader) Column() int { return r.col }
