package pyjson

import (
	"math"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// Float is float(x) of a decoded JSON value; the error is the repr of
// the TypeError or ValueError Python raises.
func Float(v jsonv.Value) (float64, string) {
	switch v.Kind {
	case jsonv.Bool:
		if v.Bool {
			return 1, ""
		}
		return 0, ""
	case jsonv.Number:
		f, _ := v.Float()
		if v.IsInt() && math.IsInf(f, 0) {
			return 0, "OverflowError('int too large to convert to float')"
		}
		return f, ""
	case jsonv.String:
		if f, ok := casemodel.ParseFloatLax(v.Text); ok && !strings.ContainsAny(v.Text, "_") {
			return f, ""
		}
		if f, ok := casemodel.ParseFloatLax(strings.ReplaceAll(v.Text, "_", "")); ok && validUnderscores(v.Text) {
			return f, ""
		}
		msg := "could not convert string to float: " + jsonv.PyRepr(v.Text)
		return 0, "ValueError(" + jsonv.PyRepr(msg) + ")"
	default:
		msg := "float() argument must be a string or a real number, not " + jsonv.PyRepr(jsonv.PyTypeName(v))
		return 0, "TypeError(" + jsonv.PyRepr(msg) + ")"
	}
}

// validUnderscores reports whether every underscore of s sits between two
// digits, as float() requires.
func validUnderscores(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && (i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Str is str(x) of a decoded JSON value.
func Str(v jsonv.Value) string {
	if v.Kind == jsonv.String {
		return v.Text
	}
	return jsonv.PyReprValue(v)
}

// Truthy is bool(x) of a decoded JSON value.
func Truthy(v jsonv.Value) bool {
	switch v.Kind {
	case jsonv.Null:
		return false
	case jsonv.Bool:
		return v.Bool
	case jsonv.Number:
		f, ok := v.Float()
		return !ok || f != 0
	case jsonv.String:
		return v.Text != ""
	default:
		return v.Len() > 0
	}
}
