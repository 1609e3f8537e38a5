package suite

import "github.com/dryfire-tui/dryfire-tui/suite/casemodel"

// assertion parses an expect entry once per load.
func (v *validator) assertion(entry *YAMLNode) casemodel.Assertion {
	if a, ok := v.assertions[entry]; ok {
		return a
	}
	if v.assertions == nil {
		v.assertions = map[*YAMLNode]casemodel.Assertion{}
	}
	a := casemodel.ParseAssertion(entry)
	v.assertions[entry] = a
	return a
}
