package casemodel

import (
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// KeyLoc is a key as a pydantic location names it: an int, or a string.
type KeyLoc struct {
	isInt bool
	num   *YAMLNode
	str   string
}

// PydanticKeyLoc is the location pydantic gives the key k; false when no
// key of a suite can match it (the repr of a datetime, a tagged scalar,
// bytes or a set names its type).
func PydanticKeyLoc(k *YAMLNode) (KeyLoc, bool) {
	switch {
	case k.Kind == jsonv.Bool:
		return KeyLoc{isInt: true, num: k}, true
	case k.Kind == jsonv.Number && k.Scalar.IsInt():
		if _, err := strconv.ParseInt(k.Scalar.Text, 10, 64); err == nil {
			return KeyLoc{isInt: true, num: k}, true
		}
	case k.Kind == jsonv.Object || (k.PyType != "" && k.PyType != "date"):
		return KeyLoc{}, false
	}
	return KeyLoc{str: yamlnode.PyRepr(k)}, true
}

// Matches is Python's "loc in mapping" for one key of the mapping.
func (l KeyLoc) Matches(k *YAMLNode) bool {
	if l.isInt {
		return yamlnode.KeyEqual(l.num, k)
	}
	return k.IsStr() && k.Scalar.Text == l.str
}
