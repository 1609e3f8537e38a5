// Package jsonbytes answers questions about the bytes of a JSON document
// without decoding or encoding it: whether they are exactly what dryfire's
// encoder writes for the value they hold, and their compact form. Nearly
// every cassette is in dryfire's format, and reading its bytes once is
// several times cheaper than the encoding these answers spare.
package jsonbytes

import (
	"bytes"
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// IsDryfireEncoding reports, without decoding or encoding anything,
// whether data is exactly what [jsonv.EncodeDryfire] writes for the value it
// decodes to: two-space indentation, ": " after keys, keys in strictly
// increasing order (so none repeated), strings escaped as the encoder
// escapes them, numbers spelled as Python prints them, nothing before or
// after the value. data must decode (the store and doctor check only the
// files that do). A false answer means "not proven": the caller encodes
// the value and compares, as it would without this test, and only a true
// one is relied on. Nearly every cassette is in dryfire's format, and this
// is several times faster than the encoding it spares.
//
// top, when not nil, is called with each member of the top-level object
// and the bytes of its value, as they are met (before the answer is known).
func IsDryfireEncoding(data []byte, top func(key, value []byte)) bool {
	c := formatCheck{data: data, top: top}
	return c.value(0) && c.pos == len(data)
}

// IsDryfireEncodingCompact is [IsDryfireEncoding] that also appends to dst
// the compact form ([AppendCompact]) of the value of the top-level member
// named key, taken in the same pass over the bytes instead of a second one:
// the check meets every newline and ": " of that value anyway, and the
// compact form is the value without them. found reports whether the member
// is there; what was appended means nothing when ok is false.
func IsDryfireEncodingCompact(data []byte, key string, dst []byte) (ok bool, compact []byte, found bool) {
	c := formatCheck{data: data, compactKey: key, compacts: true, compact: dst}
	ok = c.value(0) && c.pos == len(data)
	return ok, c.compact, c.found
}

// AppendCompact appends b, an encoding of [jsonv.EncodeDryfire] or a part of one
// that is a whole value, without its indentation: the bytes the compact
// encoder writes for the same value (no space after ":" or ","). With
// SortKeys and a value whose strings are all in NFC (ASCII always is), that
// is what [jsonv.Canonical] writes.
func AppendCompact(dst, b []byte) []byte {
	start := 0 // the first byte not yet copied
	for i := 0; i < len(b); {
		switch b[i] {
		case ' ', '\n':
			dst = append(dst, b[start:i]...)
			i = jsonv.SpaceEnd(b, i)
			start = i
		case '"':
			i = closingQuote(b, i+1) + 1
		default:
			i++
		}
	}
	return append(dst, b[start:]...)
}

// closingQuote returns the index of the quote that ends the string whose
// text starts at b[i] (len(b)-1 when none does). The encoder's escapes are
// a backslash and the byte after it, then hex digits for \u.
func closingQuote(b []byte, i int) int {
	for {
		i = jsonv.StringEnd(b, i)
		switch {
		case i >= len(b):
			return len(b) - 1
		case b[i] == '"':
			return i
		case b[i] == '\\':
			i += 2
		default:
			i++
		}
	}
}

// formatCheck walks data as IsDryfireEncoding reads it.
type formatCheck struct {
	data []byte
	pos  int
	top  func(key, value []byte)

	// compactKey names the top-level member whose value is copied into
	// compact without its white space (IsDryfireEncodingCompact). While
	// that value is read, collecting is set and seg is where the bytes not
	// yet copied start.
	compactKey string
	compacts   bool // compactKey is set
	compact    []byte
	collecting bool
	seg        int
	found      bool
}

// skipSpace copies the bytes of the compacted value up to the white space
// at c.pos, which is n bytes long, and moves the copy's start past it.
func (c *formatCheck) skipSpace(n int) {
	if c.collecting {
		c.compact = append(c.compact, c.data[c.seg:c.pos]...)
		c.seg = c.pos + n
	}
}

func (c *formatCheck) value(depth int) bool {
	if c.pos >= len(c.data) {
		return false
	}
	switch b := c.data[c.pos]; {
	case b == '{':
		return c.object(depth)
	case b == '[':
		return c.array(depth)
	case b == '"':
		_, ok, _ := c.str()
		return ok
	case b == 't':
		return c.literal("true")
	case b == 'f':
		return c.literal("false")
	case b == 'n':
		return c.literal("null")
	case b == '-' || isDigit(b):
		return c.number()
	}
	return false
}

func (c *formatCheck) literal(lit string) bool {
	if !bytes.HasPrefix(c.data[c.pos:], []byte(lit)) {
		return false
	}
	c.pos += len(lit)
	return true
}

// spaces8 is eight spaces, as a little-endian word.
const spaces8 = 0x2020202020202020

// newline moves past a newline and the indentation of depth, exactly. The
// indentation is compared eight bytes at a time, the last few through a
// mask when the bytes after it are there to be loaded (they always are
// inside a document: a line never ends one).
func (c *formatCheck) newline(depth int) bool {
	d := c.data
	i, end := c.pos+1, c.pos+1+2*depth
	if end > len(d) || d[c.pos] != '\n' {
		return false
	}
	for ; i+8 <= end; i += 8 {
		if binary.LittleEndian.Uint64(d[i:]) != spaces8 {
			return false
		}
	}
	if i < end {
		if i+8 <= len(d) {
			mask := uint64(1)<<(8*(end-i)) - 1
			if binary.LittleEndian.Uint64(d[i:])&mask != spaces8&mask {
				return false
			}
		} else {
			for ; i < end; i++ {
				if d[i] != ' ' {
					return false
				}
			}
		}
	}
	c.skipSpace(end - c.pos)
	c.pos = end
	return true
}

func (c *formatCheck) object(depth int) bool {
	c.pos++ // {
	if c.pos < len(c.data) && c.data[c.pos] == '}' {
		c.pos++
		return true
	}
	var prev []byte
	for i := 0; ; i++ {
		if !c.newline(depth + 1) {
			return false
		}
		if c.pos >= len(c.data) || c.data[c.pos] != '"' {
			return false
		}
		key, ok, escaped := c.str()
		// A key with an escape is compared by what it decodes to: left to
		// the encoder.
		if !ok || escaped || i > 0 && bytes.Compare(prev, key) >= 0 {
			return false
		}
		prev = key
		if c.pos+1 >= len(c.data) || c.data[c.pos] != ':' || c.data[c.pos+1] != ' ' {
			return false
		}
		c.pos++ // :
		c.skipSpace(1)
		c.pos++
		start := c.pos
		collect := depth == 0 && c.compacts && string(key) == c.compactKey
		if collect {
			c.collecting, c.seg, c.found = true, start, true
		}
		if !c.value(depth + 1) {
			return false
		}
		if collect {
			c.compact = append(c.compact, c.data[c.seg:c.pos]...)
			c.collecting = false
		}
		if depth == 0 && c.top != nil {
			c.top(key, c.data[start:c.pos])
		}
		if !c.next(depth, '}') {
			return false
		}
		if c.data[c.pos-1] == '}' {
			return true
		}
	}
}

func (c *formatCheck) array(depth int) bool {
	c.pos++ // [
	if c.pos < len(c.data) && c.data[c.pos] == ']' {
		c.pos++
		return true
	}
	for {
		if !c.newline(depth+1) || !c.value(depth+1) || !c.next(depth, ']') {
			return false
		}
		if c.data[c.pos-1] == ']' {
			return true
		}
	}
}

// next moves past the "," after a member or an item, or past the newline,
// the indentation of depth and the closing bracket that end the container.
func (c *formatCheck) next(depth int, closing byte) bool {
	if c.pos < len(c.data) && c.data[c.pos] == ',' {
		c.pos++
		return true
	}
	if !c.newline(depth) || c.pos >= len(c.data) || c.data[c.pos] != closing {
		return false
	}
	c.pos++
	return true
}

// str moves past a string in the encoder's spelling and returns what lies
// between its quotes, and whether that holds an escape.
func (c *formatCheck) str() (text []byte, ok, escaped bool) {
	c.pos++ // "
	start := c.pos
	for {
		i := jsonv.StringEnd(c.data, c.pos)
		if i >= len(c.data) {
			return nil, false, false
		}
		switch c.data[i] {
		case '"':
			c.pos = i + 1
			return c.data[start:i], true, escaped
		case '\\':
			n := encoderEscape(c.data[i:])
			if n == 0 {
				return nil, false, false
			}
			c.pos, escaped = i+n, true
		default: // a raw control character, which no JSON string holds
			return nil, false, false
		}
	}
}

// encoderEscape returns the length of the escape at the start of b when it
// is the one the encoder writes for the character it stands for, else 0:
// \" \\ \n \r \t \b \f, and \u00xx (lower-case hex) for the other control
// characters. \/, \u0041 and an upper-case \u001F decode to characters the
// encoder writes otherwise.
func encoderEscape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', 'n', 'r', 't', 'b', 'f':
		return 2
	case 'u':
	default:
		return 0
	}
	if len(b) < 6 || b[2] != '0' || b[3] != '0' || (b[4] != '0' && b[4] != '1') {
		return 0
	}
	lo := b[5]
	var x byte
	switch {
	case lo >= '0' && lo <= '9':
		x = lo - '0'
	case lo >= 'a' && lo <= 'f':
		x = lo - 'a' + 10
	default:
		return 0
	}
	x += (b[4] - '0') << 4
	switch x {
	case '\n', '\r', '\t', '\b', '\f':
		return 0
	}
	return 6
}

