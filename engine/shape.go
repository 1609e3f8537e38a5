package engine

import (
	"math"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// shapeErrors validates a decoded final text against final_json's shape
// as the pydantic model dryfire builds from it does (lax mode): fields in
// the order written, then the required names that have no type. It
// returns str(ValidationError), "" when the value fits.
func shapeErrors(a suite.Assertion, v jsonv.Value) string {
	if v.Kind != jsonv.Object {
		return validationError("FinalJsonShape", []pydErr{{"", "Input should be a valid dictionary or instance of FinalJsonShape", "model_type", v}})
	}
	var errs []pydErr
	check := func(name, typ string, required bool) {
		if strings.HasPrefix(name, "_") {
			return // pydantic makes it a private attribute: never validated
		}
		x, ok := v.Get(name)
		if !ok {
			if required {
				errs = append(errs, errMissing(name, v))
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
		if !slices.ContainsFunc(a.Fields, func(f suite.JSONField) bool { return f.Name == name }) {
			check(name, "any", true)
		}
	}
	if len(errs) == 0 {
		return ""
	}
	return validationError("FinalJsonShape", errs)
}

// typeError checks one value against a final_json type.
func typeError(loc, typ string, x jsonv.Value) (pydErr, bool) {
	switch typ {
	case "str":
		if x.Kind != jsonv.String {
			return errString(loc, x), true
		}
	case "int":
		return intError(loc, x)
	case "float", "number":
		return floatError(loc, x)
	case "bool":
		if _, err := jsonv.LaxBool(x); err != nil {
			if x.Kind == jsonv.String || x.Kind == jsonv.Number {
				return pydErr{loc, "Input should be a valid boolean, unable to interpret input", "bool_parsing", x}, true
			}
			return pydErr{loc, "Input should be a valid boolean", "bool_type", x}, true
		}
	case "object":
		if x.Kind != jsonv.Object {
			return errDict(loc, x), true
		}
	case "array":
		if x.Kind != jsonv.Array {
			return errList(loc, x), true
		}
	}
	return pydErr{}, false
}

func intError(loc string, x jsonv.Value) (pydErr, bool) {
	switch x.Kind {
	case jsonv.Bool:
		return pydErr{}, false
	case jsonv.Number:
		if x.IsInt() {
			return pydErr{}, false
		}
		f, _ := x.Float()
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return pydErr{loc, "Input should be a finite number", "finite_number", x}, true
		case f != math.Trunc(f):
			return pydErr{loc, "Input should be a valid integer, got a number with a fractional part", "int_from_float", x}, true
		}
		return pydErr{}, false
	case jsonv.String:
		if _, err := jsonv.LaxInt(x); err != nil {
			return pydErr{loc, "Input should be a valid integer, unable to parse string as an integer", "int_parsing", x}, true
		}
		return pydErr{}, false
	default:
		return pydErr{loc, "Input should be a valid integer", "int_type", x}, true
	}
}

func floatError(loc string, x jsonv.Value) (pydErr, bool) {
	switch x.Kind {
	case jsonv.Bool, jsonv.Number:
		return pydErr{}, false
	case jsonv.String:
		if _, ok := suite.ParseFloatLax(x.Text); !ok {
			return pydErr{loc, "Input should be a valid number, unable to parse string as a number", "float_parsing", x}, true
		}
		return pydErr{}, false
	default:
		return pydErr{loc, "Input should be a valid number", "float_type", x}, true
	}
}
