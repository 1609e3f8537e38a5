package suite

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// PydanticError is an error of dryfire.yaml as pydantic's ValidationError
// words it: dryfire does not place these errors, it prints the exception
// ("error: invalid dryfire.yaml: 2 validation errors for ProjectConfig"
// and a paragraph per error).
type PydanticError struct {
	// Loc is the location, its parts joined by dots (defaults.max_turns,
	// suites.0); "" for the document itself.
	Loc string
	// Type is pydantic's error type (missing, int_parsing, extra_forbidden, …).
	Type string
	// Message is pydantic's message ("Field required").
	Message string
	// Input is repr() of the value the error is about; InputType the name
	// of its Python type (CommentedMap, str, ScalarInt, NoneType, …).
	Input, InputType string
	// Order is the error's place in pydantic's list: the fields in the
	// model's order, then the keys it does not know, in the file's.
	Order int
}

// pydanticOf is how pydantic words the error the check words msg, about
// the value input, at loc; nil for an error of dryfire-tui's own limits,
// which pydantic does not have.
func pydanticOf(msg string, input *YAMLNode, loc []locSeg, order int) *PydanticError {
	typ, text := pydanticType(msg, input)
	if typ == "" {
		return nil
	}
	parts := make([]string, len(loc))
	for i, s := range loc {
		parts[i] = s.key
	}
	e := &PydanticError{Loc: strings.Join(parts, "."), Type: typ, Message: text, Order: order,
		Input: "None", InputType: "NoneType"}
	if input != nil {
		e.Input, e.InputType = yamlnode.ValueRepr(input), input.TypeName()
	}
	return e
}

// pydanticMessages are pydantic's type and message for dryfire's own
// wording of the common errors.
var pydanticMessages = map[string][2]string{
	"expected a string":  {"string_type", "Input should be a valid string"},
	"expected a number":  {"float_parsing", "Input should be a valid number, unable to parse string as a number"},
	"expected a list":    {"list_type", "Input should be a valid list"},
	"expected a mapping": {"dict_type", "Input should be a valid dictionary"},
}

// pydanticTypes are the types of the errors worded as pydantic words
// them, by their message's start.
var pydanticTypes = [][2]string{
	{"Input should be a valid dictionary or instance of ", "model_type"},
	{"Input should be a valid number", "float_type"},
	{"Input should be a finite number", "finite_number"},
	{"Input should be a valid integer, got a number with a fractional part", "int_from_float"},
	{"Unable to parse input string as an integer, exceeded maximum size", "int_parsing_size"},
	{"Input should be greater than or equal to", "greater_than_equal"},
	{"Input should be less than or equal to", "less_than_equal"},
	{"Input should be '", "literal_error"},
	{"Keys should be strings", "invalid_key"},
}

func pydanticType(msg string, input *YAMLNode) (typ, text string) {
	if m, ok := pydanticMessages[msg]; ok {
		return m[0], m[1]
	}
	switch {
	case msg == "expected an integer" && input != nil && (input.IsStr() || input.PyType == "bytes"):
		return "int_parsing", "Input should be a valid integer, unable to parse string as an integer"
	case msg == "expected an integer":
		return "int_type", "Input should be a valid integer"
	case strings.HasPrefix(msg, "required field "):
		return "missing", "Field required"
	case strings.HasPrefix(msg, "unknown field "):
		return "extra_forbidden", "Extra inputs are not permitted"
	}
	for _, t := range pydanticTypes {
		if strings.HasPrefix(msg, t[0]) {
			return t[1], msg
		}
	}
	return "", ""
}

// ruamelText is str() of the exception ruamel raises for e, reading the
// file named name: the context and its mark, the problem and its mark,
// each mark as `  in "NAME", line L, column C` (a reader's error gives the
// character's position instead).
func ruamelText(e *yamlrt.Error, name string) string {
	mark := func(m yamlrt.Mark) string {
		return fmt.Sprintf("  in \"%s\", line %d, column %d", name, m.Line+1, m.Column+1)
	}
	if e.Kind == yamlrt.KindEncoding {
		if strings.HasPrefix(e.Problem, "unacceptable character") {
			return fmt.Sprintf("%s\n  in \"%s\", position %d", e.Problem, name, e.Mark.Index)
		}
		return e.Problem
	}
	var lines []string
	if e.Context != "" {
		lines = append(lines, e.Context)
	}
	if e.HasContext && (e.Problem == "" || e.ContextMark.Line != e.Mark.Line || e.ContextMark.Column != e.Mark.Column) {
		lines = append(lines, mark(e.ContextMark))
	}
	if e.Problem != "" {
		lines = append(lines, e.Problem, mark(e.Mark))
	}
	return strings.Join(lines, "\n")
}

// realPath is path with its symbolic links resolved, as Python's
// Path.resolve() gives it; path itself when they cannot be.
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}
