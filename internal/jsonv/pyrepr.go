package jsonv

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
)

// PyRepr quotes s as Python's repr() does for plain strings.
func PyRepr(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
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
	for _, r := range s {
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
