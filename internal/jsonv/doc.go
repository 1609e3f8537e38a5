// Package jsonv holds ordered JSON values and the encoders that write them
// exactly as Python's json module and JavaScript's JSON.stringify do.
//
// Both tools this project serves hash JSON text, so a value must survive a
// round trip with its object key order and its number spellings intact:
// 780 and 780.0 hash differently, and dryfire numbers call ids in the order
// a request was written.
//
// # Values
//
// [Value] is a tagged union ([Kind]: Null, Bool, Number, String, Array,
// Object). Numbers keep their literal text; objects are ordered [Member]
// lists. Build values with [StringValue], [IntValue], [FloatValue],
// [ObjectValue] and [M]; read them with [Value.Get], [Value.Field],
// [Value.Str], [Value.Int] and [Value.Float]; compare them with [Equal]
// (exact; internal/pyvalue has Python's ==, where 1 == 1.0 == True).
//
// # Decoding
//
// [Decode] parses one document as strictly as Python's json.loads; every
// syntax error is a [*ParseError] with line and column ([WithPath] adds the
// file). [DecodeWith] accepts the NaN and Infinity tokens Python writes.
// [DecodeSummary] leaves out the two members of a dryfire cassette that
// replay never reads (request_digest and response.raw), which is most of
// the bytes of a large store: they are checked, as strictly and with the
// same errors, but not built. [DecodeSummaryFunc] also builds the arrays and
// objects of the rest in scratch space reused from document to document,
// for a caller that clones the little it keeps.
//
// Every decoder bounds what one document may cost: at most [ValueBudget]
// values (100,000 plus one per 16 bytes of the document), counted before
// anything is built when a document could hold more, so that a file of
// tiny values ([0,0,…]) is refused with a [*TooManyValuesError] at the
// value past the budget instead of taking gigabytes.
//
// [CheckBudget] and [MaxDepth] are those bounds for a decoder of its own
// (Python's json.loads, which the engine runs on a judge's answer and a
// final text that final_json checks).
//
// # Encoding
//
//   - [Canonical]: the text dryfire hashes (sorted keys, NFC, compact,
//     ensure_ascii=False).
//   - [EncodeDryfire]: the bytes dryfire writes to a cassette file.
//   - [Encode] with [EncodeOptions]: either [Dialect] (Python's json.dumps
//     or JavaScript's JSON.stringify), indented or compact.
//   - [Encoder]: the same with scratch space kept between values, for hot
//     paths that hash thousands of small values.
//   - [PyJSONDumps] and [PyRepr]: Python's json.dumps defaults and repr of
//     a string, for texts dryfire builds from values (tool results, error
//     messages); [PyTypeName] is type(x).__name__ of a decoded value.
//   - [PyFloat], [PyInt] and [JSNumber]: how each language spells a number.
//
// # Python conversions
//
// [LaxInt], [LaxBool] and [PyIntDigits] convert values as pydantic's lax
// mode and Python's int() do, for the fields dryfire validates that way.
package jsonv
