package htmlreport

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// shape reads the fields of a decoded document, keeping the first field
// that is missing or of the wrong type, named by its path
// (suites[0].cases[2].passed), so that a document that is not a run
// document is refused with where and why.
type shape struct {
	err error
}

// fail keeps the first failure.
func (s *shape) fail(path, format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
}

// obj is an object of the document at a path.
type obj struct {
	v    jsonv.Value
	path string
	s    *shape
}

// object reads v as an object; anything else fails (and reads as empty).
func (s *shape) object(v jsonv.Value, path string) obj {
	if v.Kind != jsonv.Object {
		s.fail(path, "want an object, got %s", describe(v))
		v = jsonv.ObjectValue()
	}
	return obj{v: v, path: path, s: s}
}

func (o obj) at(key string) string { return o.path + "." + key }

// field returns the member under key; a missing one fails when required.
func (o obj) field(key string, required bool) (jsonv.Value, bool) {
	v, ok := o.v.Get(key)
	if !ok && required {
		o.s.fail(o.at(key), "missing")
	}
	return v, ok
}

// str is a required string.
func (o obj) str(key string) string {
	v, ok := o.field(key, true)
	if ok && v.Kind != jsonv.String {
		o.s.fail(o.at(key), "want a string, got %s", describe(v))
	}
	return v.Str()
}

// optStr is a string or null, required or not; nil for null or absent.
func (o obj) optStr(key string, required bool) *string {
	v, ok := o.field(key, required)
	switch {
	case !ok || v.Kind == jsonv.Null:
		return nil
	case v.Kind != jsonv.String:
		o.s.fail(o.at(key), "want a string or null, got %s", describe(v))
		return nil
	}
	s := v.Text
	return &s
}

// boolean is a required true or false.
func (o obj) boolean(key string) bool {
	v, ok := o.field(key, true)
	if ok && v.Kind != jsonv.Bool {
		o.s.fail(o.at(key), "want true or false, got %s", describe(v))
	}
	return v.Bool
}

// optBool is true or false, false when absent.
func (o obj) optBool(key string) bool {
	v, ok := o.field(key, false)
	if ok && v.Kind != jsonv.Bool {
		o.s.fail(o.at(key), "want true or false, got %s", describe(v))
	}
	return v.Bool
}

// integer is an integer that fits 64 bits; 0 when absent and not
// required.
func (o obj) integer(key string, required bool) int64 {
	v, ok := o.field(key, required)
	if !ok {
		return 0
	}
	i, isInt := v.Int()
	if !isInt {
		o.s.fail(o.at(key), "want an integer, got %s", describe(v))
	}
	return i
}

// number is a number (NaN and the infinities as Python's json reads
// them, unless finite is set).
func (o obj) number(key string, finite bool) float64 {
	v, ok := o.field(key, true)
	if !ok {
		return 0
	}
	f, isNum := v.Float()
	switch {
	case !isNum:
		o.s.fail(o.at(key), "want a number, got %s", describe(v))
	case finite && (math.IsNaN(f) || math.IsInf(f, 0)):
		o.s.fail(o.at(key), "want a finite number, got %s", v.Text)
	}
	return f
}

// optNumber is a number or null; nil for null or absent.
func (o obj) optNumber(key string, required, finite bool) *float64 {
	v, ok := o.field(key, required)
	if !ok || v.Kind == jsonv.Null {
		return nil
	}
	f := o.number(key, finite)
	return &f
}

// array is an array, required or not (nil when absent).
func (o obj) array(key string, required bool) []jsonv.Value {
	v, ok := o.field(key, required)
	if ok && v.Kind != jsonv.Array {
		o.s.fail(o.at(key), "want an array, got %s", describe(v))
	}
	return v.Items
}

// index is the path of an array's item.
func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// describe names what a value is, with a short literal for a scalar.
func describe(v jsonv.Value) string {
	switch v.Kind {
	case jsonv.Null:
		return "null"
	case jsonv.Bool:
		return strconv.FormatBool(v.Bool)
	case jsonv.Number:
		return "the number " + clip(v.Text)
	case jsonv.String:
		return "the string " + strconv.Quote(clip(v.Text))
	case jsonv.Array:
		return "an array"
	default:
		return "an object"
	}
}

// clip cuts a literal quoted in an error to 40 characters.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
