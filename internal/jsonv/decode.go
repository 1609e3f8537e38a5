package jsonv

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeOptions tune [DecodeWith].
type DecodeOptions struct {
	// AllowNonFinite accepts the bare tokens NaN, Infinity and -Infinity that
	// Python's json module reads and writes (cassette-fn's Python port can
	// write them). They decode as Numbers with that literal.
	AllowNonFinite bool
	// Duplicate, when not nil, is called for every object key that repeats
	// an earlier key of the same object, with the byte offset of the
	// repeated key's opening quote (see [Position]).
	Duplicate func(key string, offset int)
}

// Decode parses one JSON document into an ordered [Value], as strictly as
// Python's json.loads does by default (no NaN tokens; see [DecodeWith]).
// Every syntax error is a *ParseError with line and column.
func Decode(data []byte) (Value, error) {
	return DecodeWith(data, DecodeOptions{})
}

// DecodeWith parses one JSON document with options.
//
// Duplicate object keys resolve as in Python: the later value wins, kept at
// the position of the first occurrence. Strings may hold \ud800-style lone
// surrogates (Python accepts them); they are kept as WTF-8 bytes and refused
// by the encoders. Raw bytes that are not UTF-8 are a syntax error.
func DecodeWith(data []byte, opts DecodeOptions) (Value, error) {
	return decodeDoc(data, opts, false, false, nil)
}

// decodeScratch is a decoder's scratch space, reused from document to
// document: grown from nothing for every file, it was a large share of what
// loading a store allocated.
type decodeScratch struct {
	members []Member
	items   []Value
	// The arenas hold the members and items of a scoped document's
	// containers (see [DecodeSummaryFunc]).
	memberArena []Member
	itemArena   []Value
}

var decodeScratches = sync.Pool{New: func() any { return new(decodeScratch) }}

// decodeDoc decodes one document; validUTF8 says the caller has checked
// that all of data is UTF-8. With scoped set, the document's containers
// live in the scratch arenas and scoped is called with it before they are
// reused; the returned value is then null.
func decodeDoc(data []byte, opts DecodeOptions, summary, validUTF8 bool, scoped func(Value)) (Value, error) {
	sc := decodeScratches.Get().(*decodeScratch)
	d := decoder{data: data, opts: opts, summary: summary, validUTF8: validUTF8,
		members: sc.members[:0], items: sc.items[:0]}
	if scoped != nil {
		d.scoped = true
		d.memberArena, d.itemArena = sc.memberArena[:0], sc.itemArena[:0]
	}
	v, err := d.document()
	if scoped != nil {
		if err == nil {
			scoped(v)
		}
		v = Value{}
		// The arenas hold only this document's containers, from the start.
		clear(d.memberArena)
		clear(d.itemArena)
		sc.memberArena, sc.itemArena = d.memberArena[:0], d.itemArena[:0]
	}
	// The stacks hold the last document's values: drop them before reuse.
	// A document that decoded wrote them no further than the high-water
	// marks; one that failed may have.
	if err != nil {
		d.membersHigh, d.itemsHigh = cap(d.members), cap(d.items)
	}
	clear(d.members[:d.membersHigh])
	clear(d.items[:d.itemsHigh])
	sc.members, sc.items = d.members[:0], d.items[:0]
	decodeScratches.Put(sc)
	return v, err
}

func (d *decoder) document() (Value, error) {
	data := d.data
	d.skipSpace()
	if d.pos == 0 && len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return Value{}, d.errorf("unexpected UTF-8 BOM (decode using utf-8-sig)")
	}
	v, err := d.value(0)
	if err != nil {
		return Value{}, err
	}
	d.skipSpace()
	if d.pos < len(d.data) {
		return Value{}, d.errorf("extra data after the JSON value")
	}
	return v, nil
}

const maxDepth = 10000

type decoder struct {
	data []byte
	pos  int
	opts DecodeOptions
	// Scratch stacks: an object's members and an array's items collect here
	// and are copied out once at their final length, instead of growing a
	// slice per container.
	members []Member
	items   []Value
	// summary skips (validating, not building) a cassette's request_digest
	// and response.raw; discard is set while a value is being skipped.
	summary bool
	discard int
	topKey  string
	// validUTF8: the whole input is known to be UTF-8, so strings without
	// escapes need no check of their own.
	validUTF8 bool
	// scoped: containers are copied into the arenas, not into their own
	// allocations (see [DecodeSummaryFunc]).
	scoped      bool
	memberArena []Member
	itemArena   []Value
	// The highest lengths the stacks reached, at the end of a container.
	membersHigh, itemsHigh int
}

