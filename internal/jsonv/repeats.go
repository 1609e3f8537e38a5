package jsonv

// Repeats lets a full decode of a cassette body leave out what its caller
// has already seen, byte for byte, in an earlier body: the parts of a
// request digest that recur across recordings (a suite's tools and system
// prompt in every one of its recordings, a conversation's earlier messages
// in every later turn's). The secrets scan, which is the only reader of
// those parts, knows them clean and need not decode or visit them again.
//
// A decode with a Repeats ([DecodeFuncRepeats]) asks it about the members
// of the document's request_digest object (the document an object and
// request_digest one of its members): Wants is asked about each member's
// key; for a member it wants, the containers are the member's value when
// that is an object, and each item of the value that is an object or an
// array when the value is an array. Of each, Known is asked first; then,
// when it does not know the container, Seen is given its bytes (from its
// opening bracket to its closing one), already checked as strictly as the
// decoder checks them. A container that Known knows, or that Seen answers
// true for, decodes as an empty container of its kind. A document that does not decode fails with
// the error and position it fails with without a Repeats.
//
// Seen may decode the bytes it is given itself (the decoder in progress is
// not disturbed by another decode).
type Repeats interface {
	// Wants reports whether the containers under the member key of
	// request_digest are to be asked about.
	Wants(key string) bool
	// Known returns the length of the container at the start of rest (an
	// object value of a member when item is false, an item of a member's
	// array when it is true) when Seen has answered true for those very
	// bytes at that place before, and 0 otherwise. The decoder then takes
	// them as the container without reading them again: bytes that were
	// checked once need no second check.
	Known(rest []byte, item bool) int
	// Seen is asked about a container Known did not know, given its bytes
	// once the decoder has checked them: true leaves it out.
	Seen(span []byte, item bool) bool
}

// DecodeFuncRepeats is [DecodeFunc] with the containers r knows left out
// of the request digest (see [Repeats]); r nil is DecodeFunc. The caller
// has checked that all of data is UTF-8.
func DecodeFuncRepeats(data []byte, r Repeats, fn func(body Value)) error {
	_, err := decodeDoc(data, DecodeOptions{repeats: r}, false, true, fn)
	return err
}

// repeatable reports whether the member or item about to be decoded at
// depth is a container to ask d.opts.repeats about (see [Repeats]): an
// object value of a wanted member of request_digest (depth 2 inside it, in
// an object), or a container item of a wanted member's array (depth 3).
func (d *decoder) repeatable(depth int, item bool) bool {
	if !d.digestWant || d.pos >= len(d.data) {
		return false
	}
	switch c := d.data[d.pos]; {
	case !item:
		return depth == 2 && c == '{'
	default:
		return depth == 3 && (c == '{' || c == '[')
	}
}

// repeat decodes the container at the current position, which repeatable
// chose: left out, as an empty container of its kind, when the Repeats
// knows its bytes or has now seen them; decoded as any other value
// otherwise.
func (d *decoder) repeat(depth int, item bool) (Value, error) {
	start := d.pos
	open := d.data[start]
	if n := d.opts.repeats.Known(d.data[start:], item); n >= 2 && n <= len(d.data)-start && d.data[start+n-1] == open+2 {
		d.pos = start + n // '{'+2 is '}', '['+2 is ']'
		return emptyContainer(open), nil
	}
	if err := d.skipValue(depth); err != nil {
		return Value{}, err
	}
	if d.opts.repeats.Seen(d.data[start:d.pos], item) {
		return emptyContainer(open), nil
	}
	d.pos = start
	return d.value(depth)
}

// emptyContainer is the empty object or array that open begins.
func emptyContainer(open byte) Value {
	if open == '{' {
		return Value{Kind: Object, Members: []Member{}}
	}
	return Value{Kind: Array, Items: []Value{}}
}

// enterMember notes, before the value of the member key of an object at
// depth decodes, where the decode is with respect to the request digest.
func (d *decoder) enterMember(depth int, key string) {
	switch {
	case depth == 0:
		d.inDigest = key == "request_digest"
	case depth == 1 && d.inDigest:
		d.digestWant = d.opts.repeats.Wants(key)
	}
}

// leaveMember undoes enterMember once the member's value has decoded.
func (d *decoder) leaveMember(depth int) {
	switch depth {
	case 0:
		d.inDigest = false
	case 1:
		d.digestWant = false
	}
}

// DecodeLentFunc is [DecodeFunc] with every string of the document, not
// only those of request_digest and response.raw, a view of data (or of
// scratch space, for a string with escapes), valid only until fn returns:
// for a caller that reads a value once and keeps nothing of it, as a
// [Repeats] that scans the bytes it is shown.
func DecodeLentFunc(data []byte, validUTF8 bool, fn func(v Value)) error {
	_, err := decodeDoc(data, DecodeOptions{lendAll: true}, false, validUTF8, fn)
	return err
}
