package runplan

import (
	"context"
	"errors"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// golden is dryfire's reference project (its run is checked against
// dryfire's elsewhere): three real cases of anthropic and one scripted
// case, with their cassettes.
const golden = "../../testdata/golden/dryfire/project-S-case-mock-override"

// project loads the golden project's config and suites, with the mode
// written in its dryfire.yaml replaced by mode ("" for none).
func project(t *testing.T, mode string) *suite.Project {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(golden)); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, suite.ConfigFileName)
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "  mode: replay\n", "", 1)
	if mode != "" {
		text = strings.Replace(text, "cassettes:\n", "cassettes:\n  mode: "+mode+"\n", 1)
	}
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := suite.LoadProject(dir, func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// prepare prepares a run of p with o and loads the *.json files under
// its cassette root into the plan, as command.PrepareRun does.
func prepare(t *testing.T, p *suite.Project, o Options) (*Plan, error) {
	t.Helper()
	rp, err := Prepare(context.Background(), p, p.CassetteRoot, o)
	if err != nil {
		return rp, err
	}
	st, err := store(t, p)
	if err != nil {
		return rp, err
	}
	return rp, rp.Load(context.Background(), st)
}

// store reads the *.json files under the project's cassette root.
func store(t *testing.T, p *suite.Project) (*cassette.Store, error) {
	t.Helper()
	files := func(yield func(string) bool) {
		_ = filepath.WalkDir(p.CassetteRoot, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return nil
			}
			if !yield(path) {
				return fs.SkipAll
			}
			return nil
		})
	}
	return cassette.LoadStore(context.Background(), p.CassetteRoot, files, cassette.LoadOptions{})
}

// noKeys is an environment without any key.
func noKeys(string) (string, bool) { return "", false }

// TestPrepareResolvesTheMode: the flag, else dryfire.yaml's cassettes.mode,
// else off, as dryfire resolves it; a mode dryfire does not know is its
// error, word for word.
func TestPrepareResolvesTheMode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		flag, config, want string
	}{
		{"", "", engine.ModeOff},
		{"", "replay", engine.ModeReplay},
		{"replay", "auto", engine.ModeReplay},
		{"auto", "", engine.ModeAuto},
	} {
		p := project(t, tc.config)
		rp, err := prepare(t, p, Options{Mode: tc.flag, Live: LiveOptions{Env: noKeys}})
		if err != nil || rp.Mode != tc.want {
			t.Errorf("flag %q, config %q: mode %q, %v; want %q", tc.flag, tc.config, rp.Mode, err, tc.want)
		}
	}
	p := project(t, "")
	_, err := prepare(t, p, Options{Mode: "sometimes"})
	var me *ModeError
	if !errors.As(err, &me) || err.Error() != "invalid --cassette-mode 'sometimes'; expected auto|record|replay|off" {
		t.Errorf("unknown mode: %v", err)
	}
}

// TestReplayCallsNothing: replay needs no key and plans no call; its run
// is served by the cassettes.
func TestReplayCallsNothing(t *testing.T) {
	t.Parallel()
	p := project(t, "")
	rp, err := prepare(t, p, Options{Mode: engine.ModeReplay, Live: LiveOptions{Env: noKeys}})
	if err != nil {
		t.Fatal(err)
	}
	if rp.Live() || rp.CallsProviders() || rp.NothingToRun() || len(rp.Skipped) != 0 || rp.Estimate.Calls != 0 {
		t.Fatalf("replay plan: live %v, calls %d, skipped %d", rp.Live(), rp.Estimate.Calls, len(rp.Skipped))
	}
	res, rec := rp.Execute(context.Background())
	if len(res.Suites) == 0 || len(rec.Written) != 0 {
		t.Errorf("replay ran %d suites and wrote %d files", len(res.Suites), len(rec.Written))
	}
	if rp.CassetteDir() != ".dryfire/cassettes" {
		t.Errorf("cassette dir %q", rp.CassetteDir())
	}
}

