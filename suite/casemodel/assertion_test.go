package casemodel

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

func TestAssertionArgumentsParsed(t *testing.T) {
	t.Parallel()
	root, err := yamlnode.Parse([]byte(`- llm_judge: {rubric: "Be kind.", model: m, threshold: 1}
- calls_tool: {tool: t, count: "2"}
- final_contains: abc
- final_json: {required: [a], fields: {b: int, a: str}}
- final_matches: "\\d+$"
- cost_under: "0.5"
- tool_args: {tool: t, match: {x: 1}}
- {}
`))
	if err != nil {
		t.Fatal(err)
	}
	var as []Assertion
	for _, n := range root.Items {
		as = append(as, ParseAssertion(n))
	}
	j := as[0]
	if j.Err != "" || j.Rubric != "Be kind." || j.JudgeModel == nil || *j.JudgeModel != "m" || j.Threshold != 1 {
		t.Errorf("llm_judge: %+v", j)
	}
	if c := as[1]; c.Err != "" || !c.HasCount || c.Count != 2 || c.Tool != "t" {
		t.Errorf("calls_tool: %+v", c)
	}
	if c := as[2]; c.Err != "" || len(c.Names) != 1 || c.Names[0] != "abc" {
		t.Errorf("final_contains: %+v", c)
	}
	if c := as[3]; c.Err != "" || len(c.Fields) != 2 || c.Fields[0] != (JSONField{"b", "int"}) || c.Required[0] != "a" {
		t.Errorf("final_json: %+v", c)
	}
	if c := as[4]; c.Err != "" || !mustMatch(t, c, "a ٣٤\n") {
		t.Errorf("final_matches: %+v", c)
	}
	if c := as[5]; c.Err != "" || c.Limit != 0.5 {
		t.Errorf("cost_under: %+v", c)
	}
	if c := as[6]; c.Err != "" || c.Match.Field("x").Text != "1" || c.Index != 0 {
		t.Errorf("tool_args: %+v", c)
	}
	if c := as[7]; c.Kind != "" || c.Keys != 0 {
		t.Errorf("empty entry: %+v", c)
	}
}

func mustMatch(t *testing.T, a Assertion, text string) bool {
	t.Helper()
	if a.Pattern == nil {
		return false
	}
	ok, err := a.Pattern.MatchString(text)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}
