package suite

import (
	"os"
	"path/filepath"
	"testing"
)

// writeFiles writes files (slash paths to contents) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRefTargetWithASetLoads: a $ref'd file holding a !!set (a mapping of
// keys without values) loads as dryfire loads it; marking where its nodes
// come from once dereferenced a value that is not there.
func TestRefTargetWithASetLoads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"t.yaml":      "name: t\ninput_schema:\n  type: object\n  enum: !!set {x, y}\n",
		"s.eval.yaml": "name: s\ntools: [{$ref: t.yaml}]\ncases:\n- name: c\n  input: hi\n  expect: []\n",
	})
	s := LoadSuite(filepath.Join(dir, "s.eval.yaml"), "s.eval.yaml", nil)
	if s.Failed || len(s.Tools) != 1 || s.Tools[0].Name != "t" {
		t.Fatalf("errors %v, tools %+v", s.Errors, s.Tools)
	}
}
