package engine

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

// pydErr is one line of a ValidationError.
type pydErr struct {
	loc   string // "" at the root
	msg   string
	typ   string
	input jsonv.Value
}

// validationError is str(ValidationError) for a model title.
func validationError(title string, errs []pydErr) string {
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
		if e.loc != "" {
			b.WriteString(e.loc)
			b.WriteByte('\n')
		}
		b.WriteString("  ")
		b.WriteString(e.msg)
		b.WriteString(" [type=")
		b.WriteString(e.typ)
		b.WriteString(", input_value=")
		b.WriteString(inputRepr(e.input))
		b.WriteString(", input_type=")
		b.WriteString(pyTypeName(e.input))
		b.WriteString("]\n    For further information visit https://errors.pydantic.dev/")
		b.WriteString(pydanticVersion)
		b.WriteString("/v/")
		b.WriteString(e.typ)
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

// pyTypeName is type(x).__name__ of the Python value json.loads makes.
func pyTypeName(v jsonv.Value) string {
	switch v.Kind {
	case jsonv.Null:
		return "NoneType"
	case jsonv.Bool:
		return "bool"
	case jsonv.Number:
		if v.IsInt() {
			return "int"
		}
		return "float"
	case jsonv.String:
		return "str"
	case jsonv.Array:
		return "list"
	default:
		return "dict"
	}
}

// Common errors.
func errMissing(loc string, input jsonv.Value) pydErr {
	return pydErr{loc, "Field required", "missing", input}
}

func errString(loc string, input jsonv.Value) pydErr {
	return pydErr{loc, "Input should be a valid string", "string_type", input}
}

func errDict(loc string, input jsonv.Value) pydErr {
	return pydErr{loc, "Input should be a valid dictionary", "dict_type", input}
}

func errList(loc string, input jsonv.Value) pydErr {
	return pydErr{loc, "Input should be a valid list", "list_type", input}
}

func joinLoc(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}

// toolResultContentErrors checks ToolResult.content (str | dict | None).
func toolResultContentErrors(loc string, v jsonv.Value) []pydErr {
	switch v.Kind {
	case jsonv.String, jsonv.Object, jsonv.Null:
		return nil
	default:
		return []pydErr{errString(joinLoc(loc, "content", "str"), v), errDict(joinLoc(loc, "content", "dict[str,any]"), v)}
	}
}

// toolResultValue is what the mock resolver gives a case whose mock value
// ToolResult refuses: str(ValidationError).
func toolResultError(content jsonv.Value) string {
	return validationError("ToolResult", toolResultContentErrors("", content))
}
