package pyjson

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// DecodeError is Python's json.JSONDecodeError: a message at a
// position counted in characters of the document.
type DecodeError struct {
	Msg string // what is wrong, as Python says it ("Expecting value")
	Doc string // the document
	Pos int    // where, in characters of Doc
}

// Error reads as str(JSONDecodeError): "msg: line L column C (char P)".
func (e *DecodeError) Error() string {
	runes := []rune(e.Doc)
	before := string(runes[:min(e.Pos, len(runes))])
	line := strings.Count(before, "\n") + 1
	col := e.Pos + 1
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		col = e.Pos - utf8.RuneCountInString(before[:i])
	}
	return fmt.Sprintf("%s: line %d column %d (char %d)", e.Msg, line, col, e.Pos)
}

// Repr is repr() of the exception: JSONDecodeError('…').
func (e *DecodeError) Repr() string { return "JSONDecodeError(" + jsonv.PyRepr(e.Error()) + ")" }

// Loads is Python's json.loads of a str, with its exact errors
// (CPython 3.11's scanner). NaN, Infinity and -Infinity are accepted;
// duplicate keys keep their first place and their last value.
//
// Unlike Python, a document may hold only so many values ([jsonv.ValueBudget] of
// its size in bytes) and nest only 10,000 levels deep: past either, the
// error names the limit at the value that crosses it.
func Loads(s string) (jsonv.Value, *DecodeError) {
	limit := jsonv.ValueBudget(len(s))
	if len(s)/2+1 > limit {
		// Refused, when it is, before the runes and the values are built.
		if err := jsonv.CheckBudget([]byte(s), jsonv.DecodeOptions{AllowNonFinite: true}); err != nil {
			var pe *jsonv.ParseError
			errors.As(err, &pe)
			return jsonv.Value{}, &DecodeError{Msg: pyMessage(pe.Err), Doc: s, Pos: charsBefore(s, pe.Line, pe.Column)}
		}
	}
	d := &pyDecoder{src: []rune(s), doc: s, left: limit, size: len(s)}
	if len(d.src) > 0 && d.src[0] == '\ufeff' {
		return jsonv.Value{}, d.err("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0)
	}
	i := d.ws(0)
	v, end, err := d.value(i)
	if err != nil {
		return jsonv.Value{}, err
	}
	if end = d.ws(end); end != len(d.src) {
		return jsonv.Value{}, d.err("Extra data", end)
	}
	return v, nil
}

type pyDecoder struct {
	src []rune
	doc string
	// left is how many more values the document may hold; size is its
	// size in bytes, depth how deep the value being read is.
	left, size, depth int
}

// pyMessage is a limit's error as Python would start the message of its
// own: with a capital.
func pyMessage(err error) string {
	msg := err.Error()
	return strings.ToUpper(msg[:1]) + msg[1:]
}

// charsBefore is the number of characters of s before line:col (1-based,
// col counting characters).
func charsBefore(s string, line, col int) int {
	n := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(s, '\n')
		n += utf8.RuneCountInString(s[:i+1])
		s = s[i+1:]
	}
	return n + col - 1
}

func (d *pyDecoder) err(msg string, pos int) *DecodeError {
	return &DecodeError{Msg: msg, Doc: d.doc, Pos: pos}
}

func (d *pyDecoder) ws(i int) int {
	for i < len(d.src) && (d.src[i] == ' ' || d.src[i] == '\t' || d.src[i] == '\n' || d.src[i] == '\r') {
		i++
	}
	return i
}

func (d *pyDecoder) has(i int, lit string) bool {
	r := []rune(lit)
	if i+len(r) > len(d.src) {
		return false
	}
	for k, c := range r {
		if d.src[i+k] != c {
			return false
		}
	}
	return true
}