// number moves past a number literal spelled as the encoder spells the
// number it stands for.
func (c *formatCheck) number() bool {
	start := c.pos
	d := c.data
	if d[c.pos] == '-' {
		c.pos++
	}
	intAt := c.pos
	if c.pos = digitsEnd(d, c.pos); c.pos == intAt {
		return false
	}
	integer := true
	if c.pos+1 < len(d) && d[c.pos] == '.' && isDigit(d[c.pos+1]) {
		c.pos = digitsEnd(d, c.pos+1)
		integer = false
	}
	if c.pos < len(d) && (d[c.pos] == 'e' || d[c.pos] == 'E') {
		c.pos++
		if c.pos < len(d) && (d[c.pos] == '+' || d[c.pos] == '-') {
			c.pos++
		}
		exp := c.pos
		if c.pos = digitsEnd(d, c.pos); c.pos == exp {
			return false
		}
		integer = false
	}
	lit := d[start:c.pos]
	if integer {
		// Python's int: no leading zero, no "-0".
		digitsAt := 0
		if lit[0] == '-' {
			digitsAt = 1
		}
		return lit[digitsAt] != '0' || len(lit) == 1
	}
	// The encoder's spelling of a float: Python's repr. Most floats of a
	// recording are short decimals that are their own repr at a glance;
	// the others are converted and spelt again. The literal is read
	// through a view, not a copy.
	if shortRepr(lit) {
		return true
	}
	v := jsonv.Value{Kind: jsonv.Number, Text: unsafe.String(&lit[0], len(lit))}
	if v.IsInt() {
		return jsonv.PyInt(v.Text) == v.Text
	}
	f, ok := v.Float()
	var spelt [32]byte
	return ok && !math.IsNaN(f) && !math.IsInf(f, 0) && string(jsonv.AppendPyFloat(spelt[:0], f)) == v.Text
}

