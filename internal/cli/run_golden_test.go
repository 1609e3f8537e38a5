package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// runGolden is one run of testdata/run/runs.txt: a project, the flags,
// dryfire's PATHs and the working directory when given, and what the real
// dryfire did (testdata/run/golden/NAME).
type runGolden struct {
	name, project string
	flags, paths  []string
	// cwd is the working directory, relative to the project ("" when the
	// run is given the project as its PATH).
	cwd string
}

// inProject reports whether the run is made in the project's directory
// with dryfire's PATHs (or none), rather than given the project as PATH.
func (g runGolden) inProject() bool { return len(g.paths) > 0 || g.cwd != "" }

func readRunGoldens(t *testing.T) []runGolden {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "run", "runs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []runGolden
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := append(strings.Split(line, "|"), "", "")
		runs = append(runs, runGolden{name: strings.TrimSpace(parts[0]), project: strings.TrimSpace(parts[1]),
			flags: strings.Fields(parts[2]), paths: strings.Fields(parts[3]), cwd: strings.TrimSpace(parts[4])})
	}
	return runs
}

var (
	generatedAt = regexp.MustCompile(`"generated_at": "[^"]*"`)
	durationMS  = regexp.MustCompile(`"duration_ms": \d+`)
	junitTime   = regexp.MustCompile(`(time|timestamp)="[^"]*"`)
	textSeconds = regexp.MustCompile(`\b\d+\.\ds\b`)
)

// untimed blanks what measures time: generated_at, duration_ms, JUnit's
// time and timestamp attributes and the report's seconds.
func untimed(s string) string {
	s = generatedAt.ReplaceAllString(s, `"generated_at": "-"`)
	s = durationMS.ReplaceAllString(s, `"duration_ms": 0`)
	s = junitTime.ReplaceAllString(s, `$1="-"`)
	return textSeconds.ReplaceAllString(s, "-s")
}

// TestRunMatchesDryfire runs every golden run with dryfire-tui run and
// compares the run document and the JUnit XML byte for byte with what
// dryfire wrote (its layout, escaping and numbers), apart from the times;
// stdout, a pipe here, byte for byte too (the terminal report, -v, the
// run document or JUnit of --reporter; dryfire prints absolute suite
// paths in the report, dryfire-tui paths from the project root), ESC, C1,
// U+FEFF, U+0085, U+2028 and U+200B of suites and cassettes included
// (hostile-text); and the exit code.
func TestRunMatchesDryfire(t *testing.T) {
	for _, g := range readRunGoldens(t) {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			if strings.Contains(g.project, "passthrough") || strings.Contains(g.project, "impl-errors") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("passthrough mocks run in Python, and python3 is not on PATH")
				}
			}
			want := filepath.Join("testdata", "run", "golden", g.name)
			dir := goldenProject(t, g.project)
			root, err := filepath.EvalSymlinks(dir)
			if err != nil {
				t.Fatal(err)
			}
			out, errOut, code := runGoldenRun(g, dir)
			wantCode, _ := strconv.Atoi(strings.TrimSpace(readText(t, filepath.Join(want, "exit_code"))))
			if code != wantCode {
				t.Errorf("exit %d, dryfire %d\nstderr: %s", code, wantCode, errOut.String())
			}
			for _, f := range []string{"run.json", "junit.xml"} {
				compareRunFile(t, filepath.Join(want, f), filepath.Join(dir, f), root)
			}
			checkRunSchemas(t, dir, want)
			wantOut := readText(t, filepath.Join(want, "stdout.txt"))
			if slices.Contains(g.flags, "--reporter") {
				// The run document and JUnit on stdout name files as the
				// files do.
				wantOut = strings.ReplaceAll(wantOut, "<PROJECT>", root)
			}
			// The terminal report names suite files from the project root,
			// and those outside it as dryfire names them.
			prefix := reportRoot(dir, g.cwd)
			wantOut = strings.ReplaceAll(wantOut, prefix+"../", "\x00")
			wantOut = strings.ReplaceAll(wantOut, prefix, "")
			wantOut = strings.ReplaceAll(wantOut, "\x00", prefix+"../")
			wantOut = strings.ReplaceAll(wantOut, "<PROJECT>", root)
			if g.name == "passthrough" {
				// What the callables print goes to stderr here (dryfire
				// lets it into stdout, before its report).
				const printed = "impl output goes to stderr, not into the protocol\n"
				wantOut = strings.Replace(wantOut, printed, "", 1)
				if !strings.Contains(errOut.String(), printed) {
					t.Errorf("the callable's print is not on stderr: %q", errOut.String())
				}
			}
			if got := untimed(out.String()); got != untimed(wantOut) {
				t.Errorf("stdout differs from dryfire's:\n%s", lineDiff(untimed(wantOut), got))
			}
			if g.name == "impl-errors" || g.name == "regex-invalid" {
				compareSpecErrors(t, readText(t, filepath.Join(want, "stderr.txt")), errOut.String(), root)
			}
		})
	}
}

