package jsonv

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPythonJSONLoads decodes every document of testdata/pyjson.json as
// Python's json.loads did: the same value, or the same error message and
// position.
func TestPythonJSONLoads(t *testing.T) {
	t.Parallel()
	for _, d := range readPyJSONCases(t).Items {
		doc := d.Field("doc").Str()
		v, err := PyJSONLoads(doc)
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
		if got, want := PyReprValue(v), PyReprValue(d.Field("value")); got != want {
			t.Errorf("%q: %s, Python %s", doc, got, want)
		}
	}
}

// readPyJSONCases reads testdata/pyjson.json: each document and what
// Python's json.loads made of it.
func readPyJSONCases(t *testing.T) Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "pyjson.json"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := DecodeWith(data, DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}
