package suite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/confine"
)

// refCanary is what the files outside the project hold: no error, hint or
// source line may ever show it.
const refCanary = "sk-ant-api03-refcanary0123456789"

// refProject is a project in dir/project with a suite evals/s.eval.yaml
// (whose one tool is written by tool) and, beside the project, a file
// outside it that holds the canary as YAML would read it (a mapping, a
// bad line). It returns the project and the outside file.
func refProject(t *testing.T) (project, outside string) {
	t.Helper()
	dir := t.TempDir()
	project = filepath.Join(dir, "project")
	outside = filepath.Join(dir, "secrets.yaml")
	writeFile(t, outside, refCanary+": [\nkey: "+refCanary+"\n")
	writeFile(t, filepath.Join(project, ConfigFileName), "version: 1\nsuites: [\"evals/*.eval.yaml\"]\n")
	writeFile(t, filepath.Join(project, "schemas", "tool.json"), `{"name": "t", "description": "d", "input_schema": {"type": "object"}}`)
	return project, outside
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// refSuite is a suite whose second tool is {$ref: ref}, at line 6,
// column 5.
func refSuite(ref string) string {
	return "name: s\ntools:\n  - name: a\n    description: d\n    input_schema: {type: object}\n  - $ref: '" + strings.ReplaceAll(ref, "'", "''") + "'\n" +
		"cases:\n  - name: c\n    input: hi\n    expect: [{final_contains: x}]\n"
}

// TestRefOutsideTheProjectIsRefused: a $ref that names a file outside the
// project root, however it gets there (an absolute path, "..", a
// symbolic link, a link to a directory, /proc and /dev), is a spec error
// at the $ref that names the suite, the reason and the path as written,
// and nothing of the file is read: no error says more, whether the file
// exists or not, and the errors that would follow from the empty tool
// are not reported.
func TestRefOutsideTheProjectIsRefused(t *testing.T) {
	t.Parallel()
	const (
		outsideMsg = " is outside the project root: not read"
		linkMsg    = " leads outside the project root through a symbolic link: not read"
	)
	for _, tc := range []struct {
		name string
		// ref is what the suite names; links are made inside the project
		// (path relative to it: target, where "OUT" is the outside
		// file's directory).
		ref   string
		links map[string]string
		want  string
	}{
		{name: "absolute", ref: "OUT/secrets.yaml", want: outsideMsg},
		{name: "absolute, missing", ref: "OUT/nothing.yaml", want: outsideMsg},
		{name: "dot-dot", ref: "../../secrets.yaml", want: outsideMsg},
		{name: "dot-dot, missing", ref: "../../nothing.yaml", want: outsideMsg},
		{name: "dot-dot through the root and back out", ref: "../schemas/../../secrets.yaml", want: outsideMsg},
		{name: "etc passwd", ref: "/etc/passwd", want: outsideMsg},
		{name: "proc environ", ref: "/proc/self/environ", want: " is in /proc: not read"},
		{name: "dev stdin", ref: "/dev/stdin", want: " is in /dev: not read"},
		{name: "sys", ref: "/sys/kernel/hostname", want: " is in /sys: not read"},
		{name: "link to the file", ref: "../schemas/leak.yaml", links: map[string]string{"schemas/leak.yaml": "OUT/secrets.yaml"}, want: linkMsg},
		{name: "link to a missing file", ref: "../schemas/leak.yaml", links: map[string]string{"schemas/leak.yaml": "OUT/nothing.yaml"}, want: linkMsg},
		{name: "relative link", ref: "../schemas/leak.yaml", links: map[string]string{"schemas/leak.yaml": "../../secrets.yaml"}, want: linkMsg},
		{name: "link to a directory", ref: "../out/secrets.yaml", links: map[string]string{"out": "OUT"}, want: linkMsg},
		{name: "dot-dot after a link", ref: "../deep/../secrets.yaml", links: map[string]string{"deep": "OUT/x"}, want: linkMsg},
		{name: "link to proc", ref: "../schemas/env.yaml", links: map[string]string{"schemas/env.yaml": "/proc/self/environ"}, want: " leads into /proc through a symbolic link: not read"},
		{name: "link to proc's root", ref: "../root/OUT/secrets.yaml", links: map[string]string{"root": "/proc/self/root"}, want: " leads into /proc through a symbolic link: not read"},
		{name: "link to stdin", ref: "../schemas/in.yaml", links: map[string]string{"schemas/in.yaml": "/dev/stdin"}, want: " leads into /dev through a symbolic link: not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			project, outside := refProject(t)
			out := filepath.Dir(outside)
			if err := os.MkdirAll(filepath.Join(out, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			for link, target := range tc.links {
				symlink(t, strings.Replace(target, "OUT", out, 1), filepath.Join(project, link))
			}
			ref := strings.Replace(tc.ref, "OUT", out, 1)
			refRel := strings.Replace(ref, out, "OUT", 1)
			writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), refSuite(ref))
			pr, err := LoadProject(project, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pr.Errors) != 1 {
				t.Fatalf("want one error, got %v", pr.Errors)
			}
			e := pr.Errors[0]
			want := "$ref target '" + ref + "'" + tc.want
			if e.File != "evals/s.eval.yaml" || e.Line != 6 || e.Column != 5 || e.Message != want || e.Fatal != "" {
				t.Errorf("got %s (fatal %q)\nwant evals/s.eval.yaml:6:5: %s", e.Error(), e.Fatal, strings.Replace(want, out, "OUT", 1))
			}
			if !strings.Contains(e.Hint, "inside the project root (the directory of dryfire.yaml)") {
				t.Errorf("hint %q", e.Hint)
			}
			if e.Source != "  - $ref: '"+ref+"'" {
				t.Errorf("source %q, want the $ref's line of the suite", e.Source)
			}
			for _, s := range []string{e.Message, e.Hint, e.Source} {
				if strings.Contains(s, refCanary) || strings.Contains(s, "root:x:") {
					t.Errorf("%s shows what the file outside holds: %q", refRel, s)
				}
			}
			if !pr.Suites[0].Failed {
				t.Error("the suite did not fail")
			}
		})
	}
}

