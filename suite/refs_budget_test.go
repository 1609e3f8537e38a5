package suite

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// TestRefBudgetHoldsForTheSuiteAndItsTargets: the YAML limits bound a
// suite and the files it $refs together, as they bound one document, so
// that many $refs of a file within the limits cannot add up to what one
// document may not hold: the $ref that crosses a limit is refused, at its
// key, naming the limit. One such $ref loads.
func TestRefBudgetHoldsForTheSuiteAndItsTargets(t *testing.T) {
	t.Parallel()
	// 150,000 scalars; and aliases repeating about 68,000 nodes.
	big := "type: object\nenum: [" + strings.TrimSuffix(strings.Repeat("a,", 150_000), ",") + "]\n"
	var laughs strings.Builder
	laughs.WriteString("type: object\nl0: &l0 [a, a, a, a, a, a, a, a, a, a]\n")
	for i, n := range []int{10, 10, 10, 5} {
		fmt.Fprintf(&laughs, "l%d: &l%d [%s]\n", i+1, i+1, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i), n), ", "))
	}
	tool := func(name, ref string) string {
		return "  - name: " + name + "\n    input_schema: {$ref: " + ref + "}\n"
	}
	for _, tc := range []struct {
		name, target string
		refs         int
		want         string
	}{
		{"nodes, once", big, 1, ""},
		{"nodes, twice", big, 2, "evals/s.eval.yaml:6:20: $ref target '../schemas/t.yaml' brings the suite and the files it $refs to more than 250,000 nodes (the limit on nodes per document holds for them together)"},
		{"aliases, once", laughs.String(), 1, ""},
		{"aliases, twice", laughs.String(), 2, "evals/s.eval.yaml:6:20: $ref target '../schemas/t.yaml' brings the aliases of the suite and the files it $refs to more than 100,000 nodes repeated (the limit on alias expansion holds for them together)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			project, _ := refProject(t)
			writeFile(t, filepath.Join(project, "schemas", "t.yaml"), tc.target)
			s := "name: s\ntools:\n"
			for i := range tc.refs {
				s += tool(fmt.Sprint("t", i), "../schemas/t.yaml")
			}
			s += "cases:\n  - name: c\n    input: hi\n    expect: [{final_contains: x}]\n"
			writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), s)
			pr, err := LoadProject(project, nil)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.want == "" && len(pr.Errors) > 0:
				t.Errorf("errors: %v", pr.Errors)
			case tc.want != "" && (len(pr.Errors) != 1 || pr.Errors[0].Error() != tc.want || pr.Errors[0].Fatal != FatalLimit):
				t.Errorf("errors %v\nwant %s", pr.Errors, tc.want)
			}
		})
	}
	if yamlrt.MaxAliasNodes != 100_000 || yamlrt.MaxNodes != 250_000 {
		t.Errorf("the messages above are for the documented limits")
	}
}
