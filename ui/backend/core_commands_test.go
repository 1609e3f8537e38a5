package backend

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/examples"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// TestCoreRunsTheCommands: on a copy of the demo, each command of the
// palette does what its command-line command does.
func TestCoreRunsTheCommands(t *testing.T) {
	root, err := examples.Materialize(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	check := Core{}.Run(ctx, root, CommandRequest{Command: CommandCheck})
	// The demo's broken suite: the check's document, then what the check
	// command says after it.
	if check.OK || check.Outcome != command.UsageError || check.Err == nil || check.Err.Error() != "1 spec or config error" ||
		!strings.HasPrefix(check.Lines[0], "replay") {
		t.Errorf("check: ok %v err %v\n%s", check.OK, check.Err, strings.Join(check.Lines, "\n"))
	}
	replay := Core{}.Run(ctx, root, CommandRequest{Command: CommandReplay, Filter: "refunds_disabled_escalates"})
	if replay.Err != nil || replay.OK || !strings.Contains(strings.Join(replay.Lines, "\n"), "refund_agent::refunds_disabled_escalates") ||
		strings.Contains(strings.Join(replay.Lines, "\n"), "travel_booking") {
		t.Errorf("replay of one case:\n%s", strings.Join(replay.Lines, "\n"))
	}
	before := Core{}.Run(ctx, root, CommandRequest{Command: CommandRedact})
	plan := Core{}.Run(ctx, root, CommandRequest{Command: CommandBaseline})
	baseline := filepath.Join(root, secrets.DefaultBaselineFile)
	if plan.Todo == 0 || plan.Changed {
		t.Errorf("baseline dry run: %d to accept, changed %v", plan.Todo, plan.Changed)
	}
	if _, err := os.Stat(baseline); err == nil {
		t.Fatal("the dry run wrote the baseline")
	}
	done := Core{}.Run(ctx, root, CommandRequest{Command: CommandBaseline, Apply: true})
	if done.Err != nil || !done.Changed {
		t.Fatalf("baseline: %v", done.Err)
	}
	if _, err := os.Stat(baseline); err != nil {
		t.Errorf("no baseline written: %v", err)
	}
	// The baseline accepts the demo's key; what it cannot accept (a file
	// that does not decode is scanned as text only) stays open, as with
	// the secrets command.
	after := Core{}.Run(ctx, root, CommandRequest{Command: CommandRedact})
	if before.Todo == 0 || after.Todo >= before.Todo || after.Changed {
		t.Errorf("redact dry run: %d open before the baseline, %d after", before.Todo, after.Todo)
	}
}

// TestPaletteMasksTheKeys: every report of the palette masks the values of
// the API keys of the environment, as the command line's streams do. The
// key here is spelled as one of the demo's case names, so that the reports
// would print it.
func TestPaletteMasksTheKeys(t *testing.T) {
	root, err := examples.Materialize(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const key = "refunds_disabled_escalates"
	env := command.Env{LookupEnv: func(name string) (string, bool) {
		if name == "ANTHROPIC_API_KEY" {
			return key, true
		}
		return "", false
	}}
	ctx := context.Background()
	for _, cmd := range []string{CommandCheck, CommandReplay, CommandRun, CommandDoctor, CommandPrune, CommandRedact} {
		res := Core{Env: env}.Run(ctx, root, CommandRequest{Command: cmd})
		text := strings.Join(res.Lines, "\n")
		if res.Err != nil {
			text += "\n" + res.Err.Error()
		}
		if strings.Contains(text, key) {
			t.Errorf("%s shows the key:\n%s", cmd, text)
		}
		if (cmd == CommandCheck || cmd == CommandReplay) && !strings.Contains(text, "[$ANTHROPIC_API_KEY]") {
			t.Errorf("%s does not show the key's mask:\n%s", cmd, text)
		}
	}
}
