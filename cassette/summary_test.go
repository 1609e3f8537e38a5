package cassette

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TestDecodeSummaryMatchesDecode: the store's summary decoding accepts and
// rejects exactly what Decode does, with the same error, and differs only in
// leaving request_digest and response.raw empty.
func TestDecodeSummaryMatchesDecode(t *testing.T) {
	var inputs [][]byte
	err := filepath.WalkDir(goldenDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") || !strings.Contains(p, ".dryfire") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		inputs = append(inputs, data)
		// Every prefix of a few files, and a byte flipped at every offset.
		if len(inputs) <= 3 {
			for i := 0; i < len(data); i += 7 {
				inputs = append(inputs, data[:i])
				bad := append([]byte(nil), data...)
				bad[i] = "x\"{,]\\\x01"[i%7]
				inputs = append(inputs, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 10 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for _, data := range inputs {
		checkScopedSummary(t, data)
		full, ferr := jsonv.Decode(data)
		sum, serr := jsonv.DecodeSummary(data, false)
		if (ferr == nil) != (serr == nil) || ferr != nil && ferr.Error() != serr.Error() {
			t.Fatalf("Decode: %v; DecodeSummary: %v\n%s", ferr, serr, data)
		}
		if ferr != nil || full.Kind != jsonv.Object {
			continue
		}
		if d, ok := full.Get("request_digest"); ok {
			full.Set("request_digest", jsonv.Value{Kind: d.Kind, Items: emptyItems(d), Members: emptyMembers(d)})
		}
		if resp, ok := full.Get("response"); ok && resp.Kind == jsonv.Object {
			resp = resp.Clone()
			if raw, ok := resp.Get("raw"); ok {
				resp.Set("raw", jsonv.Value{Kind: raw.Kind, Bool: false, Items: emptyItems(raw), Members: emptyMembers(raw)})
			}
			full.Set("response", resp)
		}
		if !jsonv.Equal(full, sum) {
			t.Fatalf("summary differs outside request_digest and raw:\n%s", data)
		}
	}
}

func emptyItems(v jsonv.Value) []jsonv.Value {
	if v.Kind == jsonv.Array {
		return []jsonv.Value{}
	}
	return nil
}

func emptyMembers(v jsonv.Value) []jsonv.Member {
	if v.Kind == jsonv.Object {
		return []jsonv.Member{}
	}
	return nil
}

// checkScopedSummary: a store file summarised from scratch space (the load
// of a store, its bodies skipped or not) is field for field the one a full
// decoding gives, and outlives the scratch space; the cassette handed on is
// the one a full decoding gives, bodies and all unless they are skipped.
func checkScopedSummary(t *testing.T, data []byte) {
	t.Helper()
	for _, skip := range []bool{true, false} {
		want := &StoreFile{Path: "s/c/00-x.json"}
		wantCas := summarise(want, data)
		got := &StoreFile{Path: want.Path}
		var scratch Cassette
		handed := 0
		summariseScoped(got, data, &scratch, skip, func(f *StoreFile, c *Cassette, b []byte) {
			handed++
			if f != got || len(b) != len(data) || (c == nil) != (wantCas == nil) {
				t.Fatalf("OnFile(%v, cassette %v) for a file that decodes to %v", f.Path, c != nil, wantCas != nil)
			}
			if c != nil && (c.Fingerprint != wantCas.Fingerprint || !jsonv.Equal(c.Response.Field("text"), wantCas.Response.Field("text"))) {
				t.Fatalf("scoped cassette %+v, want %+v", c, wantCas)
			}
			if c != nil && !skip && !jsonv.Equal(c.Body, wantCas.Body) {
				t.Fatalf("scoped body %v, want %v", c.Body, wantCas.Body)
			}
		})
		if handed != 1 {
			t.Fatalf("OnFile called %d times", handed)
		}
		// Decoding another document reuses the scratch space: what got keeps
		// must not change.
		summariseScoped(&StoreFile{}, []byte(`{"schema_version": [9], "response": {"tool_calls": [{"arguments": {"q": 9}}]}}`), &scratch, skip, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("scoped summary (bodies skipped: %v)\n%+v\nwant\n%+v\nfor\n%s", skip, got, want, data)
		}
		if got.Served != nil && !reflect.DeepEqual(*got.Served, *want.Served) {
			t.Fatalf("served response %+v, want %+v", *got.Served, *want.Served)
		}
	}
}
