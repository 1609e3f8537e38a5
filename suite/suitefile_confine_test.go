package suite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuiteFileLinkedOutIsRefused: a suite file that is a symbolic link
// out of the project root (a pull request's evals/x.eval.yaml ->
// /proc/self/environ, or -> a credentials file beside the project) is a
// spec error that names it and says why, and it is not read: no error,
// hint or source line shows what it leads to. A link that stays inside the
// root is read, and so is a file named outside the root that is no link.
func TestSuiteFileLinkedOutIsRefused(t *testing.T) {
	t.Parallel()
	project, outside := refProject(t)
	suite := refSuite("../schemas/tool.json")
	writeFile(t, filepath.Join(project, "real", "inside.yaml"), suite)
	symlink(t, outside, filepath.Join(project, "evals", "out.eval.yaml"))
	symlink(t, "/proc/self/environ", filepath.Join(project, "evals", "environ.eval.yaml"))
	symlink(t, "../real/inside.yaml", filepath.Join(project, "evals", "inside.eval.yaml"))
	symlink(t, filepath.Dir(outside), filepath.Join(project, "outdir"))
	elsewhere := filepath.Join(filepath.Dir(project), "elsewhere", "named.eval.yaml")
	writeFile(t, elsewhere, strings.Replace(suite, "../schemas/tool.json", "../project/schemas/tool.json", 1))
	linkedElsewhere := filepath.Join(filepath.Dir(project), "elsewhere", "link.eval.yaml")
	symlink(t, outside, linkedElsewhere)

	pr, err := LoadConfig(project)
	if err != nil {
		t.Fatal(err)
	}
	pr.LoadSuiteFiles([]string{"evals/environ.eval.yaml", "evals/inside.eval.yaml", "evals/out.eval.yaml", "outdir/secrets.yaml", elsewhere, linkedElsewhere}, nil)
	got := map[string]string{}
	for _, e := range pr.Errors {
		if strings.Contains(e.Message+e.Hint+e.Source, refCanary) || strings.Contains(e.Message+e.Hint+e.Source, "PATH=") {
			t.Errorf("an error shows what the link leads to: %+v", e)
		}
		got[e.File] = e.Message
	}
	want := map[string]string{
		"evals/environ.eval.yaml":         "suite file 'evals/environ.eval.yaml' leads into /proc through a symbolic link: not read",
		"evals/out.eval.yaml":             "suite file 'evals/out.eval.yaml' leads outside the project root through a symbolic link: not read",
		"outdir/secrets.yaml":             "suite file 'outdir/secrets.yaml' leads outside the project root through a symbolic link: not read",
		filepath.ToSlash(linkedElsewhere): "suite file '" + filepath.ToSlash(linkedElsewhere) + "' leads outside the project root through a symbolic link: not read",
	}
	for file, msg := range want {
		if got[file] != msg {
			t.Errorf("%s: error %q, want %q", file, got[file], msg)
		}
	}
	if len(got) != len(want) {
		t.Errorf("errors %q, want only %q", got, want)
	}
	var loaded []string
	for _, s := range pr.Suites {
		if !s.Failed {
			loaded = append(loaded, s.Path)
		}
	}
	if len(loaded) != 2 {
		t.Errorf("loaded %q, want the link inside the root and the file named outside it", loaded)
	}

	// The suites of dryfire.yaml's globs are held to the same rule.
	pr, err = LoadProject(project, nil)
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, e := range pr.Errors {
		if strings.Contains(e.Message, "through a symbolic link: not read") {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("dryfire.yaml's globs: %d refused, want 2: %+v", refused, pr.Errors)
	}
}

// TestDefaultProject: without a dryfire.yaml the project is the built-in
// defaults at the working directory, cassettes under .dryfire/cassettes.
func TestDefaultProject(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.eval.yaml"), "name: s\ncases:\n  - name: c\n    input: hi\n    expect: [{final_contains: x}]\n")
	pr := DefaultProject(dir)
	if pr.Configured() || pr.CassetteRoot != filepath.Join(dir, ".dryfire", "cassettes") {
		t.Fatalf("project %+v", pr)
	}
	pr.LoadSuiteFiles([]string{"s.eval.yaml"}, nil)
	if len(pr.Errors) > 0 || len(pr.Suites) != 1 {
		t.Fatalf("errors %+v, suites %d", pr.Errors, len(pr.Suites))
	}
	c := pr.Suites[0].Cases[0]
	if c.Provider != BuiltinProvider || c.Model != BuiltinModel || c.Repeat != BuiltinRepeat {
		t.Errorf("case settings %s %s %d, want the built-in defaults", c.Provider, c.Model, c.Repeat)
	}
	if _, err := os.Stat(pr.CassetteRoot); err == nil {
		t.Error("the cassette root was made")
	}
}