// TestRefInsideTheProjectLoads: a $ref may still go up and down inside the
// project, be absolute, and go through links that stay inside it: what it
// loads is what dryfire loads.
func TestRefInsideTheProjectLoads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		ref   string
		links map[string]string
	}{
		{name: "relative", ref: "../schemas/tool.json"},
		{name: "dot segments", ref: "./../evals/../schemas/./tool.json"},
		{name: "absolute", ref: "ROOT/schemas/tool.json"},
		{name: "link inside", ref: "../schemas/alias.json", links: map[string]string{"schemas/alias.json": "tool.json"}},
		{name: "link to a directory inside", ref: "../s2/tool.json", links: map[string]string{"s2": "schemas"}},
		{name: "absolute link inside", ref: "../schemas/alias.json", links: map[string]string{"schemas/alias.json": "ROOT/schemas/tool.json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			project, _ := refProject(t)
			root := confine.RealPath(project)
			for link, target := range tc.links {
				symlink(t, strings.Replace(target, "ROOT", root, 1), filepath.Join(project, link))
			}
			writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), refSuite(strings.Replace(tc.ref, "ROOT", root, 1)))
			pr, err := LoadProject(project, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pr.Errors) > 0 {
				t.Fatalf("errors: %v", pr.Errors)
			}
			if tools := pr.Suites[0].Tools; len(tools) != 2 || tools[1].Name != "t" {
				t.Errorf("tools %+v, want a then t", tools)
			}
		})
	}
}

// TestRefMissingInsideTheProject: a $ref to a file the project does not
// hold is dryfire's "not found", with its did-you-mean; a link loop is
// not found either (as Python's exists() has it).
func TestRefMissingInsideTheProject(t *testing.T) {
	t.Parallel()
	project, _ := refProject(t)
	symlink(t, "loop2", filepath.Join(project, "schemas", "loop1"))
	symlink(t, "loop1", filepath.Join(project, "schemas", "loop2"))
	for ref, hint := range map[string]string{
		"../schemas/tol.json":       "did you mean ./schemas/tool.json?",
		"../schemas/loop1":          "",
		"../nowhere/../../x.json":   "",
		"../schemas/tool.json/x":    "",
		"../schemas/missing/x.json": "",
	} {
		writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), refSuite(ref))
		pr, err := LoadProject(project, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(pr.Errors) != 1 || pr.Errors[0].Message != "$ref target not found: "+ref || pr.Errors[0].Line != 6 || pr.Errors[0].Hint != hint {
			t.Errorf("%s: got %+v, want not found (hint %q)", ref, pr.Errors, hint)
		}
	}
}

// TestRefRefusedKeepsTheOtherSuites: a suite whose $ref is refused fails
// alone; the project's other suites load.
func TestRefRefusedKeepsTheOtherSuites(t *testing.T) {
	t.Parallel()
	project, _ := refProject(t)
	writeFile(t, filepath.Join(project, "evals", "a.eval.yaml"), refSuite("/proc/self/environ"))
	writeFile(t, filepath.Join(project, "evals", "b.eval.yaml"), strings.Replace(refSuite("../schemas/tool.json"), "name: s", "name: b", 1))
	pr, err := LoadProject(project, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Suites) != 2 || !pr.Suites[0].Failed || pr.Suites[1].Failed || len(pr.Errors) != 1 {
		t.Fatalf("suites %d, errors %v", len(pr.Suites), pr.Errors)
	}
}

