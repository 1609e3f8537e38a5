package jsonv

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Dialect selects whose JSON serialiser an encoding reproduces.
type Dialect uint8

const (
	// Python is json.dumps: floats in repr spelling (780.0, 1e-05), exact
	// integers of any size, keys in insertion (or sorted) order.
	Python Dialect = iota
	// JS is JSON.stringify: ECMAScript number spelling (1.0 is 1, 1e-7,
	// 10000000000000000), array-index keys hoisted first in numeric order,
	// lone surrogates escaped as \udxxx.
	JS
)

// String returns "python" or "js".
func (d Dialect) String() string {
	if d == JS {
		return "js"
	}
	return "python"
}

// EncodeOptions select a serialisation.
type EncodeOptions struct {
	Dialect Dialect
	// Indent writes two-space indentation with ": " after keys and each item
	// on its own line (json.dumps indent=2, JSON.stringify(v, null, 2)).
	// Without it the output is compact: "," and ":" with no spaces.
	Indent bool
	// SortKeys sorts object keys by code point at every depth, but for
	// an object marked [Value.Ordered], which is written in its order.
	SortKeys bool
	// NFC normalises every string and key to NFC first; when two keys of one
	// object become equal the later value wins.
	NFC bool
	// AllowNonFinite writes NaN and ±Infinity as Python does (NaN, Infinity,
	// -Infinity) or as JavaScript does (null) instead of failing.
	AllowNonFinite bool
	// KeepSurrogates writes a lone surrogate as it is (in the generalized
	// UTF-8 form strings hold it in) instead of failing, as Python's
	// json.dumps(ensure_ascii=False) keeps it in the str it returns: what
	// fails is encoding that str as UTF-8 afterwards.
	KeepSurrogates bool
}

// Canonical returns the canonical JSON dryfire hashes: Python's
// json.dumps(v, sort_keys=True, separators=(",",":"), ensure_ascii=False,
// allow_nan=False) after NFC-normalising every string and key.
func Canonical(v Value) ([]byte, error) {
	return Encode(v, EncodeOptions{SortKeys: true, NFC: true})
}

// EncodeDryfire returns v as dryfire writes a cassette file:
// json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False,
// allow_nan=False), without a trailing newline.
func EncodeDryfire(v Value) ([]byte, error) {
	return Encode(v, DryfireEncoding)
}

// Encode serialises v with the options.
func Encode(v Value, o EncodeOptions) ([]byte, error) {
	return AppendEncode(make([]byte, 0, 256), v, o)
}

// AppendEncode appends the serialisation of v to dst.
func AppendEncode(dst []byte, v Value, o EncodeOptions) ([]byte, error) {
	e := encoder{buf: dst, o: o}
	if err := e.value(v, 0); err != nil {
		return dst, err
	}
	return e.buf, nil
}

// EncodeTo writes the serialisation of v to w as it goes, in writes of at
// most [streamChunk] bytes and a few, holding no more of it at once (a
// long string is passed on a piece at a time, never copied whole), so
// that a value of any size costs no buffer of its size. An error of the value's (a float that is not
// finite, an invalid string) stops it where it is met: what was written
// stays written, so a caller that must not leave a part writes to a file
// it removes on error, or encodes to io.Discard first.
func EncodeTo(w io.Writer, v Value, o EncodeOptions) error {
	e := encoder{buf: make([]byte, 0, streamChunk), o: o, sink: w}
	if err := e.value(v, 0); err != nil {
		return err
	}
	e.flush()
	return e.err
}

// streamChunk is what [EncodeTo] gathers before it writes.
const streamChunk = 64 << 10

// EncodedLen is the length of v's serialisation with o, counted as
// [EncodeTo] makes it, holding no buffer of its size, or the error
// encoding meets: to measure a large document before it is written, or to
// allocate its bytes once ([AppendEncode] into a buffer of that capacity)
// instead of in doubling buffers.
func EncodedLen(v Value, o EncodeOptions) (int64, error) {
	var n counter
	err := EncodeTo(&n, v, o)
	return int64(n), err
}

// counter counts what is written to it.
type counter int64

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

// DryfireEncoding is [EncodeDryfire]'s options, for [EncodeTo] and
// [EncodedLen].
var DryfireEncoding = EncodeOptions{Indent: true, SortKeys: true}

// Encoder appends serialisations with fixed options and keeps its scratch
// space from value to value: the hashing hot paths encode thousands of
// small values and should not allocate for each.
type Encoder struct{ e encoder }

