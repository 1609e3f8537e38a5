package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
)

// TestDemoShowsEveryStatus materialises the demo and checks that its
// recordings cover every status the browser is meant to show, and that the
// fake secret is generated, found, and absent from the repository copy.
func TestDemoShowsEveryStatus(t *testing.T) {
	root, err := materializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w, err := scan.Open(context.Background(), root, scan.Options{Secrets: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	secretsFound := 0
	for _, r := range append(w.Recordings, w.Unrecorded...) {
		seen[r.Status.String()]++
		secretsFound += r.Secrets
	}
	for _, want := range []string{"live", "stale", "unrecorded", "superseded", "orphaned case", "in use", "protected", "invalid", "ok", "key mismatch", "error entry"} {
		if seen[want] == 0 {
			t.Errorf("no %q recording in the demo; got %v", want, seen)
		}
	}
	if secretsFound == 0 {
		t.Errorf("the demo's fake secret was not found")
	}
	if len(w.Stale) == 0 || len(w.Stale[0].Result.Changes) == 0 {
		t.Errorf("the stale recording has no diff: %+v", w.Stale)
	}
	t.Logf("statuses: %v, secrets: %d", seen, secretsFound)
}

func TestDemoRepositoryHoldsNoSecret(t *testing.T) {
	err := filepath.WalkDir("examples/demo", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		secrets.ScanValue(mustJSON(data), "", func(f secrets.Finding) {
			t.Errorf("%s: %s at %s", p, f.Rule, f.JSONPath)
		})
		if strings.Contains(string(data), "AKIA") {
			t.Errorf("%s holds an AWS-shaped key", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// mustJSON decodes data, or wraps non-JSON text as one string.
func mustJSON(data []byte) jsonv.Value {
	v, err := jsonv.Decode(data)
	if err != nil {
		return jsonv.StringValue(string(data))
	}
	return v
}

// TestDemoReRecords: in the demo, w works: the suite that fails to parse
// blocks only its own cases, the stand-in answers every call from the
// demo's recordings (no key is read from the environment, nothing is
// sent), and the stale case and the case never recorded then replay and
// pass.
func TestDemoReRecords(t *testing.T) {
	root, err := materializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := demoRecorder(root)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	chosen := []backend.CaseRef{{Suite: "refund_agent", Case: "refunds_disabled_escalates"}, {Suite: "refund_agent", Case: "escalates_refund_in_french"}}
	plan, err := rec.Plan(ctx, root, chosen)
	if err != nil {
		t.Fatalf("the demo cannot re-record: %v", err)
	}
	if !slices.Equal(plan.Cases, chosen) || plan.StandIn == "" || plan.Calls == 0 || len(plan.LeftOut) > 0 {
		t.Fatalf("plan %+v", plan)
	}
	res := rec.Record(ctx, plan, func(backend.RecordProgress) {})
	if res.Err != nil || len(res.Problems) > 0 || res.Passed != 2 || res.Failed != 0 {
		t.Fatalf("recorded %+v", res)
	}
	run, err := command.Run(ctx, command.RunRequest{Paths: []string{filepath.Join(root, "evals", "support", "refund_agent.eval.yaml")},
		Env: command.Env{Dir: root}, Mode: engine.ModeReplay})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, c := range run.Result.Cases {
		if c.Case == chosen[0].Case || c.Case == chosen[1].Case {
			found++
			if c.Outcome != engine.OutcomeHit || !c.Passed {
				t.Errorf("%s replays as %s, passed %v: %s", c.Case, c.Outcome, c.Passed, c.Message)
			}
		}
	}
	if found != 2 {
		t.Errorf("replayed %d of the two cases", found)
	}
}