// reportRoot is the project root as dryfire's report spells it, with the
// copy's path as <PROJECT>: the directory of the dryfire.yaml found from
// the working directory cwd (relative to the copy dir), or cwd itself
// without one.
func reportRoot(dir, cwd string) string {
	start := filepath.Join(dir, filepath.FromSlash(cwd))
	root := start
	for d := start; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "dryfire.yaml")); err == nil {
			root = d
			break
		}
		if d == dir || d == filepath.Dir(d) {
			break
		}
	}
	rel, err := filepath.Rel(dir, root)
	if err != nil || rel == "." {
		return "<PROJECT>/"
	}
	return "<PROJECT>/" + filepath.ToSlash(rel) + "/"
}

// goldenProject is a copy of the run's project, or for the project init
// an empty directory in which dryfire-tui init has written its example
// project.
func goldenProject(t *testing.T, project string) string {
	t.Helper()
	if project != "init" {
		return reviewtest.CopyTree(t, filepath.FromSlash(project))
	}
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := Run(context.Background(), []string{"init", "--dir", dir}, Env{Stdin: strings.NewReader(""), Stdout: &out,
		Stderr: &errOut, Now: time.Now, Getenv: func(string) string { return "" }}); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, errOut.String())
	}
	return dir
}

// runGoldenRun runs the golden run with dryfire-tui in dir, the
// project's copy: given dir as its PATH, or in dir (or the working
// directory below it) with dryfire's PATHs, as dryfire ran it.
func runGoldenRun(g runGolden, dir string) (out, errOut bytes.Buffer, code int) {
	var mode []string
	if !slices.Contains(g.flags, "--cassette-mode") {
		mode = []string{"--cassette-mode", "replay"}
	}
	files := []string{"--json-out", filepath.Join(dir, "run.json"), "--junit-out", filepath.Join(dir, "junit.xml")}
	e := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Now: time.Now, Getenv: func(string) string { return "" }}
	args := append(append([]string{"run", dir}, mode...), files...)
	if g.inProject() {
		args = append(append([]string{"run"}, mode...), files...)
		e.Dir = filepath.Join(dir, filepath.FromSlash(g.cwd))
	}
	args = append(append(args, g.flags...), g.paths...)
	code = Run(context.Background(), args, e)
	return out, errOut, code
}

// compareRunFile compares one of our files with dryfire's (absent when
// dryfire wrote none).
func compareRunFile(t *testing.T, wantPath, gotPath, root string) {
	t.Helper()
	wantData, err := os.ReadFile(wantPath)
	gotData, gotErr := os.ReadFile(gotPath)
	switch {
	case os.IsNotExist(err) && os.IsNotExist(gotErr):
		return
	case os.IsNotExist(err):
		t.Errorf("wrote %s; dryfire writes none", filepath.Base(gotPath))
		return
	case gotErr != nil:
		t.Errorf("did not write %s: %v", filepath.Base(gotPath), gotErr)
		return
	}
	want := untimed(strings.ReplaceAll(string(wantData), "<PROJECT>", root))
	if got := untimed(string(gotData)); got != want {
		t.Errorf("%s differs from dryfire's:\n%s", filepath.Base(gotPath), lineDiff(want, got))
	}
}

// compareSpecErrors checks that our spec errors are dryfire's, byte for
// byte: each message, file, line, column, location, source line and
// caret, in order (root is the project root, which dryfire prints).
func compareSpecErrors(t *testing.T, dryfire, ours, root string) {
	t.Helper()
	want := strings.ReplaceAll(dryfire, "<PROJECT>", root)
	if ours != want {
		t.Errorf("spec errors differ from dryfire's:\n%s", lineDiff(want, ours))
	}
}

// realDir is dir with its links resolved, as dryfire names the working
// directory and the project root.
func realDir(t *testing.T, dir string) string {
	t.Helper()
	p, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lineDiff shows the first differing line with some context.
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n dryfire: " + x + "\n ours:    " + y
		}
	}
	return "(equal lines, different bytes)"
}
