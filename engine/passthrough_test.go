package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

const passthroughProject = "../testdata/run/projects/passthrough"

func runProject(t *testing.T, dir string, o Options) *Result {
	t.Helper()
	p, err := suite.LoadProject(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, jsonFiles(p.CassetteRoot), cassette.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Run(context.Background(), p, s, o)
}

// TestPassthroughWithoutPython: without an interpreter, a case that
// reaches an impl: mock errors with a message that says so; the cases
// that do not reach one are graded as usual.
func TestPassthroughWithoutPython(t *testing.T) {
	t.Parallel()
	inv := NewPythonInvoker(passthroughProject, func(string) string { return "/nonexistent/python3" }, nil)
	res := runProject(t, passthroughProject, Options{Invoker: inv})
	defer inv.Close()
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			switch s.Name {
			case "passthrough":
				if c.Passed || !strings.Contains(c.Rep.CaseError, "needs Python to run, and /nonexistent/python3 was not found") {
					t.Errorf("%s: passed=%v error %q", c.Case, c.Passed, c.Rep.CaseError)
				}
			case "twin":
				if !c.Passed {
					t.Errorf("twin %s failed: %q", c.Case, c.Rep.CaseError)
				}
			}
		}
	}
	if res.RunExitCode != 1 {
		t.Errorf("exit %d, want 1 (cases errored)", res.RunExitCode)
	}
}

// TestPassthroughWithoutInvokerIsSkipped: the replay behind ls and the
// browser never runs project code: such a case stops, skipped.
func TestPassthroughWithoutInvokerIsSkipped(t *testing.T) {
	t.Parallel()
	res := runProject(t, passthroughProject, Options{})
	for _, c := range res.Cases {
		if c.Suite == "passthrough" && (c.Outcome != OutcomeSkipped || !c.NeedsPython || len(c.Visits) != 1) {
			t.Errorf("%s: %s needs-python=%v, %d visits", c.Case, c.Outcome, c.NeedsPython, len(c.Visits))
		}
	}
}

// TestPythonTimeoutAbandonsTheCall: a callable that never returns is
// abandoned after the timeout with dryfire's message, and the next call is
// answered by a fresh process.
func TestPythonTimeoutAbandonsTheCall(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH")
	}
	dir := t.TempDir()
	module := "import threading\n\ndef hang(args):\n    threading.Event().wait()\n\ndef echo(args):\n    return args\n"
	if err := os.WriteFile(filepath.Join(dir, "slowmod.py"), []byte(module), 0o644); err != nil {
		t.Fatal(err)
	}
	inv := NewPythonInvoker(dir, nil, nil)
	inv.Timeout = 500 * time.Millisecond
	defer inv.Close()
	call := cassette.ToolCall{ID: "c1", Name: "t", Arguments: jsonv.ObjectValue(jsonv.M("a", jsonv.IntValue(1)))}
	r, err := inv.Invoke(context.Background(), "slowmod:hang", call)
	want := "passthrough impl 'slowmod:hang' timed out after 0.5s (the call was abandoned; a sync impl may still be running)"
	if err != nil || !r.Result.IsError || r.Result.Content.Str() != want {
		t.Fatalf("%+v %v, want the timeout result", r, err)
	}
	r, err = inv.Invoke(context.Background(), "slowmod:echo", call)
	if err != nil || r.Result.IsError || r.Result.Content.Field("a").Text != "1" {
		t.Errorf("after a timeout: %+v %v", r, err)
	}
}