// NewEncoder returns an Encoder for the options.
func NewEncoder(o EncodeOptions) *Encoder { return &Encoder{e: encoder{o: o}} }

// Append appends the serialisation of v to dst.
func (x *Encoder) Append(dst []byte, v Value) ([]byte, error) {
	x.e.buf, x.e.arena = dst, x.e.arena[:0]
	err := x.e.value(v, 0)
	out := x.e.buf
	x.e.buf = nil
	if err != nil {
		return dst, err
	}
	return out, nil
}

type encoder struct {
	buf []byte
	o   EncodeOptions
	// arena holds the sorted copies of objects being written, as a stack:
	// one allocation serves every object of a document.
	arena []Member
	// sink, when set, takes buf each time it passes streamChunk, and the
	// long runs of a string directly ([EncodeTo]); err is its first
	// failure, after which nothing more is written.
	sink io.Writer
	err  error
}

// run appends a run of a string's bytes that needs no escaping; with a
// sink, a long one goes to it a streamChunk at a time.
func (e *encoder) run(s string) {
	for e.sink != nil && len(e.buf)+len(s) > streamChunk {
		n := max(streamChunk-len(e.buf), 0)
		e.buf = append(e.buf, s[:n]...)
		e.flush()
		s = s[n:]
	}
	e.buf = append(e.buf, s...)
}

// spill hands buf to the sink once it has grown past streamChunk.
func (e *encoder) spill() {
	if e.sink != nil && len(e.buf) >= streamChunk {
		e.flush()
	}
}

// flush writes buf to the sink and empties it.
func (e *encoder) flush() {
	if e.err == nil && len(e.buf) > 0 {
		_, e.err = e.sink.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

func (e *encoder) newline(depth int) {
	e.buf = append(e.buf, '\n')
	for range depth {
		e.buf = append(e.buf, ' ', ' ')
	}
}

func (e *encoder) value(v Value, depth int) error {
	switch v.Kind {
	case Null:
		e.buf = append(e.buf, "null"...)
	case Bool:
		e.buf = strconv.AppendBool(e.buf, v.Bool)
	case Number:
		return e.number(v.Text)
	case String:
		return e.str(v.Text)
	case Array:
		if len(v.Items) == 0 {
			e.buf = append(e.buf, "[]"...)
			return nil
		}
		e.buf = append(e.buf, '[')
		for i := range v.Items {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			if e.o.Indent {
				e.newline(depth + 1)
			}
			if err := e.value(v.Items[i], depth+1); err != nil {
				return err
			}
			e.spill()
		}
		if e.o.Indent {
			e.newline(depth)
		}
		e.buf = append(e.buf, ']')
	case Object:
		return e.object(v.Members, v.Ordered, depth)
	default:
		return errors.New("unknown JSON kind " + v.Kind.String())
	}
	return nil
}

func (e *encoder) object(members []Member, ordered bool, depth int) error {
	if len(members) == 0 {
		e.buf = append(e.buf, "{}"...)
		return nil
	}
	if mark := len(e.arena); e.o.SortKeys {
		defer func() { e.arena = e.arena[:mark] }()
	}
	if !ordered || !e.o.SortKeys {
		members = e.orderMembers(members)
	}
	e.buf = append(e.buf, '{')
	for i := range members {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.o.Indent {
			e.newline(depth + 1)
		}
		if err := e.str(members[i].Key); err != nil {
			return err
		}
		e.buf = append(e.buf, ':')
		if e.o.Indent {
			e.buf = append(e.buf, ' ')
		}
		if err := e.value(members[i].Value, depth+1); err != nil {
			return err
		}
		e.spill()
	}
	if e.o.Indent {
		e.newline(depth)
	}
	e.buf = append(e.buf, '}')
	return nil
}

// orderMembers applies NFC key collapsing and the key order of the options,
// copying only when something changes.
func (e *encoder) orderMembers(members []Member) []Member {
	if e.o.NFC {
		members = nfcMembers(members)
	}
	switch {
	case e.o.SortKeys:
		if !slices.IsSortedFunc(members, compareKeys) {
			// Nested objects push above this copy and pop back; a later
			// append that moves the arena leaves this slice valid.
			mark := len(e.arena)
			e.arena = append(e.arena, members...)
			members = e.arena[mark:len(e.arena):len(e.arena)]
			slices.SortStableFunc(members, compareKeys)
		}
		if e.o.NFC {
			members = e.collapseEqualKeys(members)
		}
	case e.o.Dialect == JS:
		members = jsKeyOrder(members)
	}
	return members
}

func compareKeys(a, b Member) int { return strings.Compare(a.Key, b.Key) }

// collapseEqualKeys keeps one member of each run of equal keys in sorted
// members, the later value winning: Python's dict, which dryfire's
// canonical JSON builds with str(key) for each key of a YAML mapping, so
// the keys 1 and '1' become one. A stable sort keeps equal keys in their
// order, so the last of a run is the later one.
func (e *encoder) collapseEqualKeys(members []Member) []Member {
	dup := -1
	for i := 1; i < len(members); i++ {
		if members[i].Key == members[i-1].Key {
			dup = i
			break
		}
	}
	if dup < 0 {
		return members
	}
	mark := len(e.arena)
	e.arena = append(e.arena, members[:dup-1]...)
	for _, m := range members[dup-1:] {
		if n := len(e.arena); n > mark && e.arena[n-1].Key == m.Key {
			e.arena[n-1].Value = m.Value
			continue
		}
		e.arena = append(e.arena, m)
	}
	return e.arena[mark:len(e.arena):len(e.arena)]
}

// nfcMembers normalises keys to NFC; on a collision the later value wins at
// the position of the first (Python dict semantics).
func nfcMembers(members []Member) []Member {
	changed := false
	for i := range members {
		if !isNFC(members[i].Key) {
			changed = true
			break
		}
	}
	if !changed {
		return members
	}
	out := make([]Member, 0, len(members))
	for _, m := range members {
		k := norm.NFC.String(m.Key)
		if i := slices.IndexFunc(out, func(x Member) bool { return x.Key == k }); i >= 0 {
			out[i].Value = m.Value
			continue
		}
		out = append(out, Member{Key: k, Value: m.Value})
	}
	return out
}

func isNFC(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFC.IsNormalString(s)
		}
	}
	return true
}

