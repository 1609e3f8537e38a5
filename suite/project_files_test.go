package suite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadSuiteFiles: the files a command line names load with the
// settings of the project config (or the built-in ones without one), each
// named in its errors as given, in the order given; an error of the config
// stops there, as dryfire stops; a file outside the project root reads its
// $refs beside it, not in the root, and one inside the root reads them in
// the root only. Before, a file named outside the root could $ref nothing
// beside it (dryfire reads it).
func TestLoadSuiteFiles(t *testing.T) {
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
	load := func(t *testing.T, pr *Project, err error, files ...string) *Project {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		pr.LoadSuiteFiles(files, nil)
		return pr
	}
	files := []string{"a.eval.yaml", "bad.eval.yaml", filepath.Join(dir, "proj", "..", "elsewhere", "b.eval.yaml"), "sub/refs.eval.yaml"}
	pr, err := LoadConfig(filepath.Join(dir, "proj"))
	pr = load(t, pr, err, files...)
	if len(pr.Suites) != 4 || pr.Root != filepath.Join(dir, "proj") {
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

	none := load(t, DefaultProject(filepath.Join(dir, "proj")), nil, "a.eval.yaml")
	if ok, suites, cases := none.Valid(); !ok || suites != 1 || cases != 1 || none.Suites[0].Cases[0].Model != BuiltinModel {
		t.Errorf("without a config: ok %v, %d suites, %d cases, errors %v", ok, suites, cases, none.Errors)
	}

	broken, err := LoadConfig(filepath.Join(dir, "broken"))
	broken = load(t, broken, err, "never.eval.yaml")
	if len(broken.Suites) != 0 || len(broken.Errors) != 1 || !broken.Errors[0].InConfig || broken.Errors[0].Pydantic == nil {
		t.Fatalf("a broken config: %d suites, errors %+v", len(broken.Suites), broken.Errors)
	}
	if p := broken.Errors[0].Pydantic; p.Loc != "version" || p.Type != "int_parsing" || p.Input != "'one'" || p.InputType != "str" {
		t.Errorf("pydantic's error: %+v", p)
	}
}
