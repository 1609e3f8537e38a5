package jsonv

import "testing"

// TestScansMatchTheirDefinition: the word-at-a-time scans find exactly the
// byte a plain loop finds, for every byte value at every lane of a word,
// on backgrounds chosen to provoke borrows between lanes.
func TestScansMatchTheirDefinition(t *testing.T) {
	t.Parallel()
	naiveString := func(data []byte, i int) int {
		for ; i < len(data); i++ {
			if c := data[i]; c == '"' || c == '\\' || c < 0x20 {
				return i
			}
		}
		return i
	}
	naiveSpace := func(data []byte, i int) int {
		for ; i < len(data); i++ {
			if c := data[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				return i
			}
		}
		return i
	}
	for _, bg := range []byte{'a', ' ', 0x80, 0xff, 0x21, 0x23, 0x5b, 0x5d, 0xa2, 0xdc, 0x01} {
		for v := range 256 {
			for pos := range 20 {
				data := make([]byte, 27)
				for i := range data {
					data[i] = bg
				}
				data[pos] = byte(v)
				for from := range 3 {
					if got, want := stringEnd(data, from), naiveString(data, from); got != want {
						t.Fatalf("stringEnd(%x, %d) = %d, want %d", data, from, got, want)
					}
					if got, want := spaceEnd(data, from), naiveSpace(data, from); got != want {
						t.Fatalf("spaceEnd(%x, %d) = %d, want %d", data, from, got, want)
					}
				}
			}
		}
	}
}