// value scans one value at i ("Expecting value" when there is none).
func (d *pyDecoder) value(i int) (jsonv.Value, int, *DecodeError) {
	if i >= len(d.src) {
		return jsonv.Value{}, i, d.err("Expecting value", i)
	}
	if d.left--; d.left < 0 {
		return jsonv.Value{}, i, d.err(pyMessage(&jsonv.TooManyValuesError{Limit: jsonv.ValueBudget(d.size), Size: d.size}), i)
	}
	switch c := d.src[i]; {
	case c == '"':
		s, end, err := d.str(i + 1)
		return jsonv.StringValue(s), end, err
	case c == '{':
		return d.object(i + 1)
	case c == '[':
		return d.array(i + 1)
	case d.has(i, "null"):
		return jsonv.NullValue(), i + 4, nil
	case d.has(i, "true"):
		return jsonv.BoolValue(true), i + 4, nil
	case d.has(i, "false"):
		return jsonv.BoolValue(false), i + 5, nil
	case d.has(i, "NaN"):
		return jsonv.NumberValue("NaN"), i + 3, nil
	case d.has(i, "Infinity"):
		return jsonv.NumberValue("Infinity"), i + 8, nil
	case d.has(i, "-Infinity"):
		return jsonv.NumberValue("-Infinity"), i + 9, nil
	}
	return d.number(i)
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }

func (d *pyDecoder) number(start int) (jsonv.Value, int, *DecodeError) {
	i, n := start, len(d.src)
	if d.src[i] == '-' {
		i++
		if i >= n {
			return jsonv.Value{}, start, d.err("Expecting value", start)
		}
	}
	switch {
	case d.src[i] >= '1' && d.src[i] <= '9':
		for i++; i < n && isDigitRune(d.src[i]); i++ {
		}
	case d.src[i] == '0':
		i++
	default:
		return jsonv.Value{}, start, d.err("Expecting value", start)
	}
	if i+1 < n && d.src[i] == '.' && isDigitRune(d.src[i+1]) {
		for i += 2; i < n && isDigitRune(d.src[i]); i++ {
		}
	}
	if i < n && (d.src[i] == 'e' || d.src[i] == 'E') {
		e := i
		i++
		if i < n && (d.src[i] == '-' || d.src[i] == '+') {
			i++
		}
		digits := i
		for i < n && isDigitRune(d.src[i]) {
			i++
		}
		if i == digits {
			i = e
		}
	}
	return jsonv.NumberValue(string(d.src[start:i])), i, nil
}

// str scans a string whose opening quote is before i.
func (d *pyDecoder) str(i int) (string, int, *DecodeError) {
	begin := i - 1
	var b strings.Builder
	n := len(d.src)
	for {
		j := i
		for ; j < n; j++ {
			c := d.src[j]
			if c == '"' || c == '\\' {
				break
			}
			if c <= 0x1f {
				return "", 0, d.err("Invalid control character at", j)
			}
		}
		if j >= n {
			return "", 0, d.err("Unterminated string starting at", begin)
		}
		b.WriteString(string(d.src[i:j]))
		if d.src[j] == '"' {
			return b.String(), j + 1, nil
		}
		j++ // past the backslash
		if j >= n {
			return "", 0, d.err("Unterminated string starting at", begin)
		}
		if d.src[j] != 'u' {
			r, ok := map[rune]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[d.src[j]]
			if !ok {
				return "", 0, d.err("Invalid \\escape", j-1)
			}
			b.WriteRune(r)
			i = j + 1
			continue
		}
		r, end, err := d.unicodeEscape(j)
		if err != nil {
			return "", 0, err
		}
		b.WriteRune(r)
		i = end
	}
}

// unicodeEscape reads \uXXXX (j at the u), joining a surrogate pair.
func (d *pyDecoder) unicodeEscape(j int) (rune, int, *DecodeError) {
	hex4 := func(at int) (rune, bool) {
		if at+4 > len(d.src) {
			return 0, false
		}
		var v rune
		for _, c := range d.src[at : at+4] {
			var x rune
			switch {
			case c >= '0' && c <= '9':
				x = c - '0'
			case c >= 'a' && c <= 'f':
				x = c - 'a' + 10
			case c >= 'A' && c <= 'F':
				x = c - 'A' + 10
			default:
				return 0, false
			}
			v = v<<4 | x
		}
		return v, true
	}
	end := j + 5
	if end >= len(d.src) {
		return 0, 0, d.err("Invalid \\uXXXX escape", j)
	}
	c, ok := hex4(j + 1)
	if !ok {
		return 0, 0, d.err("Invalid \\uXXXX escape", j)
	}
	if utf16.IsSurrogate(c) && c < 0xdc00 && end+6 < len(d.src) && d.src[end] == '\\' && d.src[end+1] == 'u' {
		if c2, ok := hex4(end + 2); !ok {
			return 0, 0, d.err("Invalid \\uXXXX escape", end+1)
		} else if c2 >= 0xdc00 && c2 <= 0xdfff {
			return utf16.DecodeRune(c, c2), end + 6, nil
		}
	}
	if utf16.IsSurrogate(c) {
		// A lone surrogate: Python keeps it; UTF-8 cannot.
		return utf8.RuneError, end, nil
	}
	return c, end, nil
}