// TestRecordSkipsWithoutKeys: record without the provider's key skips every
// real case with dryfire's line, and the scripted case still runs.
func TestRecordSkipsWithoutKeys(t *testing.T) {
	t.Parallel()
	p := project(t, "")
	rp, err := prepare(t, p, Options{Mode: engine.ModeRecord, Live: LiveOptions{Env: noKeys}})
	if err != nil {
		t.Fatal(err)
	}
	if !rp.Live() || rp.CallsProviders() || rp.NothingToRun() || len(rp.Skipped) == 0 {
		t.Fatalf("record without keys: live %v, calls %d, nothing to run %v, skipped %d", rp.Live(), rp.Estimate.Calls, rp.NothingToRun(), len(rp.Skipped))
	}
	if line := rp.Skipped[0].Line(); !strings.HasPrefix(line, "skipped ") || !strings.HasSuffix(line, " (needs ANTHROPIC_API_KEY)") {
		t.Errorf("skip line %q", line)
	}
	for _, u := range rp.Estimate.Providers {
		if u.Name == "anthropic" && (u.KeySet || u.KeyEnv != "ANTHROPIC_API_KEY") {
			t.Errorf("anthropic: %+v", u)
		}
	}
}

// TestRecordEstimatesTheCalls: with a key, record plans max_turns calls a
// repetition and prices them from the earlier recordings.
func TestRecordEstimatesTheCalls(t *testing.T) {
	t.Parallel()
	p := project(t, "")
	env := func(name string) (string, bool) { return "sk-ant-test", name == "ANTHROPIC_API_KEY" }
	rp, err := prepare(t, p, Options{Mode: engine.ModeRecord, Live: LiveOptions{Env: env}})
	if err != nil {
		t.Fatal(err)
	}
	e := rp.Estimate
	if !rp.CallsProviders() || e.Repetitions == 0 || e.Calls < e.Repetitions || e.Cost == nil || e.FromRecordings == 0 {
		t.Fatalf("estimate %+v", e)
	}
	if text := e.CostText(); !strings.HasPrefix(text, "about $") || !strings.Contains(text, "at most") {
		t.Errorf("cost %q", text)
	}
}

// TestCostText: the estimate in words, for a sum over a cent, one under it,
// what the pricing table does not price and no sum at all.
func TestCostText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		e    Estimate
		want string
	}{
		{Estimate{Cost: big.NewRat(42, 100), Repetitions: 2, FromRecordings: 2}, "about $0.42 at most (tokens per call of the earlier recordings)"},
		{Estimate{Cost: big.NewRat(1, 1000), Repetitions: 3, FromRecordings: 1},
			"about $0.0010 at most (tokens per call of the earlier recordings for 1 of 3 repetitions; for the others, the first request's size and 300 output tokens per call)"},
		{Estimate{Unpriced: []string{"anthropic:x", "openai:y"}, Calls: 36, UnpricedCalls: 36},
			"unknown: 36 calls with no price in the pricing table (anthropic:x, openai:y)"},
		// Some calls priced, some not: the sum is not called an upper bound
		// of the run (before: "about $11.78 at most … whose calls are not
		// counted").
		{Estimate{Cost: big.NewRat(1178, 100), Repetitions: 2, FromRecordings: 2, Calls: 156, UnpricedCalls: 36, Unpriced: []string{"anthropic:claude-opus-4-1"}},
			"about $11.78 for the priced calls at most (tokens per call of the earlier recordings), and 36 calls with no price in the pricing table (anthropic:claude-opus-4-1): the run may cost more"},
	} {
		if got := tc.e.CostText(); got != tc.want {
			t.Errorf("CostText = %q\n     want %q", got, tc.want)
		}
	}
}

// TestCostShort: the few words of the question a person answers count
// the calls the pricing table has no price for.
func TestCostShort(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		e    Estimate
		want string
	}{
		{Estimate{Cost: big.NewRat(42, 100), Calls: 5}, "about $0.42 at most"},
		{Estimate{Cost: big.NewRat(1178, 100), Calls: 156, UnpricedCalls: 36}, "about $11.78 at most for 120 calls, no price for the other 36"},
		{Estimate{Calls: 1, UnpricedCalls: 1}, "no price for the call"},
		{Estimate{Calls: 36, UnpricedCalls: 36}, "no price for any of the 36 calls"},
		{Estimate{}, "cost unknown"},
	} {
		if got := tc.e.CostShort(); got != tc.want {
			t.Errorf("CostShort = %q\n      want %q", got, tc.want)
		}
	}
}
