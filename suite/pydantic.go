package suite

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// The coercions of pydantic's lax mode for the field types of dryfire's
// models, over the values ruamel builds, with dryfire's messages (its own
// wording for the common pydantic errors, pydantic's for the others).

// Limits dryfire-tui puts on settings dryfire would accept and then spend
// hours or all memory on.
const (
	// MaxRepeat is the largest repeat a suite may ask for.
	MaxRepeat = 1000
	// MaxTurnsLimit is the largest max_turns a suite may ask for.
	MaxTurnsLimit = 1000
)

// str checks a str field (str | None when nullable): a Python str, or
// bytes that are UTF-8.
func (v *validator) str(n *YAMLNode, p pos, nullable bool) (string, bool) {
	switch {
	case strLike(n):
		return n.Scalar.Text, true
	case n.Kind == jsonv.Null && nullable:
		return "", false
	}
	v.add(n, p, "expected a string")
	return "", false
}

// laxIntField checks an int field. The value is clamped to the int range.
func (v *validator) laxIntField(n *YAMLNode, p pos) (int, bool) {
	msg := ""
	var val *big.Int
	switch {
	case n.PyType == "bytes":
		val, msg = casemodel.ParseIntString(n.Scalar.Text)
	case n.PyType != "" || n.Kind == jsonv.Null || n.Kind == jsonv.Array || n.Kind == jsonv.Object:
		msg = "expected an integer"
	case n.Kind == jsonv.Bool:
		val = big.NewInt(map[bool]int64{false: 0, true: 1}[n.Scalar.Bool])
	case n.Kind == jsonv.String:
		val, msg = casemodel.ParseIntString(n.Scalar.Text)
	case n.Scalar.IsInt():
		val, _ = new(big.Int).SetString(n.Scalar.Text, 10)
	default:
		f, _ := n.Scalar.Float()
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			msg = "Input should be a finite number"
		case f != math.Trunc(f):
			msg = "Input should be a valid integer, got a number with a fractional part"
		case math.Abs(f) >= 1<<63:
			msg = "Unable to parse input string as an integer, exceeded maximum size"
		default:
			val = big.NewInt(int64(f))
		}
	}
	if msg != "" {
		v.add(n, p, msg)
		return 0, false
	}
	switch {
	case val.IsInt64() && val.Int64() <= math.MaxInt32 && val.Int64() >= math.MinInt32:
		return int(val.Int64()), true
	case val.Sign() > 0:
		return math.MaxInt32, true
	}
	return math.MinInt32, true
}

// laxFloatField checks a float field.
func (v *validator) laxFloatField(n *YAMLNode, p pos) (float64, bool) {
	switch {
	case n.PyType == "bytes" || (n.Kind == jsonv.String && n.PyType == ""):
		if f, ok := parseFloatString(n.Scalar.Text); ok {
			return f, true
		}
		v.add(n, p, "expected a number")
	case n.PyType != "" || n.Kind == jsonv.Null || n.Kind == jsonv.Array || n.Kind == jsonv.Object:
		v.add(n, p, "Input should be a valid number")
	case n.Kind == jsonv.Bool:
		if n.Scalar.Bool {
			return 1, true
		}
		return 0, true
	default:
		f, _ := n.Scalar.Float()
		return f, true
	}
	return 0, false
}

// parseFloatString is pydantic's float from a string: Python's float()
// with underscores allowed between digits only.
func parseFloatString(s string) (float64, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	for i := 0; i < len(s); i++ {
		if s[i] != '_' {
			continue
		}
		if i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1]) {
			return 0, false
		}
	}
	return yamlnode.ParseFloat(strings.ReplaceAll(s, "_", ""))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// list is a list field's items (see [casemodel.ListItems]); anything else
// is an error at p.
func (v *validator) list(n *YAMLNode, p pos) ([]*YAMLNode, bool) {
	if items, ok := casemodel.ListItems(n); ok {
		return items, true
	}
	v.add(n, p, "expected a list")
	return nil, false
}

// strKeys checks the keys of a dict[str, Any] field whose own position
// is at: each key that is not a string is an error, placed by badKeyPos.
func (v *validator) strKeys(n *YAMLNode, at pos) {
	for _, m := range n.Members {
		if strLike(m.KeyNode) {
			continue
		}
		v.push(pydanticKeySeg(m))
		v.addIn(m.KeyNode, keyStep, v.badKeyPos(n, m, at), "expected a string")
		v.pop()
	}
}

// badKeyPos is where dryfire places pydantic's error about the key of m, a
// key that is not a string, in the mapping n reached at at. pydantic names
// the key in the error's location as an int when it is one that fits 64
// bits (a bool as 0 or 1), and else as its repr(); dryfire then looks that
// location up in the mapping ("loc in mapping"): an int finds the key
// itself, a repr only a string key that happens to spell it, and when
// nothing is found the error goes to the mapping's own position.
func (v *validator) badKeyPos(n *YAMLNode, m YAMLMember, at pos) pos {
	loc, ok := casemodel.PydanticKeyLoc(m.KeyNode)
	if !ok {
		return at
	}
	for _, k := range n.Members {
		if loc.Matches(k.KeyNode) {
			p := v.keyPos(n, k)
			if k.Merged && !p.broken {
				p = at
			}
			return p
		}
	}
	return at
}

// limitInt refuses a value beyond one of dryfire-tui's limits.
func (v *validator) limitInt(p pos, field string, i, limit int) bool {
	if i > limit {
		v.add(nil, p, fmt.Sprintf("%s exceeds dryfire-tui's limit on %s (%s)", field, field, groupThousands(limit)))
		return false
	}
	return true
}

func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// strLike reports whether pydantic takes the value as a str
// ([casemodel.StrLike], the rule the case's models share).
func strLike(n *YAMLNode) bool { return casemodel.StrLike(n) }
