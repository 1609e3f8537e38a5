package suite

import (
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TestSuitesShareIdenticalToolSchemas: the suites of a project that declare
// the same tool schema (written alike, or brought in by $ref) hold one
// copy of it, and a schema that differs in anything a request could show
// (key order, a number's spelling, a type) keeps its own.
func TestSuitesShareIdenticalToolSchemas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tool := func(schema string) string {
		return "tools:\n  - name: lookup\n    input_schema: " + schema + "\ncases: []\n"
	}
	same := `{type: object, properties: {q: {type: string}, n: {type: integer, minimum: 1}}}`
	writeFiles(t, dir, map[string]string{
		"dryfire.yaml":             "version: 1\nsuites: [\"evals/*.eval.yaml\"]\n",
		"evals/a.eval.yaml":        "name: a\n" + tool(same),
		"evals/b.eval.yaml":        "name: b\n" + tool(same),
		"evals/c.eval.yaml":        "name: c\ntools: [{$ref: ../tool.json}]\ncases: []\n",
		"tool.json":                `{"name": "lookup", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer", "minimum": 1}}}}`,
		"evals/order.eval.yaml":    "name: order\n" + tool(`{properties: {q: {type: string}, n: {type: integer, minimum: 1}}, type: object}`),
		"evals/spelling.eval.yaml": "name: spelling\n" + tool(`{type: object, properties: {q: {type: string}, n: {type: integer, minimum: 1.0}}}`),
		"evals/kind.eval.yaml":     "name: kind\n" + tool(`{type: object, properties: {q: {type: string}, n: {type: integer, minimum: "1"}}}`),
	})
	pr, err := LoadProject(filepath.Join(dir, "evals"), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]jsonv.Value{}
	for _, s := range pr.Suites {
		if s.Failed || len(s.Tools) != 1 {
			t.Fatalf("%s: %v, %d tools", s.Name, s.Errors, len(s.Tools))
		}
		schemas[s.Name] = s.Tools[0].InputSchema
	}
	first := func(v jsonv.Value) *jsonv.Member { return &v.Members[0] }
	for _, name := range []string{"b", "c"} {
		if first(schemas[name]) != first(schemas["a"]) {
			t.Errorf("suite %s holds a copy of a's schema", name)
		}
	}
	for _, name := range []string{"order", "spelling", "kind"} {
		if first(schemas[name]) == first(schemas["a"]) {
			t.Errorf("suite %s holds a's schema, which differs from its own", name)
		}
		if jsonv.Equal(schemas[name], schemas["a"]) {
			t.Errorf("suite %s: the test's schemas are the same", name)
		}
	}
	if got := schemas["spelling"].Field("properties").Field("n").Field("minimum").Text; got != "1.0" {
		t.Errorf("the schema written 1.0 holds %q", got)
	}
}