// nest enters a container that opened at i, refusing one level too deep.
func (d *pyDecoder) nest(i int) *DecodeError {
	if d.depth++; d.depth > jsonv.MaxDepth {
		return d.err(fmt.Sprintf("Nesting deeper than %d (the limit on JSON nesting)", jsonv.MaxDepth), i)
	}
	return nil
}

func (d *pyDecoder) object(i int) (jsonv.Value, int, *DecodeError) {
	if err := d.nest(i - 1); err != nil {
		return jsonv.Value{}, 0, err
	}
	defer func() { d.depth-- }()
	v := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
	// Members are found by key through an index once there are many, so
	// that a document of many keys costs linear time, not quadratic.
	var index map[string]int
	i = d.ws(i)
	if i < len(d.src) && d.src[i] == '}' {
		return v, i + 1, nil
	}
	for {
		if i >= len(d.src) || d.src[i] != '"' {
			return jsonv.Value{}, 0, d.err("Expecting property name enclosed in double quotes", i)
		}
		key, end, err := d.str(i + 1)
		if err != nil {
			return jsonv.Value{}, 0, err
		}
		i = d.ws(end)
		if i >= len(d.src) || d.src[i] != ':' {
			return jsonv.Value{}, 0, d.err("Expecting ':' delimiter", i)
		}
		i = d.ws(i + 1)
		item, end, err := d.value(i)
		if err != nil {
			return jsonv.Value{}, 0, err
		}
		if index == nil && len(v.Members) >= 16 {
			index = make(map[string]int, 32)
			for k, m := range v.Members {
				index[m.Key] = k
			}
		}
		// A repeated key keeps its first place and takes the last value.
		if at, dup := lookupMember(v.Members, index, key); dup {
			v.Members[at].Value = item
		} else {
			if index != nil {
				index[key] = len(v.Members)
			}
			v.Members = append(v.Members, jsonv.Member{Key: key, Value: item})
		}
		i = d.ws(end)
		if i < len(d.src) && d.src[i] == '}' {
			return v, i + 1, nil
		}
		if i >= len(d.src) || d.src[i] != ',' {
			return jsonv.Value{}, 0, d.err("Expecting ',' delimiter", i)
		}
		i = d.ws(i + 1)
	}
}

func (d *pyDecoder) array(i int) (jsonv.Value, int, *DecodeError) {
	if err := d.nest(i - 1); err != nil {
		return jsonv.Value{}, 0, err
	}
	defer func() { d.depth-- }()
	v := jsonv.Value{Kind: jsonv.Array, Items: []jsonv.Value{}}
	i = d.ws(i)
	if i < len(d.src) && d.src[i] == ']' {
		return v, i + 1, nil
	}
	for {
		item, end, err := d.value(i)
		if err != nil {
			return jsonv.Value{}, 0, err
		}
		v.Items = append(v.Items, item)
		i = d.ws(end)
		if i < len(d.src) && d.src[i] == ']' {
			return v, i + 1, nil
		}
		if i >= len(d.src) || d.src[i] != ',' {
			return jsonv.Value{}, 0, d.err("Expecting ',' delimiter", i)
		}
		i = d.ws(i + 1)
	}
}

// lookupMember finds key among members, through index once there is one.
func lookupMember(members []jsonv.Member, index map[string]int, key string) (int, bool) {
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
