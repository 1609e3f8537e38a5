package tape

import "github.com/dryfire-tui/dryfire-tui/internal/jsonv"

// Value is an ordered JSON value: object keys keep their order and numbers
// keep their spelling, so that 780 and 780.0 stay apart as they do in the
// tapes the JavaScript and Python implementations write. A [Options.Normalize]
// function receives and returns Values; [Marshal] and [Unmarshal] convert
// between Go values and Values, and [StringValue], [IntValue], [ArrayValue],
// [ObjectValue] and the other constructors build them.
//
// The zero Value is null. Its fields:
//
//   - Kind is [Null], [Bool], [Number], [String], [Array] or [Object];
//   - Bool is the value of a Bool;
//   - Ordered set on an Object has an encoder that sorts keys write its
//     members in their order instead (Python's order of number keys);
//     nothing decoded carries it;
//   - Text is the string of a String, or the literal of a Number as written
//     ("780", "780.0", "1e-05");
//   - Items are the elements of an Array;
//   - Members are the [Member]s of an Object, in order, keys unique.
//
// Its methods (Value is an alias, so they are listed here):
//
//   - v.Get(key) (Value, bool) returns the member under key of an object;
//     v.Field(key) Value returns it or null; v.Has(key) bool reports it;
//     v.Keys() []string returns an object's keys in order.
//   - v.Set(key, x) replaces the member under key in place or appends it (a
//     null v becomes an object first); v.Delete(key) removes it, keeping the
//     order of the rest. Both change v: call them on an addressable Value
//     (args.Items[0].Set("ts", tape.StringValue("<ts>"))).
//   - v.Len() int is the number of items or members.
//   - v.Str() string is the string of a String ("" otherwise);
//     v.Int() (int64, bool) an integer that fits; v.Float() (float64, bool)
//     any number; v.IsNull(), v.IsInt(), v.IsFloat() (written with ".", "e"
//     or "E") and v.IsNonFinite() (NaN or ±Infinity, which Python writes)
//     report what v holds.
//   - v.Clone() Value returns a deep copy: Items and Members are shared by
//     plain copies of a Value.
//
// [Equal] compares two Values, key order and number spelling included.
type Value = jsonv.Value

// Member is one key and value of an object [Value]: Key and Value.
type Member = jsonv.Member

// Kind is the JSON type of a [Value]; its String method returns "null",
// "bool", "number", "string", "array" or "object".
type Kind = jsonv.Kind

// The kinds of a [Value].
const (
	Null   = jsonv.Null
	Bool   = jsonv.Bool
	Number = jsonv.Number
	String = jsonv.String
	Array  = jsonv.Array
	Object = jsonv.Object
)

// NullValue returns JSON null, the zero [Value].
func NullValue() Value { return jsonv.NullValue() }

// BoolValue returns a JSON boolean.
func BoolValue(b bool) Value { return jsonv.BoolValue(b) }

// StringValue returns a JSON string.
func StringValue(s string) Value { return jsonv.StringValue(s) }

// IntValue returns a JSON integer.
func IntValue(i int64) Value { return jsonv.IntValue(i) }

// FloatValue returns a JSON number that stays a float: 1 is spelled 1.0,
// which a Python-dialect tape keeps apart from the integer 1 (JavaScript
// writes both as 1). NaN and ±Infinity are written as JavaScript writes
// them (null) in a JS-dialect tape and refused in a Python-dialect one.
func FloatValue(f float64) Value { return jsonv.FloatValue(f) }

// NumberValue returns a number with the given literal, which must be a
// valid JSON number ("780", "780.0", "1e-05"); it is hashed and written as
// the dialect spells that number.
func NumberValue(literal string) Value { return jsonv.NumberValue(literal) }

// ArrayValue returns a JSON array of the items (an empty array without any).
func ArrayValue(items ...Value) Value { return jsonv.ArrayValue(items...) }

// ObjectValue returns a JSON object of the members, in order; a later
// member with the key of an earlier one replaces its value.
func ObjectValue(members ...Member) Value { return jsonv.ObjectValue(members...) }

// Equal reports whether a and b are the same JSON value with the same key
// order and the same number spellings.
func Equal(a, b Value) bool { return jsonv.Equal(a, b) }

// Dialect selects whose key and file format a tape follows.
type Dialect = jsonv.Dialect

// The dialects: the JavaScript package (the default) and its Python port.
const (
	JS     = jsonv.JS
	Python = jsonv.Python
)