// jsKeyOrder puts array-index keys ("0" … "4294967294", canonical decimal)
// first in ascending numeric order, the rest after them in insertion order,
// as ECMAScript's OrdinaryOwnPropertyKeys does.
func jsKeyOrder(members []Member) []Member {
	n := 0
	for _, m := range members {
		if _, ok := arrayIndex(m.Key); ok {
			n++
		}
	}
	if n == 0 {
		return members
	}
	out := make([]Member, 0, len(members))
	for _, m := range members {
		if _, ok := arrayIndex(m.Key); ok {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Member) int {
		x, _ := arrayIndex(a.Key)
		y, _ := arrayIndex(b.Key)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	for _, m := range members {
		if _, ok := arrayIndex(m.Key); !ok {
			out = append(out, m)
		}
	}
	return out
}

func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n > 4294967294 {
		return 0, false
	}
	return n, true
}

func (e *encoder) str(s string) error {
	if e.o.NFC && !isNFC(s) {
		s = norm.NFC.String(s)
	}
	e.buf = append(e.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			e.run(s[start:i])
			e.buf = appendEscape(e.buf, c)
			e.spill()
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		sur, ok := isWTF8Surrogate(s[i:])
		if !ok {
			return ErrInvalidUTF8
		}
		if e.o.Dialect != JS {
			if e.o.KeepSurrogates {
				i += 3
				continue
			}
			return ErrLoneSurrogate
		}
		e.run(s[start:i])
		e.buf = append(e.buf, `\u`...)
		e.buf = appendHex4(e.buf, sur)
		i += 3
		start = i
	}
	e.run(s[start:])
	e.buf = append(e.buf, '"')
	return nil
}

func appendEscape(buf []byte, c byte) []byte {
	switch c {
	case '"':
		return append(buf, '\\', '"')
	case '\\':
		return append(buf, '\\', '\\')
	case '\n':
		return append(buf, '\\', 'n')
	case '\r':
		return append(buf, '\\', 'r')
	case '\t':
		return append(buf, '\\', 't')
	case '\b':
		return append(buf, '\\', 'b')
	case '\f':
		return append(buf, '\\', 'f')
	}
	buf = append(buf, '\\', 'u')
	return appendHex4(buf, uint16(c))
}

func appendHex4(buf []byte, x uint16) []byte {
	const hex = "0123456789abcdef"
	return append(buf, hex[x>>12], hex[x>>8&0xF], hex[x>>4&0xF], hex[x&0xF])
}
