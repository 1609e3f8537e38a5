package yamlnode

import "github.com/dryfire-tui/dryfire-tui/internal/jsonv"

// pyClass is a subclass of a Python scalar type that ruamel's round-trip
// constructor builds, to keep how the scalar was written.
type pyClass uint8

// The classes, 0 being the plain type (int, float, bool, str).
const (
	plainClass        pyClass = iota
	scalarInt                 // a leading zero, an underscore, an anchor
	hexInt                    // 0x1f
	hexCapsInt                // 0x1F
	octalInt                  // 0o17, and 017 in YAML 1.1
	binaryInt                 // 0b101
	scalarFloat               // every float but .inf, .nan and base 60
	scalarBoolean             // an anchored boolean (an int)
	plainScalarString         // an anchored plain string
	literalString             // a | block
	foldedString              // a > block
)

var classNames = [...]string{
	scalarInt: "ScalarInt", hexInt: "HexInt", hexCapsInt: "HexCapsInt", octalInt: "OctalInt",
	binaryInt: "BinaryInt", scalarFloat: "ScalarFloat", scalarBoolean: "ScalarBoolean",
	plainScalarString: "PlainScalarString", literalString: "LiteralScalarString", foldedString: "FoldedScalarString",
}

// TypeName is the name of the Python type of the value ruamel builds for
// n: what pydantic names as an error's input_type (CommentedMap, str,
// ScalarFloat, HexInt, NoneType, date, …).
func (n *Node) TypeName() string {
	switch {
	case n == nil:
		return "NoneType"
	case n.PyType != "":
		return n.PyType
	case n.class != plainClass:
		return classNames[n.class]
	}
	switch n.Kind { //nolint:exhaustive // a string is the default
	case jsonv.Object:
		return "CommentedMap"
	case jsonv.Array:
		if n.tuple {
			return "tuple"
		}
		return "CommentedSeq"
	case jsonv.Null:
		return "NoneType"
	case jsonv.Bool:
		return "bool"
	case jsonv.Number:
		if n.Scalar.IsInt() {
			return "int"
		}
		return "float"
	}
	return "str"
}
