package scan

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

// resolveTree is a project, a directory with no dryfire.yaml beside it,
// and a bare cassette directory, in a temporary directory (links
// resolved): every form of Resolve is tried on it.
func resolveTree(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{
		"proj/dryfire.yaml", "proj/evals/a.eval.yaml", "proj/evals/b.eval.yaml", "proj/evals/sub/c.eval.yaml",
		"proj/evals/.draft/d.eval.yaml", "proj/.dryfire/cassettes/s/c/00-0123456789abcdef.json",
		"loose/x.eval.yaml", "loose/y.eval.yaml",
		"bare/.dryfire/cassettes/s/c/00-0123456789abcdef.json",
	} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		data := "name: s\ncases: []\n"
		if filepath.Base(f) == suite.ConfigFileName {
			data = "version: 1\nsuites: [\"evals/*.eval.yaml\"]\n"
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "proj"), filepath.Join(root, "projlink")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	return root
}

// TestResolve: the forms of the PATH arguments, each resolved relative to
// the working directory it is given (never the process's), told apart as
// Resolve documents: no PATH, one directory, one .json file, and dryfire's
// suite form (globs, several PATHs, dryfire.yaml found from the working
// directory and optional).
func TestResolve(t *testing.T) {
	t.Parallel()
	root := resolveTree(t)
	for _, tc := range []struct {
		name string
		dir  string // relative to root
		args []string
		want Want
		// What the layout must be: its root (relative to root), suite
		// files (nil: dryfire.yaml's), whether it has a dryfire.yaml, one
		// file, and the cassette root (relative to root).
		root, cassettes string
		suites          []string
		configured      bool
		file            bool
	}{
		{name: "no PATH in a project", dir: "proj", want: Project, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true},
		{name: "no PATH below a project", dir: "proj/evals/sub", want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true},
		{name: "no PATH in a bare cassette directory", dir: "bare", want: Project, root: "bare", cassettes: "bare/.dryfire/cassettes"},
		{name: "a project directory", dir: ".", args: []string{"proj"}, want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true},
		{name: "a directory below a project", dir: "loose", args: []string{"../proj/evals"}, want: Project, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true},
		{name: "a recording", dir: "proj", args: []string{".dryfire/cassettes/s/c/00-0123456789abcdef.json"}, want: Project, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true, file: true},
		{name: "a suite file", dir: "proj", args: []string{"evals/a.eval.yaml"}, want: Project, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true,
			suites: []string{"evals/a.eval.yaml"}},
		{name: "a suite file of a project, from outside it", dir: "loose", args: []string{"../proj/evals/a.eval.yaml"}, want: Suites, root: "loose", cassettes: "loose/.dryfire/cassettes",
			suites: []string{root + "/loose/../proj/evals/a.eval.yaml"}}, // spelled as pathlib joins it
		{name: "a suite file, no dryfire.yaml", dir: "loose", args: []string{"x.eval.yaml"}, want: Suites, root: "loose", cassettes: "loose/.dryfire/cassettes",
			suites: []string{"x.eval.yaml"}},
		{name: "a recursive glob, hidden names left", dir: "proj", args: []string{"evals/**/*.eval.yaml"}, want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true,
			suites: []string{"evals/a.eval.yaml", "evals/b.eval.yaml", "evals/sub/c.eval.yaml"}},
		{name: "a hidden name matched by a pattern that starts with a dot", dir: "proj", args: []string{"evals/.*/*.yaml"}, want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true,
			suites: []string{"evals/.draft/d.eval.yaml"}},
		{name: "several PATHs, one file spelled three ways", dir: "proj", args: []string{"evals/sub/c.eval.yaml", "./evals/a.eval.yaml", "evals/*.eval.yaml", "evals//a.eval.yaml"}, want: Project,
			root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true, suites: []string{"evals/a.eval.yaml", "evals/b.eval.yaml", "evals/sub/c.eval.yaml"}},
		{name: "an absolute glob", dir: "loose", args: []string{root + "/loose/*.eval.yaml"}, want: Suites, root: "loose", cassettes: "loose/.dryfire/cassettes",
			suites: []string{"x.eval.yaml", "y.eval.yaml"}},
		{name: "a directory among several PATHs is a suite path", dir: "proj", args: []string{"evals", "evals/a.eval.yaml"}, want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true,
			suites: []string{"evals", "evals/a.eval.yaml"}},
		{name: "the working directory through a link: dryfire's is the real one", dir: "projlink", args: []string{"evals/b.eval.yaml"}, want: Suites, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true,
			suites: []string{"evals/b.eval.yaml"}},
		{name: "a suite file for a command over recordings is one file", dir: "proj", args: []string{"evals/a.eval.yaml"}, want: Recordings, root: "proj", cassettes: "proj/.dryfire/cassettes", configured: true, file: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l, err := Resolve(Request{Dir: filepath.Join(root, tc.dir), Args: tc.args, Want: tc.want})
			if err != nil {
				t.Fatal(err)
			}
			if l.Root != filepath.Join(root, tc.root) || l.CassetteRoot != filepath.Join(root, tc.cassettes) || l.IsFile != tc.file ||
				(l.Project != nil && l.Project.Configured()) != tc.configured || !slices.Equal(l.SuiteFiles, tc.suites) {
				t.Errorf("root %s, cassettes %s, file %v, project %+v, suites %q\nwant root %s, cassettes %s, file %v, configured %v, suites %q",
					l.Root, l.CassetteRoot, l.IsFile, l.Project, l.SuiteFiles, tc.root, tc.cassettes, tc.file, tc.configured, tc.suites)
			}
			if tc.suites != nil && (l.Project == nil || l.Path != l.Root) {
				t.Errorf("suite form: project %v, path %s", l.Project, l.Path)
			}
		})
	}
}

