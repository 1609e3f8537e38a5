package backend

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/examples"
)

// TestCoreRunDiffAndPrune: on a copy of the demo, the palette's run is
// dryfire's terminal report of a replay run, its diff explains the miss of
// one recording, and its prune lists what may go, then removes those files
// only while they are still what the dry run listed.
func TestCoreRunDiffAndPrune(t *testing.T) {
	root, err := examples.Materialize(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := Core{}.Run(ctx, root, CommandRequest{Command: CommandRun})
	text := strings.Join(run.Lines, "\n")
	// The demo's broken suite stops dryfire's run before any case runs.
	if run.OK || run.Outcome != command.UsageError || !strings.Contains(text, "incident.eval.yaml") || !strings.Contains(text, "retries") {
		t.Errorf("run: outcome %v ok %v err %v\n%s", run.Outcome, run.OK, run.Err, text)
	}
	diff := Core{}.Run(ctx, root, CommandRequest{Command: CommandDiff, Ref: "6771cd626322a509"})
	text = strings.Join(diff.Lines, "\n")
	if diff.Title != "diff 6771cd626322a509" || !strings.Contains(text, "refunds_disabled_escalates › turn 2") || strings.Contains(text, "escalates_refund_in_french") {
		t.Errorf("diff of one recording: err %v\n%s", diff.Err, text)
	}

	plan := Core{}.Run(ctx, root, CommandRequest{Command: CommandPrune})
	listed := strings.Split(plan.Listed, "\n")
	if plan.Err != nil || plan.Todo != 3 || len(listed) != 3 || plan.Changed {
		t.Fatalf("prune dry run: %d to remove, listed %q, err %v", plan.Todo, plan.Listed, plan.Err)
	}
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Fatalf("the dry run removed %s", p)
		}
	}
	stale := Core{}.Run(ctx, root, CommandRequest{Command: CommandPrune, Apply: true, Listed: listed[0]})
	if stale.Err == nil || stale.Changed || !strings.Contains(stale.Err.Error(), "nothing removed") {
		t.Errorf("a prune of another list than the project's: changed %v, err %v", stale.Changed, stale.Err)
	}
	done := Core{}.Run(ctx, root, CommandRequest{Command: CommandPrune, Apply: true, Listed: plan.Listed})
	if done.Err != nil || !done.Changed || done.Title != "prune --yes" {
		t.Fatalf("prune --yes: changed %v, err %v\n%s", done.Changed, done.Err, strings.Join(done.Lines, "\n"))
	}
	for _, p := range listed {
		if _, err := os.Stat(filepath.Join(root, p)); !os.IsNotExist(err) {
			t.Errorf("%s is still there: %v", p, err)
		}
	}

	// Without the broken suite, every case runs.
	incident := filepath.Join(root, "evals", "ops", "incident.eval.yaml")
	if err := os.Remove(incident); err != nil {
		t.Fatal(err)
	}
	run = Core{}.Run(ctx, root, CommandRequest{Command: CommandRun})
	text = strings.Join(run.Lines, "\n")
	if run.OK || run.Outcome != command.Miss || !strings.Contains(text, "escalates_refund_in_french") || !strings.Contains(text, "passed") ||
		strings.Contains(text, "AKIA") {
		t.Errorf("run: outcome %v ok %v err %v\n%s", run.Outcome, run.OK, run.Err, text)
	}
}
