package pyjson

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TestPythonJSONLoads decodes every document of testdata/pyjson.json as
// Python's json.loads did: the same value, or the same error message and
// position.
func TestPythonJSONLoads(t *testing.T) {
	t.Parallel()
	for _, d := range readPyJSONCases(t).Items {
		doc := d.Field("doc").Str()
		v, err := Loads(doc)
		if want, ok := d.Get("error"); ok {
			if err == nil || err.Error() != want.Str() {
				t.Errorf("%q: %v, Python %q", doc, err, want.Str())
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v, Python reads it", doc, err)
			continue
		}
		if got, want := jsonv.PyReprValue(v), jsonv.PyReprValue(d.Field("value")); got != want {
			t.Errorf("%q: %s, Python %s", doc, got, want)
		}
	}
}

// readPyJSONCases reads testdata/pyjson.json: each document and what
// Python's json.loads made of it.
func readPyJSONCases(t *testing.T) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "pyjson.json"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPythonJSONLoadsLimits: what Python would build whatever it costs is
// bounded here, each limit named at the value that crosses it.
func TestPythonJSONLoadsLimits(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		doc, msg string
		pos      int
	}{
		"tiny values past the budget": {"[" + strings.Repeat("0,", 300_000) + "0]",
			"More than 137,500 JSON values in a document of 600,003 bytes (the limit on JSON values: 100,000 plus one per 16 bytes)", 274_999},
		"on a later line, after wide characters": {"[\"é\",\n" + strings.Repeat("{},", 200_000) + "{}]",
			"More than 137,500 JSON values", 6 + 3*137_498},
		"nesting": {strings.Repeat("[", jsonv.MaxDepth+1), "Nesting deeper than 10000 (the limit on JSON nesting)", jsonv.MaxDepth},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Loads(tc.doc)
			if err == nil || !strings.HasPrefix(err.Msg, tc.msg) || err.Pos != tc.pos {
				t.Fatalf("Loads = %v; want %q at char %d", err, tc.msg, tc.pos)
			}
		})
	}
}

// TestPythonJSONLoadsManyKeys: an object of many keys, one repeated, reads
// as Python reads it (the first place, the last value) through the index
// that keeps it linear.
func TestPythonJSONLoadsManyKeys(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"dup": 1`)
	for i := range 50_000 {
		fmt.Fprintf(&b, `, "k%d": %d`, i, i)
	}
	b.WriteString(`, "dup": 2}`)
	v, err := Loads(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if v.Len() != 50_001 || v.Members[0].Key != "dup" || v.Members[0].Value.Text != "2" || v.Field("k49999").Text != "49999" {
		t.Errorf("%d members, first %s = %s", v.Len(), v.Members[0].Key, v.Members[0].Value.Text)
	}
}
