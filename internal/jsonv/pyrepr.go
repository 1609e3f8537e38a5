package jsonv

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// PyRepr quotes s as Python's repr() does for a str: single quotes unless
// the text holds a single quote and no double quote; backslashes, the
// quote, \t, \n and \r escaped; every character Python does not print
// (controls, format characters, separators other than the space,
// surrogates, private use, unassigned) as \xhh, \uhhhh or \Uhhhhhhhh.
func PyRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(quote)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			// A byte that is not UTF-8 (a lone surrogate kept as WTF-8):
			// Python shows a surrogate as \udxxx.
			if sur, ok := isWTF8Surrogate(s[i:]); ok {
				fmt.Fprintf(&b, `\u%04x`, sur)
				i += 3
				continue
			}
			fmt.Fprintf(&b, `\x%02x`, s[i])
			i++
			continue
		}
		i += size
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7f || unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// PyBytesRepr is repr() of a Python bytes object holding the bytes of s:
// b'...' (b"..." when they hold a single quote and no double quote), with
// \t, \n, \r, the backslash and the quote escaped and every byte outside
// printable ASCII as \xhh.
func PyBytesRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 3)
	b.WriteByte('b')
	b.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == quote || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// PyReprValue writes v as Python's repr() writes the object json.loads
// (or a YAML loader) makes of it: None, True, False, ints, floats in repr
// spelling (nan, inf), strings as [PyRepr] quotes them, lists as [a, b]
// and dicts as {'k': v} in their order.
func PyReprValue(v Value) string {
	var b strings.Builder
	pyReprValue(&b, v)
	return b.String()
}

func pyReprValue(b *strings.Builder, v Value) {
	switch v.Kind {
	case Null:
		b.WriteString("None")
	case Bool:
		if v.Bool {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case Number:
		b.WriteString(PyNumberRepr(v))
	case String:
		b.WriteString(PyRepr(v.Text))
	case Array:
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			pyReprValue(b, it)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(PyRepr(m.Key))
			b.WriteString(": ")
			pyReprValue(b, m.Value)
		}
		b.WriteByte('}')
	}
}

// PyNumberRepr spells a number as Python's repr() (and str()) does: an
// int in full, a float in repr spelling with nan, inf and -inf.
func PyNumberRepr(v Value) string {
	if v.IsInt() {
		return PyInt(v.Text)
	}
	f, ok := v.Float()
	if !ok {
		return v.Text
	}
	return PyFloatRepr(f)
}

// PyFloatRepr is repr(float): [PyFloat], with Python's nan, inf and -inf.
func PyFloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return PyFloat(f)
}

// PyJSONDumps writes v as Python's json.dumps(v) with its defaults: ", "
// and ": " separators, keys in order, non-ASCII escaped as \uXXXX.
func PyJSONDumps(v Value) string {
	var b strings.Builder
	pyDumps(&b, v)
	return b.String()
}

func pyDumps(b *strings.Builder, v Value) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Number:
		if v.IsInt() {
			b.WriteString(PyInt(v.Text))
		} else if f, ok := v.Float(); ok {
			b.WriteString(PyFloat(f))
		} else {
			b.WriteString(v.Text)
		}
	case String:
		pyDumpsString(b, v.Text)
	case Array:
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			pyDumps(b, it)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			pyDumpsString(b, m.Key)
			b.WriteString(": ")
			pyDumps(b, m.Value)
		}
		b.WriteByte('}')
	}
}

func pyDumpsString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			if sur, ok := isWTF8Surrogate(s[i:]); ok {
				fmt.Fprintf(b, `\u%04x`, sur)
				i += 3
				continue
			}
		}
		i += size
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (r >= 0x7f && r < 0x10000):
			fmt.Fprintf(b, `\u%04x`, r)
		case r >= 0x10000:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(b, `\u%04x\u%04x`, r1, r2)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// PyTypeName is type(x).__name__ of the Python value json.loads makes.
func PyTypeName(v Value) string {
	switch v.Kind {
	case Null:
		return "NoneType"
	case Bool:
		return "bool"
	case Number:
		if v.IsInt() {
			return "int"
		}
		return "float"
	case String:
		return "str"
	case Array:
		return "list"
	default:
		return "dict"
	}
}
