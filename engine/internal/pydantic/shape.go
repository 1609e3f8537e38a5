package pydantic

import (
	"math"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// ShapeErrors validates a decoded final text against final_json's shape
// as the pydantic model dryfire builds from it does (lax mode): fields in
// the order written, then the required names that have no type. It
// returns str(ValidationError), "" when the value fits.
func ShapeErrors(a casemodel.Assertion, v jsonv.Value) string {
	if v.Kind != jsonv.Object {
		return ValidationError("FinalJsonShape", []Error{{"", "Input should be a valid dictionary or instance of FinalJsonShape", "model_type", v}})
	}
	var errs []Error
	check := func(name, typ string, required bool) {
		if strings.HasPrefix(name, "_") {
			return // pydantic makes it a private attribute: never validated
		}
		x, ok := v.Get(name)
		if !ok {
			if required {
				errs = append(errs, Missing(name, v))
			}
			return
		}
		if x.Kind == jsonv.Null && !required {
			return
		}
		if e, bad := typeError(name, typ, x); bad {
			errs = append(errs, e)
		}
	}
	for _, f := range a.Fields {
		check(f.Name, f.Type, slices.Contains(a.Required, f.Name))
	}
	for _, name := range a.Required {
		if !slices.ContainsFunc(a.Fields, func(f casemodel.JSONField) bool { return f.Name == name }) {
			check(name, "any", true)
		}
	}
	if len(errs) == 0 {
		return ""
	}
	return ValidationError("FinalJsonShape", errs)
}

// typeError checks one value against a final_json type.
func typeError(loc, typ string, x jsonv.Value) (Error, bool) {
	switch typ {
	case "str":
		if x.Kind != jsonv.String {
			return StringType(loc, x), true
		}
	case "int":
		return intError(loc, x)
	case "float", "number":
		return floatError(loc, x)
	case "bool":
		if _, err := jsonv.LaxBool(x); err != nil {
			if x.Kind == jsonv.String || x.Kind == jsonv.Number {
				return Error{loc, "Input should be a valid boolean, unable to interpret input", "bool_parsing", x}, true
			}
			return Error{loc, "Input should be a valid boolean", "bool_type", x}, true
		}
	case "object":
		if x.Kind != jsonv.Object {
			return DictType(loc, x), true
		}
	case "array":
		if x.Kind != jsonv.Array {
			return ListType(loc, x), true
		}
	}
	return Error{}, false
}

func intError(loc string, x jsonv.Value) (Error, bool) {
	switch x.Kind {
	case jsonv.Bool:
		return Error{}, false
	case jsonv.Number:
		if x.IsInt() {
			return Error{}, false
		}
		f, _ := x.Float()
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return Error{loc, "Input should be a finite number", "finite_number", x}, true
		case f != math.Trunc(f):
			return Error{loc, "Input should be a valid integer, got a number with a fractional part", "int_from_float", x}, true
		}
		return Error{}, false
	case jsonv.String:
		if _, err := jsonv.LaxInt(x); err != nil {
			return Error{loc, "Input should be a valid integer, unable to parse string as an integer", "int_parsing", x}, true
		}
		return Error{}, false
	default:
		return Error{loc, "Input should be a valid integer", "int_type", x}, true
	}
}

func floatError(loc string, x jsonv.Value) (Error, bool) {
	switch x.Kind {
	case jsonv.Bool, jsonv.Number:
		return Error{}, false
	case jsonv.String:
		if _, ok := casemodel.ParseFloatLax(x.Text); !ok {
			return Error{loc, "Input should be a valid number, unable to parse string as a number", "float_parsing", x}, true
		}
		return Error{}, false
	default:
		return Error{loc, "Input should be a valid number", "float_type", x}, true
	}
}
