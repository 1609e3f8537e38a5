package pydantic

import (
	"math"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// stopReasons is dryfire's StopReason literal, in its order.
var stopReasons = []string{"end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "error"}

// ModelResponseError is str(ValidationError) of dryfire's ModelResponse
// validating a cassette's response object (lax mode): what dryfire's
// replay reports for a recording it cannot serve. It is "" when the
// response validates.
func ModelResponseError(v jsonv.Value) string {
	if v.Kind != jsonv.Object {
		return ValidationError("ModelResponse", []Error{modelType("", "ModelResponse", v)})
	}
	var errs []Error
	if x, ok := v.Get("text"); !ok {
		errs = append(errs, Missing("text", v))
	} else if x.Kind != jsonv.String && x.Kind != jsonv.Null {
		errs = append(errs, StringType("text", x))
	}
	if x, ok := v.Get("tool_calls"); !ok {
		errs = append(errs, Missing("tool_calls", v))
	} else {
		errs = append(errs, toolCallsErrors(x)...)
	}
	if x, ok := v.Get("stop_reason"); !ok {
		errs = append(errs, Missing("stop_reason", v))
	} else if x.Kind != jsonv.String || !contains(stopReasons, x.Text) {
		errs = append(errs, Error{"stop_reason", "Input should be " + literalList(stopReasons), "literal_error", x})
	}
	if x, ok := v.Get("usage"); !ok {
		errs = append(errs, Missing("usage", v))
	} else {
		errs = append(errs, usageErrors(x)...)
	}
	if x, ok := v.Get("latency_ms"); !ok {
		errs = append(errs, Missing("latency_ms", v))
	} else if e, bad := IntError("latency_ms", x); bad {
		errs = append(errs, e)
	}
	if x, ok := v.Get("raw"); !ok {
		errs = append(errs, Missing("raw", v))
	} else if x.Kind != jsonv.Object {
		errs = append(errs, DictType("raw", x))
	}
	if x, ok := v.Get("cache_hit"); ok {
		if e, bad := boolError("cache_hit", x); bad {
			errs = append(errs, e)
		}
	}
	if len(errs) == 0 {
		return ""
	}
	return ValidationError("ModelResponse", errs)
}

func toolCallsErrors(x jsonv.Value) []Error {
	if x.Kind != jsonv.Array {
		return []Error{ListType("tool_calls", x)}
	}
	var errs []Error
	for i, it := range x.Items {
		at := "tool_calls." + strconv.Itoa(i)
		if it.Kind != jsonv.Object {
			errs = append(errs, modelType(at, "ToolCall", it))
			continue
		}
		for _, name := range []string{"id", "name"} {
			if f, ok := it.Get(name); !ok {
				errs = append(errs, Missing(at+"."+name, it))
			} else if f.Kind != jsonv.String {
				errs = append(errs, StringType(at+"."+name, f))
			}
		}
		if f, ok := it.Get("arguments"); !ok {
			errs = append(errs, Missing(at+".arguments", it))
		} else if f.Kind != jsonv.Object {
			errs = append(errs, DictType(at+".arguments", f))
		}
		if f, ok := it.Get("malformed_arguments"); ok && f.Kind != jsonv.String && f.Kind != jsonv.Null {
			errs = append(errs, StringType(at+".malformed_arguments", f))
		}
	}
	return errs
}

func usageErrors(x jsonv.Value) []Error {
	if x.Kind != jsonv.Object {
		return []Error{modelType("usage", "Usage", x)}
	}
	var errs []Error
	for _, name := range []string{"input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens"} {
		f, ok := x.Get(name)
		if !ok {
			if name == "input_tokens" || name == "output_tokens" {
				errs = append(errs, Missing("usage."+name, x))
			}
			continue
		}
		if e, bad := IntError("usage."+name, f); bad {
			errs = append(errs, e)
		}
	}
	return errs
}

// modelType is a value that should be a dict or an instance of a model.
func modelType(loc, model string, input jsonv.Value) Error {
	return Error{loc, "Input should be a valid dictionary or instance of " + model, "model_type", input}
}

// IntError is the error of a lax int field on x, if it has one.
func IntError(loc string, x jsonv.Value) (Error, bool) {
	if _, err := jsonv.LaxInt(x); err == nil {
		return Error{}, false
	}
	switch x.Kind { //nolint:exhaustive // the other kinds are not ints at all
	case jsonv.String:
		return Error{loc, "Input should be a valid integer, unable to parse string as an integer", "int_parsing", x}, true
	case jsonv.Number:
		f, _ := x.Float()
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return Error{loc, "Input should be a finite number", "finite_number", x}, true
		case f != math.Trunc(f):
			return Error{loc, "Input should be a valid integer, got a number with a fractional part", "int_from_float", x}, true
		}
		return Error{loc, "Input should be a valid integer", "int_type", x}, true
	}
	return Error{loc, "Input should be a valid integer", "int_type", x}, true
}

// boolError is the error of a lax bool field on x, if it has one.
func boolError(loc string, x jsonv.Value) (Error, bool) {
	if _, err := jsonv.LaxBool(x); err == nil {
		return Error{}, false
	}
	if x.Kind == jsonv.String || x.Kind == jsonv.Number {
		return Error{loc, "Input should be a valid boolean, unable to interpret input", "bool_parsing", x}, true
	}
	return Error{loc, "Input should be a valid boolean", "bool_type", x}, true
}

// literalList spells a Literal's values as pydantic's literal_error does:
// 'a', 'b' or 'c'.
func literalList(vals []string) string {
	quoted := make([]string, len(vals))
	for i, v := range vals {
		quoted[i] = jsonv.PyRepr(v)
	}
	if len(quoted) == 1 {
		return quoted[0]
	}
	return strings.Join(quoted[:len(quoted)-1], ", ") + " or " + quoted[len(quoted)-1]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
