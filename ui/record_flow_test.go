package ui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/command/dryfire"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// staleProject is a git repository holding the anthropic-A record fixture
// with dryfire's cassettes, committed; then the input of
// refund_agent::parallel_lookups changes (committed too), so that its
// recording goes stale.
func staleProject(t *testing.T) uitest.Fixture {
	t.Helper()
	fx := filepath.Join("..", "testdata", "golden", "record", "anthropic-A")
	f := newEmptyFixture(t)
	if err := os.CopyFS(f.Dir, os.DirFS(filepath.Join(fx, "project"))); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(f.Dir, ".dryfire", "cassettes"), os.DirFS(filepath.Join(fx, "expected-cassettes"))); err != nil {
		t.Fatal(err)
	}
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "record")
	suiteFile := filepath.Join(f.Dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(data), `"Compare my orders A-991 and B-100 please."`, `"Compare my orders A-991 and B-100, please."`, 1)
	if changed == string(data) {
		t.Fatal("the case input to change is not in the suite")
	}
	uitest.WriteFile(t, f.Dir, "evals/support/refund_agent.eval.yaml", []byte(changed))
	f.Git(t, "commit", "-q", "-am", "reword a case")
	return f
}

// newEmptyFixture is an empty git repository.
func newEmptyFixture(t *testing.T) uitest.Fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "project")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f := uitest.Fixture{Dir: dir, Dirs: []string{filepath.Join(dir, ".dryfire", "cassettes")}}
	f.Git(t, "init", "-q", "-b", "main")
	f.Git(t, "config", "user.email", "test@example.com")
	f.Git(t, "config", "user.name", "test")
	f.Git(t, "config", "commit.gpgsign", "false")
	return f
}

// TestFlowReRecordStaleCase: the browser opens on the stale recording, w
// says what re-recording its case calls (provider, model, key set, calls
// at most, cost), y records it against a local provider, the status line
// following each call, the review page shows what changed at the level of
// meaning, A and y accept (stage) it, q goes back to the browser; the project
// then replays fully, the re-recorded case passing on its new recording.
func TestFlowReRecordStaleCase(t *testing.T) {
	f := staleProject(t)
	release := make(chan struct{})
	srv := providertest.New(t, providertest.Numbered(func(n int, path string, body jsonv.Value) (int, string) {
		if n == 1 {
			return 200, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[` +
				`{"type":"tool_use","id":"toolu_1","name":"lookup_order","input":{"order_id":"A-991"}},` +
				`{"type":"tool_use","id":"toolu_2","name":"lookup_order","input":{"order_id":"B-100"}}],` +
				`"stop_reason":"tool_use","usage":{"input_tokens":220,"output_tokens":40}}`
		}
		<-release // the second call waits until the test has seen the progress of the first
		return providertest.Text("Both orders arrived: A-991 for $780, B-100 for $20.")(path, body)
	}))
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free) // before the server closes
	env := srv.Env()
	rec := backend.CoreRecorder{
		Env:      func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries, Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }},
	}
	m := New(Options{Path: f.Dir, Backend: backend.Core{}, Recorder: rec, IsDark: true})
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
		"ANTHROPIC_API_KEY is set", "at most 6 calls (1 repetition)", "cost      about $", "writes    .dryfire/cassettes")
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d calls before the dialog was answered", n)
	}
	tm.Type("y")
	scr.waitFor(t, tm, "re-recording: 1/6 calls · refund_agent::parallel_lookups turn 00 recorded · esc stops", "esc stop recording")
	free()
	scr.waitFor(t, tm, "review · project · 2 changed", "refund_agent ▸ parallel_lookups", "What changed",
		"turn 00 re-recorded under a new key", "body fingerprint 6e943a4a4125d90d →", "q back to browse",
		"re-recorded 2 cassettes: 1 case passed, 0 failed")
	tm.Type("A")
	scr.waitFor(t, tm, "Accept every change left?", "Stage 2 changes:")
	tm.Type("y")
	scr.waitFor(t, tm, "2 accepted")
	tm.Type("q")
	scr.waitFor(t, tm, "○ superseded", "re-recorded 2 cassettes: 1 case passed, 0 failed")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	if n := len(srv.Requests()); n != 2 {
		t.Errorf("re-recording made %d calls, want 2 (a tool round, then the answer)", n)
	}
	staged := strings.Fields(f.Git(t, "diff", "--cached", "--name-only"))
	if len(staged) != 2 || !strings.HasPrefix(staged[0], ".dryfire/cassettes/refund_agent/parallel_lookups/00-") ||
		!strings.HasPrefix(staged[1], ".dryfire/cassettes/refund_agent/parallel_lookups/01-") {
		t.Errorf("staged %q, want the two new recordings of parallel_lookups", staged)
	}
	run, err := dryfire.Run(context.Background(), dryfire.RunRequest{Paths: []string{f.Dir}, Mode: engine.ModeReplay})
	if err != nil {
		t.Fatal(err)
	}
	res := run.Result
	for _, c := range res.Cases {
		if c.Outcome == engine.OutcomeMiss {
			t.Errorf("%s::%s still misses: %s", c.Suite, c.Case, c.Message)
		}
		if c.Case == "parallel_lookups" && (c.Outcome != engine.OutcomeHit || len(c.Visits) != 2 || !c.Passed) {
			t.Errorf("parallel_lookups replays as %s in %d calls, passed %v; want both recorded calls served, passing as recorded",
				c.Outcome, len(c.Visits), c.Passed)
		}
	}
}