// TestRefRootWithoutAProject: a suite loaded alone reads its $refs inside
// the directory of the dryfire.yaml above it, or, with none, inside its
// own directory.
func TestRefRootWithoutAProject(t *testing.T) {
	t.Parallel()
	project, _ := refProject(t)
	file := filepath.Join(project, "evals", "s.eval.yaml")
	writeFile(t, file, refSuite("../schemas/tool.json"))
	if s := LoadSuite(file, "s.eval.yaml", nil); s.Failed {
		t.Errorf("under a dryfire.yaml: %v", s.Errors)
	}
	if err := os.Remove(filepath.Join(project, ConfigFileName)); err != nil {
		t.Fatal(err)
	}
	s := LoadSuite(file, "s.eval.yaml", nil)
	if len(s.Errors) != 1 || !strings.HasSuffix(s.Errors[0].Message, " is outside the project root: not read") ||
		!strings.Contains(s.Errors[0].Hint, "the suite's directory, there being no dryfire.yaml") {
		t.Errorf("no dryfire.yaml: %v", s.Errors)
	}
	writeFile(t, filepath.Join(project, "evals", "tool.json"), `{"name": "t", "input_schema": {}}`)
	writeFile(t, file, refSuite("tool.json"))
	if s := LoadSuite(file, "s.eval.yaml", nil); s.Failed {
		t.Errorf("beside the suite: %v", s.Errors)
	}
}

// TestRefUnderALinkedRoot: a project opened through a link (as a working
// directory often is: /tmp or /home a link) reads its $refs spelled
// either way, relative or absolute, and going above the root and down
// again by its real name or by the link's; what leaves it is still
// refused.
func TestRefUnderALinkedRoot(t *testing.T) {
	t.Parallel()
	project, outside := refProject(t)
	linked := filepath.Join(filepath.Dir(project), "linked")
	symlink(t, "project", linked)
	realRoot := confine.RealPath(project)
	for ref, want := range map[string]string{
		"../schemas/tool.json":                      "",
		linked + "/schemas/tool.json":               "",
		realRoot + "/schemas/tool.json":             "",
		"../../project/schemas/tool.json":           "",
		"../../linked/schemas/tool.json":            "",
		"../../linked/../project/schemas/tool.json": "",
		"../../secrets.yaml":                        " is outside the project root: not read",
		outside:                                     " is outside the project root: not read",
		"../../linked/../secrets.yaml":              " leads outside the project root through a symbolic link: not read",
	} {
		writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), refSuite(ref))
		pr, err := LoadProject(linked, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want == "" && len(pr.Errors) > 0:
			t.Errorf("%s: %v", ref, pr.Errors)
		case want != "" && (len(pr.Errors) != 1 || pr.Errors[0].Message != "$ref target '"+ref+"'"+want):
			t.Errorf("%s: %v, want%s", ref, pr.Errors, want)
		}
	}
}

// TestRefInAProjectUnderDev: a project that itself lives under a system
// directory (a ramdisk under /dev/shm) reads its own $refs there; what
// leaves it is refused.
func TestRefInAProjectUnderDev(t *testing.T) {
	t.Parallel()
	base, err := os.MkdirTemp("/dev/shm", "refs-")
	if err != nil {
		t.Skipf("no /dev/shm here: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	writeFile(t, filepath.Join(base, ConfigFileName), "version: 1\nsuites: [\"evals/*.eval.yaml\"]\n")
	writeFile(t, filepath.Join(base, "schemas", "tool.json"), `{"name": "t", "input_schema": {}}`)
	for ref, want := range map[string]string{
		"../schemas/tool.json":      "",
		base + "/schemas/tool.json": "",
		"/dev/null":                 "$ref target '/dev/null' is outside the project root: not read",
		"../../null":                "$ref target '../../null' is outside the project root: not read",
	} {
		writeFile(t, filepath.Join(base, "evals", "s.eval.yaml"), refSuite(ref))
		pr, err := LoadProject(base, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want == "" && len(pr.Errors) > 0:
			t.Errorf("%s: %v", ref, pr.Errors)
		case want != "" && (len(pr.Errors) != 1 || pr.Errors[0].Message != want):
			t.Errorf("%s: %v, want %s", ref, pr.Errors, want)
		}
	}
}
