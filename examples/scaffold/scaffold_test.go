package scaffold

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

// dryfireScaffold are the files dryfire's init writes, which its tests
// and docs look for: the example goes where they are.
var dryfireScaffold = []string{
	"dryfire.yaml",
	"evals/README.md",
	"evals/hello.eval.yaml",
	"evals/refund_agent.eval.yaml",
	"evals/schemas/escalate_to_human.json",
}

// TestFilesAreDryfiresLayout: the project is dryfire's scaffold's files,
// in pathlib's order.
func TestFilesAreDryfiresLayout(t *testing.T) {
	t.Parallel()
	if got := Files(); !slices.Equal(got, dryfireScaffold) {
		t.Errorf("files %v, want %v", got, dryfireScaffold)
	}
}

var topLevelKey = regexp.MustCompile(`^([A-Za-z_][\w-]*):`)

// TestEveryTopLevelKeyIsExplained: each top-level key of the YAML files
// has a comment on its line or on the line before it (blank lines
// aside), as dryfire's scaffold test requires.
func TestEveryTopLevelKeyIsExplained(t *testing.T) {
	t.Parallel()
	for _, rel := range []string{"dryfire.yaml", "evals/hello.eval.yaml", "evals/refund_agent.eval.yaml"} {
		data, err := Content(rel)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if !topLevelKey.MatchString(line) {
				continue
			}
			prev := ""
			for j := i - 1; j >= 0; j-- {
				if strings.TrimSpace(lines[j]) != "" {
					prev = lines[j]
					break
				}
			}
			if !strings.Contains(line, "#") && !strings.HasPrefix(strings.TrimSpace(prev), "#") {
				t.Errorf("%s: top-level key %q has no comment", rel, strings.SplitN(line, ":", 2)[0])
			}
		}
	}
}

// TestProjectIsValid: the project loads as dryfire loads it, with no spec
// error: a fake-provider suite with its scripts and a keyed suite.
func TestProjectIsValid(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := Write(dir, false); err != nil {
		t.Fatal(err)
	}
	pr, err := suite.LoadProject(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	ok, suites, cases := pr.Valid()
	if !ok || suites != 2 || cases != 4 {
		t.Fatalf("ok %v, %d suites, %d cases: %v", ok, suites, cases, pr.Errors)
	}
	providers := map[string]string{}
	for _, s := range pr.Suites {
		providers[s.Name] = s.Cases[0].Provider
	}
	if providers["hello_weather"] != "fake" || providers["refund_agent"] != "anthropic" {
		t.Errorf("providers %v", providers)
	}
}

// TestWriteRefusesAndLists: a project file already there stops the write
// before anything is written, every such file listed; --force replaces
// them and only them, a symbolic link in a file's place included (its
// target untouched).
func TestWriteRefusesAndLists(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keep := filepath.Join(dir, "notes.txt")
	target := filepath.Join(t.TempDir(), "elsewhere.txt")
	for path, data := range map[string]string{filepath.Join(dir, "dryfire.yaml"): "PRECIOUS", keep: "mine", target: "target"} {
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "evals"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "evals", "README.md")); err != nil {
		t.Fatal(err)
	}
	_, err := Write(dir, false)
	var conflict *ConflictError
	if !errors.As(err, &conflict) || !slices.Equal(conflict.Paths, []string{"dryfire.yaml", "evals/README.md"}) {
		t.Fatalf("err %v", err)
	}
	if err.Error() != "refusing to overwrite existing files: dryfire.yaml, evals/README.md" {
		t.Errorf("message %q", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "dryfire.yaml")); string(data) != "PRECIOUS" {
		t.Errorf("dryfire.yaml was changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "evals", "hello.eval.yaml")); !os.IsNotExist(err) {
		t.Errorf("a file was written despite the conflict: %v", err)
	}
	res, err := Write(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Written, dryfireScaffold) || !slices.Equal(res.Replaced, []string{"dryfire.yaml", "evals/README.md"}) {
		t.Errorf("written %v, replaced %v", res.Written, res.Replaced)
	}
	want, _ := Content("dryfire.yaml")
	if data, _ := os.ReadFile(filepath.Join(dir, "dryfire.yaml")); string(data) != string(want) {
		t.Errorf("--force did not replace dryfire.yaml")
	}
	if fi, err := os.Lstat(filepath.Join(dir, "evals", "README.md")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the link was not replaced by the file: %v %v", fi, err)
	}
	for path, data := range map[string]string{keep: "mine", target: "target"} {
		if got, _ := os.ReadFile(path); string(got) != data {
			t.Errorf("%s changed: %q", path, got)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "evals")); len(entries) != 4 {
		t.Errorf("evals holds %d entries (a temporary file left?)", len(entries))
	}
}

// TestWriteNeverThroughALink: a directory of the project that is a
// symbolic link (evals leading elsewhere) stops the write, --force or
// not, and nothing is written anywhere.
func TestWriteNeverThroughALink(t *testing.T) {
	t.Parallel()
	dir, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(dir, "evals")); err != nil {
		t.Fatal(err)
	}
	for _, force := range []bool{false, true} {
		_, err := Write(dir, force)
		if !errors.Is(err, ErrLink) {
			t.Errorf("force %v: err %v", force, err)
		}
	}
	for _, d := range []string{dir, elsewhere} {
		entries, _ := os.ReadDir(d)
		if (d == dir && len(entries) != 1) || (d == elsewhere && len(entries) != 0) {
			t.Errorf("%s holds %d entries", d, len(entries))
		}
	}
}

// TestWriteIntoANewDirectory: a directory that is not there is made, with
// its parents; Here says whether it is the working directory.
func TestWriteIntoANewDirectory(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "a", "b")
	res, err := Write(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Here || len(res.Written) != len(dryfireScaffold) || len(res.Replaced) != 0 {
		t.Errorf("%+v", res)
	}
}
