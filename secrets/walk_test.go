package secrets

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestScanPathReadsTapesWithNaN: a tape written by cassette-fn's Python port
// with bare NaN tokens is not strict JSON, but it is a tape and its secrets
// are found.
func TestScanPathReadsTapesWithNaN(t *testing.T) {
	secret := "hf_" + newGen(7).str(genAlnum, 34)
	tape := `{
  "version": 1,
  "name": "nan",
  "entries": {
    "204fa65b677b2cc8": [
      {
        "args": [
          NaN
        ],
        "kwargs": {
          "token": "` + secret + `"
        },
        "result": 1
      }
    ]
  }
}`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "nan.json"), []byte(tape), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ScanPath(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 1 || r.Findings[0].Hash != hashOf(secret) {
		t.Fatalf("findings %+v, want the planted hf_ token", r.Findings)
	}
	if r.Findings[0].JSONPath != "entries.204fa65b677b2cc8[0].kwargs.token" {
		t.Errorf("json path %q", r.Findings[0].JSONPath)
	}
}
