package cassette

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// addCorpus seeds a fuzz target with the golden cassettes and tricky
// snippets.
func addCorpus(f *testing.F) {
	// Whole cassettes (3 kB) stall coverage-guided mutation; their parts
	// (responses, indented as on disk) keep it fast and cover the same code.
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	for _, p := range files[:min(len(files), 6)] {
		c, err := readCassette(p)
		if err != nil {
			f.Fatal(err)
		}
		part, _ := jsonv.EncodeDryfire(c.Response.Field("usage"))
		f.Add(part)
		part, _ = jsonv.Encode(c.Response.Field("tool_calls"), jsonv.EncodeOptions{})
		f.Add(part)
	}
	for _, s := range []string{
		`{"a": 1, "a": 2}`, `[780, 780.0, 1e16, 1E-5, -0, -0.0, 1180591620717411303424, 5e-324, 1e400]`,
		`"\ud800"`, `"\ud83d\ude80 \u2028 <&>"`, `{"é": 1, "é": 2}`, "\ufeff{}", `{"a": [}`, ``, `nul`,
		"\"\xff\"", `{"k": "\u0000\u001f\u007f"}`,
	} {
		f.Add([]byte(s))
	}
}

func readCassette(path string) (*Cassette, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(data)
}

// FuzzDecode: decoding never panics, an error yields no value, and decode →
// encode → decode is stable.
func FuzzDecode(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonv.Decode(data)
		if err != nil {
			if v.Kind != jsonv.Null || v.Len() != 0 {
				t.Fatalf("error %v with a value", err)
			}
			if _, ok := err.(*jsonv.ParseError); !ok {
				t.Fatalf("error %T is not a *ParseError", err)
			}
			_, _ = Decode(data)
			return
		}
		for _, o := range []jsonv.EncodeOptions{{}, {Indent: true, SortKeys: true}, {Dialect: jsonv.JS}} {
			out, err := jsonv.Encode(v, o)
			if err != nil {
				continue // a lone surrogate or an overflowing float: refused, not mangled
			}
			v2, err := jsonv.Decode(out)
			if err != nil {
				t.Fatalf("re-decoding %q (from %q): %v", out, data, err)
			}
			out2, err := jsonv.Encode(v2, o)
			if err != nil || !bytes.Equal(out, out2) {
				t.Fatalf("unstable: %q then %q (%v)", out, out2, err)
			}
		}
	})
}

// FuzzCanonical: canonical output is always valid JSON, decodes, and is a
// fixed point; hashing never panics.
func FuzzCanonical(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
		if err != nil {
			return
		}
		_, _ = Fingerprint(v)
		canon, err := jsonv.Canonical(v)
		if err != nil {
			return
		}
		if !json.Valid(canon) {
			t.Fatalf("invalid JSON %q from %q", canon, data)
		}
		v2, err := jsonv.Decode(canon)
		if err != nil {
			t.Fatalf("decoding canonical %q: %v", canon, err)
		}
		again, err := jsonv.Canonical(v2)
		if err != nil || !bytes.Equal(again, canon) {
			t.Fatalf("not a fixed point: %q then %q (%v)", canon, again, err)
		}
	})
}
