package jsonv

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// str reads a string starting at the opening quote.
func (d *decoder) str() (string, error) {
	start := d.pos
	d.pos++
	// Fast path: no escapes.
	if i := stringEnd(d.data, d.pos); i < len(d.data) && d.data[i] == '"' {
		s := d.data[d.pos:i]
		if d.discard == 0 && d.borrow == 0 && len(s) <= maxInterned {
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
		return d.text(s), nil
	}
	// An escape: the runs between escapes are copied whole into scratch
	// space (lent space while d.borrow is set), the escapes decoded.
	buf, from := d.esc[:0], 0
	if d.borrow > 0 {
		buf, from = d.lentText, len(d.lentText)
	}
	for {
		j := stringEnd(d.data, d.pos)
		if run := d.data[d.pos:j]; !d.validUTF8 && !utf8.Valid(run) {
			return "", d.invalidUTF8(d.pos, j)
		}
		buf = append(buf, d.data[d.pos:j]...)
		d.pos = j
		if d.pos >= len(d.data) {
			return "", d.errorAt(start, "unterminated string starting here")
		}
		switch c := d.data[d.pos]; {
		case c == '"':
			d.pos++
			return d.escaped(buf, from), nil
		case c < 0x20:
			return "", d.errorf("invalid control character %q in string", rune(c))
		default: // a backslash
			var err error
			if buf, err = d.escape(buf); err != nil {
				return "", err
			}
		}
	}
}

// escaped returns the string decoded into buf[from:]: lent from buf while
// d.borrow is set (buf is then the lent text, kept for the next string),
// a copy otherwise (buf is scratch, kept for the next escape).
func (d *decoder) escaped(buf []byte, from int) string {
	if d.borrow > 0 {
		d.lentText = buf
		if len(buf) == from {
			return ""
		}
		return unsafe.String(&buf[from], len(buf)-from)
	}
	d.esc = buf
	if d.discard > 0 {
		return "" // discard mode keeps no text
	}
	return string(buf)
}

// text is b as a string: a view of the document's bytes while d.borrow is
// set, a copy otherwise.
func (d *decoder) text(b []byte) string {
	if d.borrow > 0 && len(b) > 0 {
		return unsafe.String(&b[0], len(b))
	}
	return string(b)
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
