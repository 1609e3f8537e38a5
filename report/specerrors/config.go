package specerrors

import (
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// pydanticDocs is where pydantic's messages point, for the version of
// pydantic dryfire 0.4.0 runs with.
const pydanticDocs = "https://errors.pydantic.dev/2.13/v/"

// writeConfigErrors writes the errors of dryfire.yaml as dryfire does:
// "error: invalid dryfire.yaml: " and the exception its loader raised,
// ruamel's when the file is not YAML, pydantic's ValidationError when it
// breaks the schema. An error dryfire has no counterpart of (one of
// dryfire-tui's limits) is written as a suite's error is.
func writeConfigErrors(t *visible.Printer, name string, errs []suite.SpecError) {
	if errs[0].Raised != "" {
		t.Printf("error: invalid %s: %s\n", suite.ConfigFileName, visible.Block(errs[0].Raised))
		return
	}
	var py []*suite.PydanticError
	for _, se := range errs {
		if se.Pydantic == nil {
			for _, se := range errs {
				writeSpecError(t, name, se, nil)
			}
			return
		}
		py = append(py, se.Pydantic)
	}
	sort.SliceStable(py, func(i, j int) bool { return py[i].Order < py[j].Order })
	t.Printf("error: invalid %s: %s\n", suite.ConfigFileName, visible.Block(pydanticText(py, "ProjectConfig")))
}

// pydanticText is str() of pydantic's ValidationError for errs of the
// model title.
func pydanticText(errs []*suite.PydanticError, title string) string {
	s := "s"
	if len(errs) == 1 {
		s = ""
	}
	out := strconv.Itoa(len(errs)) + " validation error" + s + " for " + title
	for _, e := range errs {
		out += "\n"
		if e.Loc != "" {
			out += e.Loc + "\n"
		}
		out += "  " + e.Message + " [type=" + e.Type + ", input_value=" + truncatedInput(e.Input) +
			", input_type=" + e.InputType + "]\n    For further information visit " + pydanticDocs + e.Type
	}
	return out
}

// truncatedInput is the input's repr as pydantic shows it: one longer
// than 50 characters as its first 25, "..." and its last 24.
func truncatedInput(s string) string {
	if utf8.RuneCountInString(s) <= 50 {
		return s
	}
	r := []rune(s)
	return string(r[:25]) + "..." + string(r[len(r)-24:])
}
