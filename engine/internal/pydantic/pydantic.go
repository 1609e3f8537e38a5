package pydantic

import (
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// The texts of pydantic's ValidationError, which dryfire shows as they are
// when a case's input message, a mock's value or final_json's shape does
// not validate. pydanticVersion is the one of the URL pydantic prints
// (the reference dryfire ran with 2.13).
const pydanticVersion = "2.13"

// Error is one line of a ValidationError.
type Error struct {
	Loc   string      // where, dotted ("tool_calls.0.arguments"); "" at the root
	Msg   string      // what pydantic says ("Field required")
	Type  string      // the error's type ("missing"), also in its URL
	Input jsonv.Value // the value refused
}

// ValidationError is str(ValidationError) for a model title.
func ValidationError(title string, errs []Error) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(errs)))
	if len(errs) == 1 {
		b.WriteString(" validation error for ")
	} else {
		b.WriteString(" validation errors for ")
	}
	b.WriteString(title)
	for _, e := range errs {
		b.WriteByte('\n')
		if e.Loc != "" {
			b.WriteString(e.Loc)
			b.WriteByte('\n')
		}
		b.WriteString("  ")
		b.WriteString(e.Msg)
		b.WriteString(" [type=")
		b.WriteString(e.Type)
		b.WriteString(", input_value=")
		b.WriteString(inputRepr(e.Input))
		b.WriteString(", input_type=")
		b.WriteString(jsonv.PyTypeName(e.Input))
		b.WriteString("]\n    For further information visit https://errors.pydantic.dev/")
		b.WriteString(pydanticVersion)
		b.WriteString("/v/")
		b.WriteString(e.Type)
	}
	return b.String()
}

// inputRepr is the input_value of an error: repr(), cut in the middle
// when longer than 50 characters.
func inputRepr(v jsonv.Value) string {
	r := []rune(jsonv.PyReprValue(v))
	if len(r) > 50 {
		return string(r[:25]) + "..." + string(r[len(r)-24:])
	}
	return string(r)
}

// Missing is a required field that is not there.
func Missing(loc string, input jsonv.Value) Error {
	return Error{loc, "Field required", "missing", input}
}

// StringType is a value that should be a str.
func StringType(loc string, input jsonv.Value) Error {
	return Error{loc, "Input should be a valid string", "string_type", input}
}

// DictType is a value that should be a dict.
func DictType(loc string, input jsonv.Value) Error {
	return Error{loc, "Input should be a valid dictionary", "dict_type", input}
}

// ListType is a value that should be a list.
func ListType(loc string, input jsonv.Value) Error {
	return Error{loc, "Input should be a valid list", "list_type", input}
}

// JoinLoc joins the parts of a location with dots, leaving out empty
// ones.
func JoinLoc(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}

// ToolResultContentErrors checks ToolResult.content (str | dict | None).
func ToolResultContentErrors(loc string, v jsonv.Value) []Error {
	switch v.Kind {
	case jsonv.String, jsonv.Object, jsonv.Null:
		return nil
	default:
		return []Error{StringType(JoinLoc(loc, "content", "str"), v), DictType(JoinLoc(loc, "content", "dict[str,any]"), v)}
	}
}

// ToolResultError is what the mock resolver gives a case whose mock value
// ToolResult refuses: str(ValidationError).
func ToolResultError(content jsonv.Value) string {
	return ValidationError("ToolResult", ToolResultContentErrors("", content))
}
