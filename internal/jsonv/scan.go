package jsonv

import (
	"encoding/binary"
	"math/bits"
)

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

// SpaceEnd returns the index of the first byte from i on that is not JSON
// white space, eight bytes of indentation at a time: for packages that read
// JSON bytes themselves (internal/jsonbytes).
func SpaceEnd(data []byte, i int) int { return spaceEnd(data, i) }

// StringEnd returns the index of the first quote, backslash or control
// character from i on (len(data) when there is none), eight bytes at a
// time: for packages that read JSON bytes themselves.
func StringEnd(data []byte, i int) int { return stringEnd(data, i) }
