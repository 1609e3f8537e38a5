package jsonv

import (
	"fmt"
	"math"
	"strconv"
	"sync"
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
	// MaxValues is the most values the document may hold ([ValueBudget]
	// of its size when 0, no bound when negative): one more is an error,
	// a *ParseError at that value wrapping a [*TooManyValuesError].
	MaxValues int
	// repeats, set by [DecodeFuncRepeats], is asked about the containers
	// of the request digest.
	repeats Repeats
	// lendAll, set by [DecodeLentFunc], lends every string from the data.
	lendAll bool
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
	// The text of strings with escapes (see decoder.lentText and .esc).
	lentText, esc []byte
}

var decodeScratches = sync.Pool{New: func() any { return new(decodeScratch) }}

// decodeDoc decodes one document; validUTF8 says the caller has checked
// that all of data is UTF-8. With scoped set, the document's containers
// live in the scratch arenas and scoped is called with it before they are
// reused; the returned value is then null.
func decodeDoc(data []byte, opts DecodeOptions, summary, validUTF8 bool, scoped func(Value)) (Value, error) {
	if err := checkBudget(data, opts, validUTF8); err != nil {
		return Value{}, err
	}
	sc := decodeScratches.Get().(*decodeScratch)
	d := decoder{data: data, opts: opts, summary: summary, validUTF8: validUTF8,
		members: sc.members[:0], items: sc.items[:0], left: math.MaxInt,
		lentText: sc.lentText[:0], esc: sc.esc[:0]}
	if scoped != nil {
		d.scoped = true
		d.memberArena, d.itemArena = sc.memberArena[:0], sc.itemArena[:0]
		if opts.lendAll {
			d.borrow = 1
		}
	}
	v, err := d.document()
	if scoped != nil {
		if err == nil {
			scoped(v)
		}
		v = Value{}
		// The arenas hold only this document's containers, from the start.
		sc.memberArena = reuse(d.memberArena, len(d.memberArena))
		sc.itemArena = reuse(d.itemArena, len(d.itemArena))
	}
	// The stacks hold the last document's values: drop them before reuse.
	// A document that decoded wrote them no further than the high-water
	// marks; one that failed may have.
	if err != nil {
		d.membersHigh, d.itemsHigh = cap(d.members), cap(d.items)
	}
	// Nothing refers to the text once scoped has returned.
	sc.lentText, sc.esc = keptText(d.lentText), keptText(d.esc)
	sc.members = reuse(d.members, d.membersHigh)
	sc.items = reuse(d.items, d.itemsHigh)
	decodeScratches.Put(sc)
	return v, err
}

// maxKeptScratch is the most entries a scratch stack or arena keeps for
// the next document: one large document's stacks are not held on to.
const maxKeptScratch = 1 << 16

// reuse returns a scratch stack or arena emptied for the next document,
// its first high entries cleared (they hold the last document's values),
// or nil when it grew past maxKeptScratch.
func reuse[T any](s []T, high int) []T {
	if cap(s) > maxKeptScratch {
		return nil
	}
	clear(s[:high])
	return s[:0]
}

// keptText returns a text buffer emptied for the next document, or nil when
// it grew past 1 MiB.
func keptText(b []byte) []byte {
	if cap(b) > 1<<20 {
		return nil
	}
	return b[:0]
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

// MaxDepth is how deep a document decoded here may nest.
const MaxDepth = maxDepth

type decoder struct {
	data []byte
	pos  int
	opts DecodeOptions
	// left is how many more values the skipper may count before the
	// document is over its budget (see checkBudget).
	left int
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
	// borrow is set while a scoped full decode reads request_digest or
	// response.raw: their strings and numbers are views of data (see
	// [DecodeFunc]).
	borrow int
	// lentText holds the decoded text of lent strings with escapes; esc is
	// scratch space for the text of other strings with escapes.
	lentText, esc []byte
	// The highest lengths the stacks reached, at the end of a container.
	membersHigh, itemsHigh int
	// With opts.repeats: inDigest while the document's request_digest
	// decodes, digestWant while a member of it that the Repeats wants does.
	inDigest, digestWant bool
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
		skip, lend := d.skipped(depth, key), d.lent(depth, key)
		if d.opts.repeats != nil {
			d.enterMember(depth, key)
		}
		if skip {
			d.discard++
		}
		if lend {
			d.borrow++
		}
		var item Value
		if skip {
			item, err = d.discardValue(depth + 1)
			d.discard--
		} else if d.repeatable(depth+1, false) {
			item, err = d.repeat(depth+1, false)
		} else {
			item, err = d.value(depth + 1)
		}
		if lend {
			d.borrow--
		}
		if d.opts.repeats != nil {
			d.leaveMember(depth)
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
		var item Value
		var err error
		if d.repeatable(depth+1, true) {
			item, err = d.repeat(depth+1, true)
		} else {
			item, err = d.value(depth + 1)
		}
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
	return Value{Kind: Number, Text: d.text(d.data[start:d.pos])}, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