// shortRepr reports, without converting it, whether lit is a float
// literal that Python's repr spells exactly so: -?I.F with I "0" or no
// leading zero, F "0" or no trailing zero, at most 15 significant digits,
// and not below 1e-4 unless zero. Two decimals of at most 15 significant
// digits never read as the same float (a double keeps 15), so repr's
// shortest spelling of the float has lit's digits, and in that range repr
// writes them without an exponent, as lit does. A false answer means
// "not told at a glance".
func shortRepr(lit []byte) bool {
	if len(lit) > 0 && lit[0] == '-' {
		lit = lit[1:]
	}
	dot := bytes.IndexByte(lit, '.')
	if dot <= 0 || dot == len(lit)-1 {
		return false
	}
	ip, fp := lit[:dot], lit[dot+1:]
	for _, c := range fp {
		if !isDigit(c) {
			return false // an exponent
		}
	}
	switch {
	case len(ip) > 1 && ip[0] == '0':
		return false
	case string(fp) == "0":
		return ip[0] == '0' || len(ip) <= 15
	case fp[len(fp)-1] == '0':
		return false
	case ip[0] != '0':
		return len(ip)+len(fp) <= 15
	}
	zeros := 0 // 0.000ddd: the zeros before the first significant digit
	for zeros < len(fp) && fp[zeros] == '0' {
		zeros++
	}
	return zeros < 4 && len(fp)-zeros <= 15
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitsEnd returns the index of the first byte from i on that is not a
// digit.
func digitsEnd(d []byte, i int) int {
	for i < len(d) && isDigit(d[i]) {
		i++
	}
	return i
}
