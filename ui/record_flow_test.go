package ui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/providertest"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

// staleProject is a git repository holding the anthropic-A record fixture
// with dryfire's cassettes, committed; then the input of
// refund_agent::parallel_lookups changes (committed too), so that its
// recording goes stale.
func staleProject(t *testing.T) fixture {
	t.Helper()
	fx := filepath.Join("..", "testdata", "golden", "record", "anthropic-A")
	f := newEmptyFixture(t)
	if err := os.CopyFS(f.dir, os.DirFS(filepath.Join(fx, "project"))); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(f.dir, ".dryfire", "cassettes"), os.DirFS(filepath.Join(fx, "expected-cassettes"))); err != nil {
		t.Fatal(err)
	}
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "record")
	suiteFile := filepath.Join(f.dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(data), `"Compare my orders A-991 and B-100 please."`, `"Compare my orders A-991 and B-100, please."`, 1)
	if changed == string(data) {
		t.Fatal("the case input to change is not in the suite")
	}
	writeFile(t, f.dir, "evals/support/refund_agent.eval.yaml", []byte(changed))
	f.git(t, "commit", "-q", "-am", "reword a case")
	return f
}

// newEmptyFixture is an empty git repository.
func newEmptyFixture(t *testing.T) fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "project")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f := fixture{dir: dir, dirs: []string{filepath.Join(dir, ".dryfire", "cassettes")}}
	f.git(t, "init", "-q", "-b", "main")
	f.git(t, "config", "user.email", "test@example.com")
	f.git(t, "config", "user.name", "test")
	f.git(t, "config", "commit.gpgsign", "false")
	return f
}

// TestFlowReRecordStaleCase: the browser opens on the stale recording, w
// says what re-recording its case calls (provider, model, key set, calls
// at most, cost), y records it against a local provider with progress, the
// review page shows the new recording, a accepts (stages) it, q goes back
// to the browser; the project then replays fully.
func TestFlowReRecordStaleCase(t *testing.T) {
	f := staleProject(t)
	srv := providertest.New(t, providertest.Text("Both orders arrived: A-991 for $780, B-100 for $20."))
	env := srv.Env()
	rec := CoreRecorder{
		Env:      func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries, Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }},
	}
	m := New(Options{Path: f.dir, Backend: Core{}, Recorder: rec, IsDark: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(140, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	scr := newScreenWatcher(140, 40)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", scr.last)
		}
	})
	scr.waitFor(t, tm, "parallel_lookups", "◐ stale", "w re-record")
	tm.Type("w")
	scr.waitFor(t, tm, "Re-record", "refund_agent ▸ parallel_lookups", "provider  anthropic · model claude-sonnet-4-6",
		"ANTHROPIC_API_KEY is set", "at most 6 call(s) (1 repetition(s))", "cost      about $", "writes    .dryfire/cassettes")
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d calls before the dialog was answered", n)
	}
	tm.Type("y")
	scr.waitFor(t, tm, "review · project · 1 changed", "refund_agent ▸ parallel_lookups", "q back to browse")
	tm.Type("a")
	scr.waitFor(t, tm, "1 accepted")
	tm.Type("q")
	scr.waitFor(t, tm, "○ superseded", "w re-record")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	if n := len(srv.Requests()); n != 1 {
		t.Errorf("re-recording made %d calls, want 1 (the provider answered at once)", n)
	}
	staged := f.git(t, "diff", "--cached", "--name-only")
	if !strings.HasPrefix(staged, ".dryfire/cassettes/refund_agent/parallel_lookups/00-") || strings.Count(staged, "\n") != 1 {
		t.Errorf("staged %q, want the new recording of parallel_lookups", staged)
	}
	_, res, err := workspace.Run(context.Background(), f.dir, workspace.RunOptions{Mode: engine.ModeReplay})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Cases {
		if c.Outcome == engine.OutcomeMiss {
			t.Errorf("%s::%s still misses: %s", c.Suite, c.Case, c.Message)
		}
	}
}
