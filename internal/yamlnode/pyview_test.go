package yamlnode

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// viewDocs are documents whose values take every path of the views:
// plain values, and each thing that makes one view differ from another.
var viewDocs = []string{
	`{a: 1, b: [x, 2.5, true, null], c: {d: "e"}}`,
	`[]`, `{}`, `[[], {}]`, `"text"`, `17`, `780.00`, `1e3`, `0x1f`, `0o17`, `yes`, `~`,
	`{1: a, 2: b, 10: c}`, `{true: a, null: b}`, `{1.5: a}`, `{[1, 2]: a}`, `{{a: 1}: b}`,
	`[.nan, .inf, -.inf]`, `{a: .nan}`, `{.inf: x}`, `1e999`,
	`{d: 2024-01-02, t: 2024-01-02 03:04:05}`, `!!binary aGVsbG8=`, `!!str 42`, `!custom x`,
	`!!set {a, b}`, `!!pairs [[a, 1], [b, 2]]`, `!!omap [a: 1, b: 2]`,
	"base: &b {x: 1, y: 2}\nmerged: {<<: *b, z: 3}\nonly: {<<: *b}",
	"{a: 1, \"a\": 2}", `{"1": a, 1: b}`,
	`{big: ` + strings.Repeat("9", 4400) + `}`,
	`[` + strings.Repeat("1, ", 40) + `2]`,
	`{` + strings.Repeat("k: 1, ", 1) + `k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9, k10: 10, k11: 11, k12: 12, k13: 13, k14: 14, k15: 15, k16: 16, k17: 17, k18: 18}`,
	`{é: "ünï", "\u00e9": x}`,
}

// TestPlainViewsAreTheFullViews holds the shared views of a plain value to
// the views computed one by one, for every node of every document above,
// of the dryfire probes' scalars, and of the repository's YAML test data.
func TestPlainViewsAreTheFullViews(t *testing.T) {
	docs := append([]string(nil), viewDocs...)
	for _, row := range loadProbes(t).YAMLScalars.Rows {
		docs = append(docs, row.YAML, "{k: "+row.YAML+"}", "{"+row.YAML+": v}", "["+row.YAML+"]")
	}
	root := filepath.Join("..", "..", "testdata")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data, err := os.ReadFile(p)
		docs = append(docs, string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	plains := 0
	for _, doc := range docs {
		n, err := Parse([]byte(doc))
		if err != nil {
			continue // refused documents have no values
		}
		walk(n, func(x *Node) {
			full := fullViews(x)
			if got := ViewsOf(x); !reflect.DeepEqual(got, full) {
				t.Errorf("%q: ViewsOf(%s)\n%#v\nwant %#v", doc, ValueRepr(x), got, full)
			}
			v, _ := x.ToValue()
			if got := ViewsWith(x, v); !reflect.DeepEqual(got, full) {
				t.Errorf("%q: ViewsWith(%s)\n%#v\nwant %#v", doc, ValueRepr(x), got, full)
			}
			if plain(x) {
				plains++
			}
		})
	}
	if plains < 100 {
		t.Errorf("only %d plain values: the test no longer reaches the shared views", plains)
	}
}

// walk calls f on every value node of the tree.
func walk(n *Node, f func(*Node)) {
	if n == nil {
		return
	}
	f(n)
	for _, it := range n.Items {
		walk(it, f)
	}
	for _, m := range n.Members {
		walk(m.Value, f)
	}
}

// TestPlainViewsShareTheirValue checks that the views of a plain mapping
// hold one copy of it, not three.
func TestPlainViewsShareTheirValue(t *testing.T) {
	n, err := Parse([]byte(`{a: [1, 2], b: {c: d}}`))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := n.ToValue()
	views := ViewsWith(n, v)
	if &views.Dumps.Members[0] != &v.Members[0] || &views.Doc.Members[0] != &v.Members[0] {
		t.Error("the views of a plain value hold copies of it")
	}
}
