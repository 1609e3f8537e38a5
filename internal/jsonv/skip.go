package jsonv

import (
	"unicode/utf16"
	"unicode/utf8"
)

// The skipper reads a value that a summary leaves out (request_digest,
// response.raw): it checks the value as strictly as [decoder.value] does,
// failing with the same error at the same position, but builds nothing, so
// it neither allocates nor pays for members, items and strings that are
// thrown away. Every function here mirrors one of decode.go; a change to
// the grammar or an error there must be made here too (the summary tests
// compare the two on every prefix and corruption of real cassettes).

// discardValue skips the value at the current position and returns what a
// summary keeps of it: an empty value of its kind.
func (d *decoder) discardValue(depth int) (Value, error) {
	if depth > maxDepth || d.pos >= len(d.data) {
		return d.value(depth)
	}
	var v Value
	var err error
	switch d.data[d.pos] {
	case '{':
		v, err = Value{Kind: Object, Members: []Member{}}, d.skipObject(depth)
	case '[':
		v, err = Value{Kind: Array, Items: []Value{}}, d.skipArray(depth)
	case '"':
		v, err = Value{Kind: String}, d.skipString()
	default:
		return d.value(depth) // scalars: nothing to save (discard mode keeps no text)
	}
	if err != nil {
		return Value{}, err
	}
	return v, nil
}

// skipValue is [decoder.value] without the value.
// It counts the value against the budget of a budget check (decoder.left).
func (d *decoder) skipValue(depth int) error {
	if depth <= maxDepth && d.pos < len(d.data) {
		if d.left--; d.left < 0 {
			return d.overBudget()
		}
		switch d.data[d.pos] {
		case '{':
			return d.skipObject(depth)
		case '[':
			return d.skipArray(depth)
		case '"':
			return d.skipString()
		}
	}
	_, err := d.value(depth)
	return err
}

// skipObject is [decoder.object] without the object.
func (d *decoder) skipObject(depth int) error {
	d.pos++ // {
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return d.errorf("expecting property name enclosed in double quotes, found %s", d.found())
		}
		if err := d.skipString(); err != nil {
			return err
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return d.errorf("expecting ':' delimiter, found %s", d.found())
		}
		d.pos++
		d.skipSpace()
		if err := d.skipValue(depth + 1); err != nil {
			return err
		}
		if done, err := d.skipSeparator('}'); done || err != nil {
			return err
		}
	}
}

// skipArray is [decoder.array] without the array.
func (d *decoder) skipArray(depth int) error {
	d.pos++ // [
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return nil
	}
	for {
		d.skipSpace()
		if err := d.skipValue(depth + 1); err != nil {
			return err
		}
		if done, err := d.skipSeparator(']'); done || err != nil {
			return err
		}
	}
}

// skipSeparator reads what follows a member or an element: a comma (done
// false) or the closing bracket (done true), with the decoder's errors.
func (d *decoder) skipSeparator(closing byte) (done bool, err error) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return false, d.errorf("expecting ',' delimiter: unexpected end of input")
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		return false, nil
	case closing:
		d.pos++
		return true, nil
	}
	return false, d.errorf("expecting ',' delimiter, found %s", d.found())
}

// skipString is [decoder.str] without the string.
func (d *decoder) skipString() error {
	start := d.pos
	d.pos++
	if i := stringEnd(d.data, d.pos); i < len(d.data) && d.data[i] == '"' {
		if !d.validUTF8 && !utf8.Valid(d.data[d.pos:i]) {
			return d.invalidUTF8(d.pos, i)
		}
		d.pos = i + 1
		return nil
	}
	for {
		if d.validUTF8 {
			d.pos = stringEnd(d.data, d.pos)
		}
		if d.pos >= len(d.data) {
			return d.errorAt(start, "unterminated string starting here")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return nil
		case c < 0x20:
			return d.errorf("invalid control character %q in string", rune(c))
		case c == '\\':
			if err := d.skipEscape(); err != nil {
				return err
			}
		case c < utf8.RuneSelf || d.validUTF8:
			// Input known to be UTF-8 has no bad sequence to find, and a
			// continuation byte is never a quote, backslash or control.
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size <= 1 {
				return d.invalidUTF8(d.pos, d.pos+1)
			}
			d.pos += size
		}
	}
}

// skipEscape is [decoder.escape] without the character.
func (d *decoder) skipEscape() error {
	if d.pos+1 >= len(d.data) {
		return d.errorf("unterminated string: unexpected end of input")
	}
	c := d.data[d.pos+1]
	if simpleEscapes[c] != 0 {
		d.pos += 2
		return nil
	}
	if c != 'u' {
		return d.errorf("invalid \\escape %q", rune(c))
	}
	r1, err := d.hex4(d.pos + 2)
	if err != nil {
		return err
	}
	d.pos += 6
	if utf16.IsSurrogate(rune(r1)) && r1 < 0xDC00 && d.has("\\u") {
		if r2, err := d.hex4(d.pos + 2); err == nil && r2 >= 0xDC00 && r2 <= 0xDFFF {
			d.pos += 6
		}
	}
	return nil
}
