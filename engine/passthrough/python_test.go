package passthrough

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// project has passthrough mocks in suite passthrough, and twin, the same
// cases with their answers recorded as plain mocks.
const project = "../../testdata/run/projects/passthrough"

// runProject runs the project's cases in replay, their passthrough mocks
// answered by inv.
func runProject(t *testing.T, inv engine.Invoker) *engine.Result {
	t.Helper()
	p, err := suite.LoadProject(project, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(p.CassetteRoot, "*", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cassettes under %s: %v", p.CassetteRoot, err)
	}
	s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, slices.Values(files), cassette.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return engine.Run(context.Background(), p, s, engine.Options{Invoker: inv})
}

// TestPassthroughWithoutPython: without an interpreter, a case that
// reaches an impl: mock errors with a message that says so; the cases
// that do not reach one are graded as usual.
func TestPassthroughWithoutPython(t *testing.T) {
	t.Parallel()
	inv := NewPythonInvoker(project, func(string) string { return "/nonexistent/python3" }, nil)
	res := runProject(t, inv)
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
