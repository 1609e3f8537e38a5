package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// newCase is a case added to the fixture's refund_agent suite, never
// recorded.
const newCase = `  - name: apologises_for_late_delivery
    input: "My order C-7 is two weeks late."
    expect:
      - final_contains: sorry
`

// unrecordedProject is a git repository holding the anthropic-A record
// fixture with dryfire's cassettes, committed, then a case added to a
// suite (committed too): every file is live, and the new case misses.
func unrecordedProject(t *testing.T) uitest.Fixture {
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
	uitest.WriteFile(t, f.Dir, "evals/support/refund_agent.eval.yaml", append(data, newCase...))
	f.Git(t, "commit", "-q", "-am", "add a case")
	return f
}

// TestFlowRecordUnrecordedCase: a case added to a suite, which check
// fails on, is a row of the browser: it opens on it (not on "nothing
// needs attention"), the header and p count it, w records it against a
// local provider, the review shows the new file, and accepted, the row is
// a live recording of a passing case and the project replays fully.
func TestFlowRecordUnrecordedCase(t *testing.T) {
	f := unrecordedProject(t)
	srv := providertest.New(t, providertest.Text("We are sorry: C-7 ships tomorrow."))
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
	scr.waitFor(t, tm, "apologises_for_late_delivery", "? unrecorded", "?1 unrecorded", "w re-record", "1 problem needs attention",
		"? unrecorded 1 of 1", "case never recorded: replay of")
	tm.Type("p")
	scr.waitFor(t, tm, "Problems", "1 unrecorded", "record it (w)")
	tm.Send(uitest.PressKey("esc"))
	tm.Type("w")
	scr.waitFor(t, tm, "Re-record", "refund_agent ▸ apologises_for_late_delivery", "ANTHROPIC_API_KEY is set")
	tm.Type("y")
	scr.waitFor(t, tm, "review · project · 1 changed", "refund_agent ▸ apologises_for_late_delivery",
		"re-recorded 1 cassette: 1 case passed, 0 failed")
	tm.Type("A")
	scr.waitFor(t, tm, "Accept every change left?")
	tm.Type("y")
	scr.waitFor(t, tm, "1 accepted")
	tm.Type("q")
	scr.waitFor(t, tm, "38 recordings · ✗15 failing · ●38 live", "re-recorded 1 cassette")
	if strings.Contains(scr.last, "unrecorded") {
		t.Error("the case recorded is still unrecorded in the browser")
	}
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	if n := len(srv.Requests()); n != 1 {
		t.Errorf("recording made %d calls, want 1", n)
	}
	staged := strings.Fields(f.Git(t, "diff", "--cached", "--name-only"))
	if len(staged) != 1 || !strings.HasPrefix(staged[0], ".dryfire/cassettes/refund_agent/apologises_for_late_delivery/00-") {
		t.Errorf("staged %q, want the new case's recording", staged)
	}
	run, err := command.Run(context.Background(), command.RunRequest{Paths: []string{f.Dir}, Mode: engine.ModeReplay})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range run.Result.Cases {
		if c.Outcome == engine.OutcomeMiss {
			t.Errorf("%s::%s still misses: %s", c.Suite, c.Case, c.Message)
		}
	}
}

// TestFlowNoCassettesYet: a project with suites and no cassette at all
// lists a row for every case, not "No recordings found", and w on the
// suite offers to record each of its cases.
func TestFlowNoCassettesYet(t *testing.T) {
	f := unrecordedProject(t)
	if err := os.RemoveAll(filepath.Join(f.Dir, ".dryfire")); err != nil {
		t.Fatal(err)
	}
	rec := backend.CoreRecorder{Env: func(string) (string, bool) { return "", false }}
	m := New(Options{Path: f.Dir, Backend: backend.Core{}, Recorder: rec, IsDark: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(140, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	scr := newScreenWatcher(140, 40)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", scr.last)
		}
	})
	scr.waitFor(t, tm, "0 recordings", "unrecorded", "refund_agent", "parallel_lookups", "? unrecorded 1 of ")
	if strings.Contains(scr.last, "No recordings found") {
		t.Error("a project whose cases are not recorded says it has no recordings")
	}
	tm.Type("g") // the first suite
	tm.Type("w")
	scr.waitFor(t, tm, "Re-record", "checkout flow/v2::add to cart needs ANTHROPIC_API_KEY, which is not set")
	tm.Type("q")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