// DecodeValidUTF8 is [Decode] for data the caller has checked is UTF-8.
func DecodeValidUTF8(data []byte) (Value, error) {
	return decodeDoc(data, DecodeOptions{}, false, true, nil)
}

// errorf returns a ParseError at the current position.
func (d *decoder) errorf(format string, args ...any) error {
	return d.errorAt(d.pos, format, args...)
}

func (d *decoder) errorAt(off int, format string, args ...any) error {
	line, col := Position(d.data, off)
	return &ParseError{Line: line, Column: col, Err: fmt.Errorf(format, args...)}
}

// Position converts a byte offset into a 1-based line and a 1-based column
// counted in characters.
func Position(data []byte, off int) (line, col int) {
	if off > len(data) {
		off = len(data)
	}
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	col = 1
	for i := start; i < off; {
		_, size := utf8.DecodeRune(data[i:off])
		i += size
		col++
	}
	return line, col
}

// skipSpace moves past whitespace. Most calls find none, and return at
// once; the rest are mostly a newline and indentation.
func (d *decoder) skipSpace() {
	if d.pos < len(d.data) && d.data[d.pos] > ' ' {
		return
	}
	d.pos = spaceEnd(d.data, d.pos)
}

// spaceEnd returns the index of the first byte from i on that is not JSON
// whitespace, or len(data).
func spaceEnd(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
		// A run of indentation, eight spaces at a time: the first byte of a
		// word that is not a space is its lowest nonzero byte after the xor.
		for i+8 <= len(data) {
			if x := binary.LittleEndian.Uint64(data[i:]) ^ 0x2020202020202020; x != 0 {
				i += bits.TrailingZeros64(x) >> 3
				break
			}
			i += 8
		}
	}
	return i
}

// stringEnd returns the index of the first byte from i on that ends the
// fast scan of a string: a quote, a backslash or a control character
// (len(data) when there is none). It tests eight bytes at a time.
func stringEnd(data []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(data); i += 8 {
		w := binary.LittleEndian.Uint64(data[i:])
		q, b := w^(ones*'"'), w^(ones*'\\')
		// The high bit of a byte is set where q or b has a zero byte or w
		// a byte below 0x20. A borrow can flag a byte above a flagged one,
		// never below: the lowest flag is the first such byte.
		if m := ((q-ones)&^q | (b-ones)&^b | (w-ones*0x20)&^w) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(data); i++ {
		if c := data[i]; c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return i
}

func (d *decoder) value(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, d.errorf("nesting deeper than %d", maxDepth)
	}
	if d.pos >= len(d.data) {
		if len(d.data) == 0 || d.pos == 0 {
			return Value{}, d.errorf("expecting value: empty input")
		}
		return Value{}, d.errorf("expecting value: unexpected end of input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.str()
		return Value{Kind: String, Text: s}, err
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case d.literal("true"):
		return Value{Kind: Bool, Bool: true}, nil
	case d.literal("false"):
		return Value{Kind: Bool}, nil
	case d.literal("null"):
		return Value{}, nil
	case d.opts.AllowNonFinite && d.literal("NaN"):
		return Value{Kind: Number, Text: "NaN"}, nil
	case d.opts.AllowNonFinite && d.literal("Infinity"):
		return Value{Kind: Number, Text: "Infinity"}, nil
	}
	if !d.opts.AllowNonFinite && (d.has("NaN") || d.has("Infinity") || d.has("-Infinity")) {
		return Value{}, d.errorf("NaN and Infinity are not JSON")
	}
	return Value{}, d.errorf("expecting value, found %s", d.found())
}

// found describes the byte at the current position for an error message.
func (d *decoder) found() string {
	if d.pos >= len(d.data) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(d.data[d.pos:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", d.data[d.pos])
	}
	return strconv.QuoteRune(r)
}

func (d *decoder) has(lit string) bool {
	return len(d.data)-d.pos >= len(lit) && string(d.data[d.pos:d.pos+len(lit)]) == lit
}

func (d *decoder) literal(lit string) bool {
	if d.has(lit) {
		d.pos += len(lit)
		return true
	}
	return false
}

func (d *decoder) object(depth int) (Value, error) {
	d.pos++ // {
	v := Value{Kind: Object, Members: []Member{}}
	var index map[string]int // built only for larger objects
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return v, nil
	}
	base := len(d.members)
	defer func() { d.members = d.members[:base] }()
	for {
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return Value{}, d.errorf("expecting property name enclosed in double quotes, found %s", d.found())
		}
		keyAt := d.pos
		key, err := d.str()
		if err != nil {
			return Value{}, err
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return Value{}, d.errorf("expecting ':' delimiter, found %s", d.found())
		}
		d.pos++
		d.skipSpace()
		if depth == 0 {
			d.topKey = key
		}
		skip := d.skipped(depth, key)
		if skip {
			d.discard++
		}
		var item Value
		if skip {
			item, err = d.discardValue(depth + 1)
			d.discard--
		} else {
			item, err = d.value(depth + 1)
		}
		if err != nil {
			return Value{}, err
		}
		if d.discard > 0 {
			goto next
		}
		{
			members := d.members[base:]
			if index == nil && len(members) >= 16 {
				index = make(map[string]int, 32)
				for i, m := range members {
					index[m.Key] = i
				}
			}
			if i, dup := lookupMember(members, index, key); dup {
				members[i].Value = item
				if d.opts.Duplicate != nil {
					d.opts.Duplicate(key, keyAt)
				}
			} else {
				if index != nil {
					index[key] = len(members)
				}
				d.members = append(d.members, Member{Key: key, Value: item})
			}
		}
	next:
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.errorf("expecting ',' delimiter: unexpected end of input")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			if d.discard == 0 {
				v.Members = d.finishMembers(base)
			}
			return v, nil
		default:
			return Value{}, d.errorf("expecting ',' delimiter, found %s", d.found())
		}
	}
}

