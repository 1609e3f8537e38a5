package jsonv

import (
	"strconv"
	"strings"
)

// Kind is the JSON type of a [Value].
type Kind uint8

// The JSON kinds. The zero Value is null.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String returns the JSON name of the kind.
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "bool"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is an ordered JSON value. Objects keep their members in the order they
// were first written (duplicate keys resolved as Python's json.loads does: the
// later value wins, at the position of the first), and numbers keep the exact
// text they were written with, so that int and float stay apart (780 is not
// 780.0) and integers of any size survive.
//
// The zero Value is JSON null. Values are plain data: copy them freely, but
// treat Items and Members as shared unless you made them (see [Value.Clone]).
type Value struct {
	Kind Kind
	// Bool is the value of a Bool.
	Bool bool
	// Ordered marks an Object whose members are already in the order an
	// encoder that sorts keys must write them: Python's json.dumps with
	// sort_keys sorts the keys of a dict before it writes them as text,
	// so keys that were numbers come in the numbers' order (2, 9, 10), not
	// their text's. Only a value made from the Python objects a suite
	// wrote carries it (see PyViews.Stored); a decoded value never does.
	// (It takes the padding after Bool.)
	Ordered bool
	// Text is the string of a String, or the number literal of a Number as
	// written ("780", "780.0", "1e-05", "NaN" when decoded leniently).
	Text string
	// Items are the elements of an Array.
	Items []Value
	// Members are the members of an Object, in order, keys unique.
	Members []Member
}

// Member is one key/value pair of an object.
type Member struct {
	Key   string
	Value Value
}

// NullValue returns JSON null.
func NullValue() Value { return Value{} }

// BoolValue returns a JSON boolean.
func BoolValue(b bool) Value { return Value{Kind: Bool, Bool: b} }

// StringValue returns a JSON string.
func StringValue(s string) Value { return Value{Kind: String, Text: s} }

// IntValue returns a JSON integer.
func IntValue(i int64) Value { return Value{Kind: Number, Text: strconv.FormatInt(i, 10)} }

// FloatValue returns a JSON float, spelled as Python's repr spells it, so it
// stays a float (0.0, not 0) through encoding. Non-finite values keep Python's
// lenient spelling (NaN, Infinity, -Infinity), which the canonical encoder
// refuses.
func FloatValue(f float64) Value { return Value{Kind: Number, Text: PyFloat(f)} }

// NumberValue returns a number with the given literal, which must be a valid
// JSON number (or NaN / Infinity / -Infinity).
func NumberValue(literal string) Value { return Value{Kind: Number, Text: literal} }

// ArrayValue returns a JSON array of the items.
func ArrayValue(items ...Value) Value {
	if items == nil {
		items = []Value{}
	}
	return Value{Kind: Array, Items: items}
}

// ObjectValue returns a JSON object of the members. Later duplicates replace
// earlier values, as with [Value.Set].
func ObjectValue(members ...Member) Value {
	v := Value{Kind: Object, Members: make([]Member, 0, len(members))}
	for _, m := range members {
		v.Set(m.Key, m.Value)
	}
	return v
}

// M is shorthand for a [Member].
func M(key string, v Value) Member { return Member{Key: key, Value: v} }

// IsNull reports whether v is JSON null.
func (v Value) IsNull() bool { return v.Kind == Null }

// IsInt reports whether v is a number written as an integer (no '.', 'e' or 'E').
func (v Value) IsInt() bool {
	return v.Kind == Number && !strings.ContainsAny(v.Text, ".eEIN")
}

// IsFloat reports whether v is a number written as a float.
func (v Value) IsFloat() bool { return v.Kind == Number && !v.IsInt() }

// IsNonFinite reports whether v is a number spelled NaN, Infinity or
// -Infinity (only the lenient decoder produces those), or a float literal
// whose magnitude overflows float64, which Python reads as infinity.
func (v Value) IsNonFinite() bool {
	if v.Kind != Number || v.IsInt() {
		return false
	}
	switch v.Text {
	case "NaN", "Infinity", "-Infinity":
		return true
	}
	_, err := strconv.ParseFloat(v.Text, 64)
	return err != nil
}

// Float returns the number as a float64 (ok false for non-numbers and
// literals that do not parse).
func (v Value) Float() (float64, bool) {
	if v.Kind != Number {
		return 0, false
	}
	switch v.Text {
	case "NaN", "Infinity", "-Infinity":
		f, _ := strconv.ParseFloat(v.Text, 64)
		return f, true
	}
	f, err := strconv.ParseFloat(v.Text, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// Int returns the number as an int64 when it is an integer that fits.
func (v Value) Int() (int64, bool) {
	if !v.IsInt() {
		return 0, false
	}
	i, err := strconv.ParseInt(v.Text, 10, 64)
	return i, err == nil
}

// Str returns the string of a String and "" for anything else.
func (v Value) Str() string {
	if v.Kind != String {
		return ""
	}
	return v.Text
}

// Len returns the number of items or members.
func (v Value) Len() int {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case Array:
		return len(v.Items)
	case Object:
		return len(v.Members)
	}
	return 0
}

// Get returns the value under key of an object.
func (v Value) Get(key string) (Value, bool) {
	if v.Kind != Object {
		return Value{}, false
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return v.Members[i].Value, true
		}
	}
	return Value{}, false
}

// Field returns the value under key, or null when v is not an object or the
// key is absent.
func (v Value) Field(key string) Value {
	f, _ := v.Get(key)
	return f
}

// Has reports whether an object has key.
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// Set sets key of an object to x, replacing an existing value in place or
// appending a new member. A null Value becomes an empty object first.
func (v *Value) Set(key string, x Value) {
	if v.Kind == Null {
		*v = Value{Kind: Object}
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			v.Members[i].Value = x
			return
		}
	}
	v.Members = append(v.Members, Member{Key: key, Value: x})
}

// Delete removes key from an object, keeping the order of the rest.
func (v *Value) Delete(key string) {
	for i := range v.Members {
		if v.Members[i].Key == key {
			v.Members = append(v.Members[:i:i], v.Members[i+1:]...)
			return
		}
	}
}

// Keys returns the keys of an object in order.
func (v Value) Keys() []string {
	keys := make([]string, len(v.Members))
	for i, m := range v.Members {
		keys[i] = m.Key
	}
	return keys
}

// Clone returns a deep copy of v.
func (v Value) Clone() Value {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case Array:
		items := make([]Value, len(v.Items))
		for i := range v.Items {
			items[i] = v.Items[i].Clone()
		}
		v.Items = items
	case Object:
		members := make([]Member, len(v.Members))
		for i := range v.Members {
			members[i] = Member{Key: v.Members[i].Key, Value: v.Members[i].Value.Clone()}
		}
		v.Members = members
	}
	return v
}

// Equal reports whether a and b are the same JSON value with the same key
// order and the same number spellings.
func Equal(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.Bool == b.Bool
	case Number, String:
		return a.Text == b.Text
	case Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			if a.Members[i].Key != b.Members[i].Key || !Equal(a.Members[i].Value, b.Members[i].Value) {
				return false
			}
		}
		return true
	}
	return false
}
