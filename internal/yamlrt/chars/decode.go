package chars

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// decoded is valid text decoded: its characters (in the buffer of b),
// the text as UTF-8 and the offsets of the characters in it (see
// [Reader]), where it ends, and the first forbidden character (-1: none).
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
func decode(valid []byte, b *Buffers) decoded {
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

// decodeFault is how Python's incremental UTF-8 decoder fails on the sequence
// starting at i, which is not UTF-8: at is the byte at which it knows (the
// first byte that cannot continue the sequence, or len(data) when the file
// ends inside it: the decoder then fails only on the final, empty read),
// end the end of the bytes its error names, and reason its words.
func decodeFault(data []byte, i int) (at, end int, reason string) {
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
		return i, i + 1, "invalid start byte"
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
			return len(data), len(data), "unexpected end of data"
		}
		c := data[i+k]
		if c < lo || c > hi {
			// The bytes named are those before the one that cannot
			// continue.
			return i + k, i + k, "invalid continuation byte"
		}
		lo, hi = 0x80, 0xBF
	}
	return i, i + 1, "invalid start byte" // not reached: the sequence at i is invalid
}

// decodeProblem is the text of Python's UnicodeDecodeError for the bytes
// from start to end of the decoder's input (positions in that input),
// the first of which is b.
func decodeProblem(b byte, start, end int, reason string) string {
	if end == start+1 {
		return fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d: %s", b, start, reason)
	}
	return fmt.Sprintf("'utf-8' codec can't decode bytes in position %d-%d: %s", start, end-1, reason)
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
