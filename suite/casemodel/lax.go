package casemodel

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// What pydantic's lax mode takes from a YAML value: a str, a list, an int
// written as a string. Package suite's checks read values the same way.

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
