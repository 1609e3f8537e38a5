package yamlnode

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// dryfireGolden is the dryfire golden data shared by the repository's tests.
var dryfireGolden = filepath.Join("..", "..", "testdata", "golden", "dryfire")

type probes struct {
	YAMLScalars struct {
		Rows []struct {
			YAML           string `json:"yaml"`
			PythonType     string `json:"python_type"`
			Canonical      string `json:"canonical"`
			CanonicalError string `json:"canonical_error"`
		} `json:"rows"`
	} `json:"yaml_scalars"`
}

func loadProbes(t testing.TB) *probes {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dryfireGolden, "semantics-probes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p probes
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	return &p
}

// since018 are the probe rows whose typing changed between the ruamel.yaml
// the shared golden data was made with (0.17.21) and the versions dryfire
// requires (0.18 and later): the value we must give instead, checked with
// the oracle running ruamel.yaml 0.19.1. ruamel 0.18 keeps an explicit
// !!str as a tagged scalar, which is not a Python str.
var since018 = map[string]string{
	"!!str 42": "TaggedScalar",
}

func TestYAMLScalarsAsDryfireTypesThem(t *testing.T) {
	t.Parallel()
	for _, row := range loadProbes(t).YAMLScalars.Rows {
		n, err := Parse([]byte("v: " + row.YAML + "\n"))
		if err != nil {
			t.Errorf("%s: %v", row.YAML, err)
			continue
		}
		node, _ := n.Get("v")
		v, bad := node.ToValue()
		if typ, ok := since018[row.YAML]; ok {
			if node.PyType != typ {
				t.Errorf("%s: type %q, dryfire (ruamel 0.18+) %s", row.YAML, node.PyType, typ)
			}
			continue
		}
		if row.CanonicalError != "" {
			// "TypeError: msg" as dryfire's probe wrote it, "TypeError('msg')"
			// as it reaches a provider error.
			want := strings.Replace(row.CanonicalError, ": ", "('", 1) + "')"
			if bad != want {
				t.Errorf("%s: hash failure %q, dryfire %s", row.YAML, bad, want)
			}
			continue
		}
		if bad != "" {
			t.Errorf("%s: unexpected %s", row.YAML, bad)
			continue
		}
		got, err := jsonv.Canonical(v)
		if err != nil {
			t.Errorf("%s: %v", row.YAML, err)
			continue
		}
		if string(got) != row.Canonical {
			t.Errorf("%s: canonical %s, dryfire %s", row.YAML, got, row.Canonical)
		}
	}
}

func TestYAMLDuplicateKeysArePythonEqual(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{"a: 1\na: 2\n", "{1: a, true: b}\n", "{1: a, 1.0: b}\n", "x:\n  k: 1\n  k: 2\n"} {
		_, err := Parse([]byte(doc))
		pe, ok := err.(*LoadError)
		if !ok || pe.Line == 0 || pe.Fatal != FatalYAML || !strings.Contains(pe.Error(), "duplicate key") {
			t.Errorf("%q: got %v, want a positioned duplicate key error", doc, err)
		}
	}
}

func TestYAMLKeepsOrderAndPositions(t *testing.T) {
	t.Parallel()
	doc := "name: x\ncases:\n  - name: a\n    input: 'hi'\n  - {name: b, input: [1, 2.50]}\nz: 1\n"
	n, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(valueKeys(n), ","); got != "name,cases,z" {
		t.Errorf("keys %s", got)
	}
	cases, _ := n.Get("cases")
	type pos struct{ l, c int }
	checks := map[string][2]pos{
		"item0":  {{cases.Items[0].Line, cases.Items[0].Column}, {3, 5}},
		"input0": {{cases.Items[0].Members[1].KeyNode.Line, cases.Items[0].Members[1].KeyNode.Column}, {4, 5}},
		"value0": {{cases.Items[0].Members[1].Value.Line, cases.Items[0].Members[1].Value.Column}, {4, 12}},
		"item1":  {{cases.Items[1].Line, cases.Items[1].Column}, {5, 5}},
		"z":      {{n.Members[2].KeyNode.Line, n.Members[2].KeyNode.Column}, {6, 1}},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s at %v, want %v", name, c[0], c[1])
		}
	}
	v, _ := cases.Items[1].ToValue()
	got, _ := jsonv.Canonical(v)
	if string(got) != `{"input":[1,2.5],"name":"b"}` {
		t.Errorf("canonical %s", got)
	}
}

func TestYAMLSyntaxErrorIsPositioned(t *testing.T) {
	t.Parallel()
	_, err := Parse([]byte("name: x\ncases: [a, b\n"))
	pe, ok := err.(*LoadError)
	if !ok || pe.Line != 3 || pe.Column != 1 || pe.Fatal != FatalYAML {
		t.Fatalf("got %v", err)
	}
}

func valueKeys(n *Node) []string {
	var out []string
	for _, m := range n.Members {
		out = append(out, m.Key)
	}
	return out
}

// TestParsedTreesOutliveLaterParses: the composer's nodes are reused from
// one document to the next and the reader's buffers too; a tree already
// parsed must not change when other documents are parsed after it, at
// the same time or later.
func TestParsedTreesOutliveLaterParses(t *testing.T) {
	t.Parallel()
	docs := []string{
		"name: a\ncases:\n  - {name: x, input: 'hi there', n: 12}\n  - name: y\n    input: \"é \\u00e9\"\n",
		"k: &a [1, 2.5, true, ~]\nm: *a\nt: |\n  line one\n  line two\n",
		"base: &b {x: 1, y: plain text}\nuse:\n  <<: [*b, {z: 3}]\n  w: folded\n    words\n",
	}
	canon := func(n *Node) string {
		v, _ := n.ToValue()
		out, err := jsonv.Canonical(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	var trees []*Node
	var want []string
	for _, d := range docs {
		n, err := Parse([]byte(d))
		if err != nil {
			t.Fatal(err)
		}
		trees, want = append(trees, n), append(want, canon(n))
	}
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				if _, err := Parse([]byte(docs[i%len(docs)] + "extra: [a, b, c]\n")); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	for i, n := range trees {
		if got := canon(n); got != want[i] {
			t.Errorf("document %d changed after later parses: %s, was %s", i, got, want[i])
		}
	}
}