// TestResolveErrors: what the forms refuse, each error typed and saying
// what dryfire or this tool says.
func TestResolveErrors(t *testing.T) {
	t.Parallel()
	root := resolveTree(t)
	for _, tc := range []struct {
		name, dir string
		args      []string
		want      Want
		is        error
		msg       string
	}{
		{name: "no PATH and no dryfire.yaml, for a run", dir: "loose", want: Suites, is: suite.ErrNoProject,
			msg: "no suite paths given and no dryfire.yaml found"},
		{name: "no PATH and no recordings", dir: "loose", want: Project, is: ErrNoRecordings},
		{name: "a glob that matches nothing", dir: "proj", args: []string{"evals/**/*.eval.yml"}, want: Suites,
			msg: "no suite files matched: evals/**/*.eval.yml"},
		{name: "several PATHs that match nothing", dir: "proj", args: []string{"nope.yaml", "evals/*.txt"}, want: Project,
			msg: "no suite files matched: nope.yaml, evals/*.txt"},
		{name: "one PATH that is not there", dir: "proj", args: []string{"evalz"}, want: Project, is: ErrNotFound,
			msg: "evalz: no such file or directory"},
		{name: "one PATH that is not there, for a run", dir: "proj", args: []string{"evalz"}, want: Suites,
			msg: "no suite files matched: evalz"},
		{name: "a glob, for a command over recordings", dir: "proj", args: []string{"evals/*.eval.yaml"}, want: Recordings, is: ErrNotFound},
		{name: "a suite file outside a project, for a command over recordings", dir: "loose", args: []string{"x.eval.yaml"}, want: Recordings, is: ErrNoRecordings,
			msg: "x.eval.yaml is not a recording: dryfire cassettes and cassette-fn tapes are .json files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Resolve(Request{Dir: filepath.Join(root, tc.dir), Args: tc.args, Want: tc.want})
			var hinted interface{ Hint() string }
			switch {
			case err == nil:
				t.Fatal("resolved")
			case tc.is != nil && !errors.Is(err, tc.is):
				t.Errorf("error %v, want %v", err, tc.is)
			case tc.msg != "" && err.Error() != tc.msg:
				t.Errorf("error %q, want %q", err, tc.msg)
			case !errors.As(err, &hinted) || hinted.Hint() == "":
				t.Errorf("error %v carries no hint", err)
			}
		})
	}
}