// finishMembers copies the members of the object that ends, from base on
// the stack, to where the value keeps them: their own slice, or the arena
// of a scoped document (capped, so that an append to them copies).
func (d *decoder) finishMembers(base int) []Member {
	d.membersHigh = max(d.membersHigh, len(d.members))
	if !d.scoped {
		return append(make([]Member, 0, len(d.members)-base), d.members[base:]...)
	}
	start := len(d.memberArena)
	d.memberArena = append(d.memberArena, d.members[base:]...)
	return d.memberArena[start:len(d.memberArena):len(d.memberArena)]
}

// finishItems is finishMembers for an array's items.
func (d *decoder) finishItems(base int) []Value {
	d.itemsHigh = max(d.itemsHigh, len(d.items))
	if !d.scoped {
		return append(make([]Value, 0, len(d.items)-base), d.items[base:]...)
	}
	start := len(d.itemArena)
	d.itemArena = append(d.itemArena, d.items[base:]...)
	return d.itemArena[start:len(d.itemArena):len(d.itemArena)]
}

func lookupMember(members []Member, index map[string]int, key string) (int, bool) {
	if index != nil {
		i, ok := index[key]
		return i, ok
	}
	for i := range members {
		if members[i].Key == key {
			return i, true
		}
	}
	return 0, false
}

func (d *decoder) array(depth int) (Value, error) {
	d.pos++ // [
	v := Value{Kind: Array, Items: []Value{}}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return v, nil
	}
	base := len(d.items)
	defer func() { d.items = d.items[:base] }()
	for {
		d.skipSpace()
		item, err := d.value(depth + 1)
		if err != nil {
			return Value{}, err
		}
		if d.discard == 0 {
			d.items = append(d.items, item)
		}
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.errorf("expecting ',' delimiter: unexpected end of input")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			if d.discard == 0 {
				v.Items = d.finishItems(base)
			}
			return v, nil
		default:
			return Value{}, d.errorf("expecting ',' delimiter, found %s", d.found())
		}
	}
}

func (d *decoder) number() (Value, error) {
	start := d.pos
	if d.data[d.pos] == '-' {
		d.pos++
		if d.opts.AllowNonFinite && d.literal("Infinity") {
			return Value{Kind: Number, Text: "-Infinity"}, nil
		}
	}
	digits := func() int {
		n := 0
		for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
			d.pos++
			n++
		}
		return n
	}
	if d.pos < len(d.data) && d.data[d.pos] == '0' {
		d.pos++
	} else if digits() == 0 {
		d.pos = start
		return Value{}, d.errorf("expecting value, found %s", d.found())
	}
	// Python's scanner stops a number where the grammar ends: "01" is the
	// number 0 followed by extra data, which the caller then rejects.
	if d.pos+1 < len(d.data) && d.data[d.pos] == '.' && isDigit(d.data[d.pos+1]) {
		d.pos++
		digits()
	}
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		save := d.pos
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		if digits() == 0 {
			d.pos = save
		}
	}
	if d.discard > 0 {
		return Value{Kind: Number}, nil
	}
	return Value{Kind: Number, Text: string(d.data[start:d.pos])}, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// str reads a string starting at the opening quote.
