package redact

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// unescapeJSON decodes the JSON escapes in s (\" \\ \/ \b \f \n \r \t and
// \uXXXX, a surrogate pair as one character, a lone surrogate as U+FFFD)
// and leaves every other byte, a broken escape included, as it is: the
// text a JSON parser would see in a string literal, or in a whole JSON
// text such as a tool call's arguments. With withMap, from[i] is the
// offset in s of the escape (or byte) that produced byte i of the result,
// and from[len(result)] is len(s), so that a span of the result maps back
// onto s.
func unescapeJSON(s string, withMap bool) (string, []int32) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	var b []byte
	var from []int32
	if withMap {
		from = make([]int32, 0, len(s)+1)
	}
	emit := func(at int, p ...byte) {
		b = append(b, p...)
		for range p {
			if withMap {
				from = append(from, int32(at))
			}
		}
	}
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			emit(i, s[i])
			i++
			continue
		}
		r, n := escape(s[i:])
		if n == 0 {
			emit(i, s[i])
			i++
			continue
		}
		var tmp [utf8.UTFMax]byte
		emit(i, tmp[:utf8.EncodeRune(tmp[:], r)]...)
		i += n
	}
	if withMap {
		from = append(from, int32(len(s)))
	}
	return string(b), from
}

// simpleEscapes are the one-character escapes of JSON and what they stand
// for.
var simpleEscapes = map[byte]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escape decodes the escape at the start of s: the character and the
// number of bytes it takes, or 0 when s does not start with one.
func escape(s string) (rune, int) {
	if r, ok := simpleEscapes[s[1]]; ok {
		return r, 2
	}
	r, ok := hex4(s[2:])
	if s[1] != 'u' || !ok {
		return 0, 0
	}
	if !utf16.IsSurrogate(r) {
		return r, 6
	}
	if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
		if lo, ok := hex4(s[8:]); ok {
			if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
				return pair, 12
			}
		}
	}
	return utf8.RuneError, 6
}

func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	r, err := strconv.ParseUint(s[:4], 16, 32)
	return rune(r), err == nil
}
