package suite

import (
	"os"
	"path/filepath"
	"strings"
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

// TestLoadFiles: the files a command line names load with the settings of
// the project config given (or the built-in ones without one), each named
// in its errors as given, in the order given; an error of the config stops
// there, as dryfire stops; a file outside the project root reads its $refs
// beside it, not in the root.
func TestLoadFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"proj/dryfire.yaml":        "version: 1\ndefaults: {model: claude-haiku-4-5}\n",
		"proj/a.eval.yaml":         "name: a\ncases:\n- name: c\n  input: hi\n  expect: []\n",
		"proj/bad.eval.yaml":       "name: bad\nmodl: x\ncases: []\n",
		"elsewhere/t.json":         `{"name": "t", "input_schema": {"type": "object"}}`,
		"elsewhere/b.eval.yaml":    "name: b\ntools: [{$ref: t.json}]\ncases: []\n",
		"broken/dryfire.yaml":      "version: one\n",
		"broken/never.eval.yaml":   "nothing: here\n",
		"proj/sub/refs.eval.yaml":  "name: r\ntools: [{$ref: ../../elsewhere/t.json}]\ncases: []\n",
		"proj/sub/local.eval.yaml": "name: l\ncases: []\n",
	})
	cfg := filepath.Join(dir, "proj", "dryfire.yaml")
	files := []string{filepath.Join(dir, "proj", "a.eval.yaml"), filepath.Join(dir, "proj", "bad.eval.yaml"),
		filepath.Join(dir, "elsewhere", "b.eval.yaml"), filepath.Join(dir, "proj", "sub", "refs.eval.yaml")}
	pr := LoadFiles(cfg, files, nil)
	if len(pr.Suites) != 4 || pr.Root != filepath.Dir(cfg) {
		t.Fatalf("%d suites, root %q", len(pr.Suites), pr.Root)
	}
	if got := pr.Suites[0].Cases[0].Model; got != "claude-haiku-4-5" {
		t.Errorf("the config's default model is not applied: %q", got)
	}
	if pr.Suites[2].Failed || len(pr.Suites[2].Tools) != 1 {
		t.Errorf("a file outside the root cannot $ref beside it: %v", pr.Suites[2].Errors)
	}
	if !pr.Suites[3].Failed || !strings.Contains(pr.Suites[3].Errors[0].Message, "outside the project root") {
		t.Errorf("a file inside the root reads its $refs outside it: %v", pr.Suites[3].Errors)
	}
	if ok, _, _ := pr.Valid(); ok || len(pr.Errors) != 2 || pr.Errors[0].File != files[1] || pr.Errors[0].Loc != "modl" {
		t.Errorf("errors %+v", pr.Errors)
	}

	none := LoadFiles("", []string{filepath.Join(dir, "proj", "a.eval.yaml")}, nil)
	if ok, suites, cases := none.Valid(); !ok || suites != 1 || cases != 1 || none.Suites[0].Cases[0].Model != BuiltinModel {
		t.Errorf("without a config: ok %v, %d suites, %d cases, errors %v", ok, suites, cases, none.Errors)
	}

	broken := LoadFiles(filepath.Join(dir, "broken", "dryfire.yaml"), []string{filepath.Join(dir, "broken", "never.eval.yaml")}, nil)
	if len(broken.Suites) != 0 || len(broken.Errors) != 1 || !broken.Errors[0].InConfig || broken.Errors[0].Pydantic == nil {
		t.Fatalf("a broken config: %d suites, errors %+v", len(broken.Suites), broken.Errors)
	}
	if p := broken.Errors[0].Pydantic; p.Loc != "version" || p.Type != "int_parsing" || p.Input != "'one'" || p.InputType != "str" {
		t.Errorf("pydantic's error: %+v", p)
	}
}
