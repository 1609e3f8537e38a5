package ui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// TestPaletteAsksBeforeWriting: a command that writes files runs as a dry
// run first, and only y runs it for real; then the project is read again.
func TestPaletteAsksBeforeWriting(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, ":")
	if !m.browse.picker.Visible() || !strings.Contains(screenText(m), "Run a command") {
		t.Fatalf("':' did not open the palette:\n%s", screenText(m))
	}
	m = keys(t, m, "d", "o", "c")
	if got := m.browse.picker.Selected(); got == "" || !strings.Contains(screenText(m), "doctor --fix") || strings.Contains(screenText(m), "secrets --redact") {
		t.Fatalf("typing 'doc' shows:\n%s", screenText(m))
	}
	m = keys(t, m, "enter")
	if !m.browse.Dialog.Visible() || !strings.Contains(screenText(m), "doctor --fix · what it would change") ||
		!strings.Contains(screenText(m), "y changes one file") {
		t.Fatalf("no question before writing:\n%s", screenText(m))
	}
	gen := m.browse.gen
	m = keys(t, m, "y")
	want := []backend.CommandRequest{{Command: backend.CommandDoctor}, {Command: backend.CommandDoctor, Apply: true}}
	if !slices.Equal(b.Ran(), want) {
		t.Errorf("ran %+v, want the dry run then the fix", b.Ran())
	}
	if !strings.Contains(screenText(m), "report of doctor --fix") || m.browse.gen == gen {
		t.Errorf("the result is not shown, or the project not read again (gen %d → %d):\n%s", gen, m.browse.gen, screenText(m))
	}
}

// TestPaletteReplaysTheCaseUnderTheCursor: the palette offers to replay
// the case of the recording under the cursor, as replay --filter does.
func TestPaletteReplaysTheCaseUnderTheCursor(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, ":")
	if !strings.Contains(screenText(m), "replay --filter parallel_lookups") {
		t.Fatalf("no replay of the case under the cursor:\n%s", screenText(m))
	}
	m = keys(t, m, "down", "enter") // check, then replay --filter
	if len(b.Ran()) != 1 || b.Ran()[0] != (backend.CommandRequest{Command: backend.CommandReplay, Filter: "parallel_lookups"}) {
		t.Errorf("ran %+v", b.Ran())
	}
	if !m.browse.Dialog.Visible() || !strings.Contains(screenText(m), "report of replay parallel_lookups") {
		t.Errorf("the report is not shown:\n%s", screenText(m))
	}
	m = keys(t, m, "esc")
	if m.browse.Dialog.Visible() || m.browse.picker.Visible() {
		t.Error("esc did not close the report")
	}
}

// TestCoreRunsTheCommands: on a copy of the demo, each command of the
// palette does what its command-line command does.
func TestCoreRunsTheCommands(t *testing.T) {
	root := demoRoot(t)
	ctx := context.Background()
	check := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandCheck})
	if check.Err != nil || check.OK || !strings.HasPrefix(check.Lines[0], "replay") {
		t.Errorf("check: ok %v err %v\n%s", check.OK, check.Err, strings.Join(check.Lines, "\n"))
	}
	replay := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandReplay, Filter: "refunds_disabled_escalates"})
	if replay.Err != nil || replay.OK || !strings.Contains(strings.Join(replay.Lines, "\n"), "refund_agent::refunds_disabled_escalates") ||
		strings.Contains(strings.Join(replay.Lines, "\n"), "travel_booking") {
		t.Errorf("replay of one case:\n%s", strings.Join(replay.Lines, "\n"))
	}
	before := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandRedact})
	plan := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandBaseline})
	baseline := filepath.Join(root, secrets.DefaultBaselineFile)
	if plan.Todo == 0 || plan.Changed {
		t.Errorf("baseline dry run: %d to accept, changed %v", plan.Todo, plan.Changed)
	}
	if _, err := os.Stat(baseline); err == nil {
		t.Fatal("the dry run wrote the baseline")
	}
	done := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandBaseline, Apply: true})
	if done.Err != nil || !done.Changed {
		t.Fatalf("baseline: %v", done.Err)
	}
	if _, err := os.Stat(baseline); err != nil {
		t.Errorf("no baseline written: %v", err)
	}
	// The baseline accepts the demo's key; what it cannot accept (a file
	// that does not decode is scanned as text only) stays open, as with
	// the secrets command.
	after := backend.Core{}.Run(ctx, root, backend.CommandRequest{Command: backend.CommandRedact})
	if before.Todo == 0 || after.Todo >= before.Todo || after.Changed {
		t.Errorf("redact dry run: %d open before the baseline, %d after", before.Todo, after.Todo)
	}
}

// TestFlowPaletteRunsCheck: ':' then "check" runs the CI gate on
// project-B through the same core as `dryfire-tui check`, and shows its
// report in the browser.
func TestFlowPaletteRunsCheck(t *testing.T) {
	tm, scr := startCoreFlow(t, Options{Path: projectB}, 120, 35)
	scr.waitFor(t, tm, "15 recording(s) need attention", ": commands")
	tm.Type(":")
	scr.waitFor(t, tm, "Run a command", "check", "doctor --fix", "secrets --redact")
	tm.Type("check")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, "check · problems found", "replay   5 problems",
		"refund_agent::escalates_refund_over_limit  miss at turn 0 (key 889d4198e1d49324)")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	scr.waitFor(t, tm, "check: problems found")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
