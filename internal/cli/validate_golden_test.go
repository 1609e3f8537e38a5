package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// validateGolden is one line of testdata/validate/runs.txt: a command line
// the real dryfire ran in a copy of a project, and how ours compares.
type validateGolden struct {
	name, project, mode string
	args                []string
	// cwd is the working directory, relative to the project's copy.
	cwd string
}

func readValidateGoldens(t *testing.T) []validateGolden {
	t.Helper()
	var out []validateGolden
	for _, line := range strings.Split(readText(t, filepath.Join("testdata", "validate", "runs.txt")), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 4 && len(f) != 5 {
			t.Fatalf("runs.txt: %q has not 4 or 5 fields", line)
		}
		g := validateGolden{name: strings.TrimSpace(f[0]), project: strings.TrimSpace(f[1]),
			mode: strings.TrimSpace(f[2]), args: strings.Fields(f[3])}
		if len(f) == 5 {
			g.cwd = strings.TrimSpace(f[4])
		}
		out = append(out, g)
	}
	if len(out) < 20 {
		t.Fatalf("only %d runs in runs.txt", len(out))
	}
	return out
}

// TestValidateMatchesDryfire runs every command line of
// testdata/validate/runs.txt in a copy of its project, from the project's
// directory (or the working directory the line gives) as dryfire ran it, and compares stdout, stderr and the exit
// code with what dryfire printed: byte for byte (validate's "ok: …", every
// kind of spec error the loader reports with its location, caret and
// "(nearest enclosing node)", several files, dryfire.yaml's errors as
// pydantic and ruamel word them, run's spec errors), or where ours
// deliberately differs (docs/compatibility.md), exactly as described in
// runs.txt.
func TestValidateMatchesDryfire(t *testing.T) {
	for _, g := range readValidateGoldens(t) {
		t.Run(g.name, func(t *testing.T) {
			want := filepath.Join("testdata", "validate", "golden", g.name)
			wantCode, err := strconv.Atoi(strings.TrimSpace(readText(t, filepath.Join(want, "exit_code"))))
			if err != nil {
				t.Fatal(err)
			}
			wantOut, wantErr := readText(t, filepath.Join(want, "stdout.txt")), readText(t, filepath.Join(want, "stderr.txt"))
			dir := reviewtest.CopyTree(t, filepath.Join("testdata", "validate", "projects", g.project))
			root := realDir(t, dir)
			wantOut = strings.ReplaceAll(wantOut, "<PROJECT>", root)
			wantErr = strings.ReplaceAll(wantErr, "<PROJECT>", root)
			t.Chdir(filepath.Join(dir, filepath.FromSlash(g.cwd)))
			var out, errOut bytes.Buffer
			code := Run(context.Background(), g.args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
				Now: time.Now, Getenv: func(string) string { return "" }})
			if code != wantCode {
				t.Errorf("exit %d, dryfire %d\nstderr: %s", code, wantCode, errOut.String())
			}
			if out.String() != wantOut {
				t.Errorf("stdout differs from dryfire's:\n%s", lineDiff(wantOut, out.String()))
			}
			compareValidateErr(t, g.mode, wantErr, errOut.String(), root)
		})
	}
}

// compareValidateErr compares our stderr with dryfire's as mode says.
func compareValidateErr(t *testing.T, mode, dryfire, ours, root string) {
	t.Helper()
	switch mode {
	case "same":
		// stderr escapes what it prints wherever it goes (a byte-order
		// mark, a control character of a suite's line).
		dryfire = visible.Text(dryfire)
		if ours != dryfire {
			t.Errorf("stderr differs from dryfire's:\n%s", lineDiff(dryfire, ours))
		}
	case "prefixed":
		first, hint, _ := strings.Cut(ours, "\n")
		if first+"\n" != "dryfire-tui: "+dryfire || !strings.HasPrefix(hint, "dryfire-tui: hint: ") {
			t.Errorf("stderr is not dryfire's %q after dryfire-tui: and a hint:\n%s", dryfire, ours)
		}
	case "positioned":
		if !strings.HasPrefix(dryfire, "error: internal error: ") {
			t.Fatalf("dryfire did not stop with an internal error:\n%s", dryfire)
		}
		msg, _, _ := strings.Cut(strings.TrimPrefix(dryfire, "error: internal error: "), "\n")
		if !strings.HasPrefix(ours, "error: "+msg+"\n  --> "+root+string(filepath.Separator)) || !strings.Contains(ours, "\n   1 | ") {
			t.Errorf("stderr is not dryfire's message positioned in the file, with its line:\n%s", ours)
		}
	case "refnote":
		if skeleton(ours) != skeleton(dryfire) || !strings.Contains(ours, "which a $ref brought in (its lines are not shown)") || sourceShown.MatchString(ours) {
			t.Errorf("stderr differs from dryfire's but for the lines of the $ref'd file:\n%s", lineDiff(dryfire, ours))
		}
	default:
		t.Fatalf("runs.txt: unknown mode %q", mode)
	}
}

// gutters matches the lines of a source line shown under an error, and
// the note shown instead; sourceShown the former only.
var (
	gutters     = regexp.MustCompile(`(?m)^ +(\d+ )?\|.*\n|^   = note: .*\n`)
	sourceShown = regexp.MustCompile(`(?m)^ +(\d+ )?\|`)
)

// skeleton is stderr without the source lines shown under its errors
// (and without the note shown in their place).
func skeleton(s string) string { return gutters.ReplaceAllString(s, "") }

// TestValidateGoldensAreComplete: every golden directory is a line of
// runs.txt and every line has its directory, so neither is left behind.
func TestValidateGoldensAreComplete(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, g := range readValidateGoldens(t) {
		names[g.name] = true
		if _, err := os.Stat(filepath.Join("testdata", "validate", "golden", g.name, "exit_code")); err != nil {
			t.Errorf("%s: no golden data (run testdata/validate/make-goldens.sh %s)", g.name, g.name)
		}
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "validate", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !names[e.Name()] {
			t.Errorf("golden/%s is in no line of runs.txt", e.Name())
		}
	}
}
