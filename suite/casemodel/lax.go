package casemodel

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// What pydantic's lax mode takes from a YAML value as a str, a list, an
// int or a float. Package suite's checks read values the same way.

// ParseIntString is pydantic's int from a string: white space around,
// a sign, digits with single underscores between them, and a fraction of
// zeros.
func ParseIntString(s string) (*big.Int, string) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	if whole, frac, ok := strings.Cut(s, "."); ok && frac != "" && strings.Trim(frac, "0") == "" {
		s = whole
	}
	digits, ok := jsonv.PyIntDigits(s, false)
	if !ok {
		return nil, "expected an integer"
	}
	if len(digits) > 4300 {
		return nil, "Unable to parse input string as an integer, exceeded maximum size"
	}
	v, _ := new(big.Int).SetString(digits, 10)
	return v, ""
}

// ListItems is what pydantic's lax list takes from a value: a sequence's
// items, a set's members, and (a quirk of ruamel's tagged scalars, which
// Python can index) the characters of a tagged scalar.
func ListItems(n *YAMLNode) ([]*YAMLNode, bool) {
	switch {
	case n.Kind == jsonv.Array:
		return n.Items, true
	case n.PyType == "CommentedSet":
		return n.Items, true
	case n.PyType == "TaggedScalar":
		var out []*YAMLNode
		for _, r := range n.Scalar.Text {
			out = append(out, &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(string(r)), Line: n.Line, Column: n.Column})
		}
		return out, true
	}
	return nil, false
}

// StrLike reports whether pydantic takes the value as a str: a Python str,
// or bytes that decode as UTF-8.
func StrLike(n *YAMLNode) bool {
	return n.IsStr() || (n.PyType == "bytes" && utf8.ValidString(n.Scalar.Text))
}

func str(n *YAMLNode) (string, bool) {
	if StrLike(n) {
		return n.Scalar.Text, true
	}
	return "", false
}

// laxInt is a pydantic int in lax mode.
func laxInt(n *YAMLNode, dst *int64) string {
	if n.Kind == jsonv.Array || n.Kind == jsonv.Object || n.Kind == jsonv.Null || (n.PyType != "" && n.PyType != "bytes") {
		return "Input should be a valid integer"
	}
	i, err := jsonv.LaxInt(n.Scalar)
	if err != nil {
		switch {
		case n.Kind == jsonv.String:
			return "Input should be a valid integer, unable to parse string as an integer"
		case strings.Contains(err.Error(), "fractional"):
			return "Input should be a valid integer, got a number with a fractional part"
		}
		return "Input should be a valid integer"
	}
	*dst = i
	return ""
}

// laxFloat is a pydantic float in lax mode.
func laxFloat(n *YAMLNode, dst *float64) string {
	switch {
	case n.PyType != "" && n.PyType != "bytes":
	case n.Kind == jsonv.Bool:
		*dst = 0
		if n.Scalar.Bool {
			*dst = 1
		}
		return ""
	case n.Kind == jsonv.Number:
		if f, ok := n.Scalar.Float(); ok {
			*dst = f
			return ""
		}
	case n.Kind == jsonv.String:
		if f, ok := ParseFloatLax(n.Scalar.Text); ok {
			*dst = f
			return ""
		}
		return "Input should be a valid number, unable to parse string as a number"
	}
	return "Input should be a valid number"
}

// ParseFloatLax reads a number from a string as pydantic's float does:
// surrounding whitespace ignored, inf and nan spelled any way.
func ParseFloatLax(s string) (float64, bool) {
	s = strings.TrimFunc(s, IsPySpace)
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "inf", "infinity", "nan":
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	if strings.ContainsAny(s, "xXpP_") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, !math.IsNaN(f)
		}
		return 0, false
	}
	return f, true
}

// IsPySpace reports whether Python's str.isspace() holds for r: what
// str.strip() removes.
func IsPySpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r >= 0x1c && r <= 0x20, r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