func (d *decoder) str() (string, error) {
	start := d.pos
	d.pos++
	// Fast path: no escapes.
	if i := stringEnd(d.data, d.pos); i < len(d.data) && d.data[i] == '"' {
		s := d.data[d.pos:i]
		if d.discard == 0 && len(s) <= maxInterned {
			if k, ok := interned[string(s)]; ok {
				d.pos = i + 1
				return k, nil
			}
		}
		if !d.validUTF8 && !utf8.Valid(s) {
			return "", d.invalidUTF8(d.pos, i)
		}
		d.pos = i + 1
		if d.discard > 0 {
			return "", nil
		}
		return string(s), nil
	}
	buf := make([]byte, 0, 64)
	for {
		if d.pos >= len(d.data) {
			return "", d.errorAt(start, "unterminated string starting here")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return string(buf), nil
		case c < 0x20:
			return "", d.errorf("invalid control character %q in string", rune(c))
		case c == '\\':
			var err error
			buf, err = d.escape(buf)
			if err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", d.invalidUTF8(d.pos, d.pos+1)
			}
			buf = append(buf, d.data[d.pos:d.pos+size]...)
			d.pos += size
		}
	}
}

func (d *decoder) invalidUTF8(from, to int) error {
	for i := from; i < to; {
		r, size := utf8.DecodeRune(d.data[i:to])
		if r == utf8.RuneError && size <= 1 {
			return d.errorAt(i, "invalid UTF-8 byte 0x%02x", d.data[i])
		}
		i += size
	}
	return d.errorAt(from, "invalid UTF-8")
}

func (d *decoder) escape(buf []byte) ([]byte, error) {
	if d.pos+1 >= len(d.data) {
		return nil, d.errorf("unterminated string: unexpected end of input")
	}
	c := d.data[d.pos+1]
	if r := simpleEscapes[c]; r != 0 {
		d.pos += 2
		return append(buf, r), nil
	}
	if c != 'u' {
		return nil, d.errorf("invalid \\escape %q", rune(c))
	}
	r1, err := d.hex4(d.pos + 2)
	if err != nil {
		return nil, err
	}
	d.pos += 6
	if utf16.IsSurrogate(rune(r1)) && r1 < 0xDC00 && d.has("\\u") {
		if r2, err := d.hex4(d.pos + 2); err == nil && r2 >= 0xDC00 && r2 <= 0xDFFF {
			d.pos += 6
			return utf8.AppendRune(buf, utf16.DecodeRune(rune(r1), rune(r2))), nil
		}
	}
	if utf16.IsSurrogate(rune(r1)) {
		return appendWTF8(buf, r1), nil
	}
	return utf8.AppendRune(buf, rune(r1)), nil
}

func (d *decoder) hex4(at int) (uint16, error) {
	// Python reports a bad escape at its "u".
	if at+4 > len(d.data) {
		return 0, d.errorAt(at-1, "invalid \\uXXXX escape")
	}
	var n uint16
	for _, c := range d.data[at : at+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, d.errorAt(at-1, "invalid \\uXXXX escape")
		}
		n = n<<4 | uint16(c)
	}
	return n, nil
}

// appendWTF8 appends a lone surrogate in the generalized UTF-8 form (three
// bytes ED A0..BF xx), which is not valid UTF-8 and which every encoder here
// recognises.
func appendWTF8(buf []byte, s uint16) []byte {
	return append(buf, 0xE0|byte(s>>12), 0x80|byte(s>>6)&0x3F, 0x80|byte(s)&0x3F)
}

// isWTF8Surrogate reports whether b starts with a WTF-8 encoded surrogate and
// returns it.
func isWTF8Surrogate(b string) (uint16, bool) {
	if len(b) >= 3 && b[0] == 0xED && b[1] >= 0xA0 && b[1] <= 0xBF && b[2] >= 0x80 && b[2] <= 0xBF {
		return uint16(b[0]&0x0F)<<12 | uint16(b[1]&0x3F)<<6 | uint16(b[2]&0x3F), true
	}
	return 0, false
}

var simpleEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// interned are the keys and short values every cassette and tape repeats;
// the decoder returns these strings instead of allocating new ones.
var interned = func() map[string]string {
	m := map[string]string{}
	for _, k := range strings.Fields(`schema_version fingerprint suite case turn provider model
		recorded_at request_digest response messages role content tool_calls tool_results id name
		arguments malformed_arguments call_id is_error system tools description input_schema params
		temperature top_p max_tokens stop_sequences cache_hit latency_ms raw stop_reason text usage
		cache_read_tokens cache_write_tokens input_tokens output_tokens type properties required
		items input stop_sequence thinking signature index message finish_reason logprobs refusal
		function object created choices prompt_tokens completion_tokens total_tokens
		system_fingerprint cache_creation_input_tokens cache_read_input_tokens version entries args
		kwargs result error user assistant tool string number integer boolean array end_turn tool_use
		stop length tool_calls chat.completion anthropic openai status`) {
		m[k] = k
	}
	return m
}()

const maxInterned = 32
