package jsonv

// PyViews is a value loaded from YAML as each of dryfire's surfaces shows
// the Python object ruamel built for it, where that object differs from
// its JSON form: a key that is not a string (True, None, 1.5, a date, a
// tuple), a date, bytes, a set, a TaggedScalar. The loader computes it
// once, while the document's nodes exist; a value that came from JSON (a
// cassette's, a provider's) has none.
type PyViews struct {
	// Repr is repr() of the value, as ruamel 0.18 and later spell their
	// types (a mapping as {'k': v}, TaggedScalar(value=..., style=...,
	// tag=Tag(...)), set(odict_keys([...]))): what dryfire's -v prints.
	Repr string
	// ReprErr is the repr() of the exception repr() raises on the value
	// instead ("" when it writes it): an integer of more than 4,300
	// digits, which Python will not write in decimal.
	ReprErr string
	// Dumps is the value as json.dumps writes it (keys True, None and
	// 1.5 as "true", "null" and "1.5"; NaN kept), which is what dryfire
	// sends a provider and prints of a tool call's arguments. DumpsErr is
	// the repr() of the exception json.dumps raises on it instead (""
	// when it writes it).
	Dumps    Value
	DumpsErr string
	// StoreErr is the repr() of the exception json.dumps raises when
	// dryfire's cassette store writes the value in a request digest
	// (keys sorted, no NaN): keys Python cannot order, keys of a type it
	// cannot write, a float that is not finite.
	StoreErr string
	// Stored is the value as that store writes it, where that differs
	// from Dumps sorted by the keys' text: a mapping whose keys are
	// numbers, which json.dumps(sort_keys=True) orders as the numbers
	// (2, 9, 10), is an Object marked [Value.Ordered]. It is nil when
	// Dumps sorted by text is what the store writes.
	Stored *Value
	// Doc is the value as pydantic's JSON mode writes it in dryfire's run
	// document (dates in ISO form, bytes as text, NaN as null, keys True
	// and None as "true" and "None"). DocErr is the text of the exception
	// it raises instead, which makes dryfire's run document fail whole.
	Doc    Value
	DocErr string
}
