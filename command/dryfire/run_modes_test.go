package dryfire

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// prepare prepares a run of dir in mode against env, with no waits
// between retries and the fixtures' clock.
func prepare(t *testing.T, dir, mode string, env map[string]string, tune func(*RunRequest)) *runplan.Plan {
	t.Helper()
	o := RunRequest{Mode: mode, Env: command.Env{LookupEnv: noEnv}, Live: runplan.LiveOptions{
		Env:      mapEnv(env),
		Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries, Sleep: (&waitLog{}).sleep, Random: func() float64 { return 0 }},
		Now:      func() time.Time { return fixtureClock },
	}}
	if tune != nil {
		tune(&o)
	}
	rp, err := PrepareRun(context.Background(), withPaths(dir, o))
	if err != nil {
		t.Fatal(err)
	}
	return rp
}

// TestAutoRecordsWhatIsMissing: auto replays what is recorded and records
// only the case whose cassettes are gone, as dryfire's auto does; the
// estimate counts that case alone, and a run with nothing missing calls
// nothing.
func TestAutoRecordsWhatIsMissing(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordGolden, "anthropic-A")
	srv := providertest.Golden(t, fixture)
	dir := fixtureProject(t, fixture, srv)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	if err := os.CopyFS(root, os.DirFS(filepath.Join(fixture, "expected-cassettes"))); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, "refund_agent", "parallel_lookups")); err != nil {
		t.Fatal(err)
	}
	rp := prepare(t, dir, engine.ModeAuto, srv.Env(), nil)
	if est := rp.Estimate; est.Cases != 1 || est.Repetitions != 1 || est.Calls != 6 {
		t.Errorf("estimate %d cases, %d repetitions, %d calls; want the one case missing: 1, 1, 6 (its max_turns)", est.Cases, est.Repetitions, est.Calls)
	}
	res, rec := rp.Execute(context.Background())
	if want := []string{".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"}; !slices.Equal(rec.Written, want) {
		t.Errorf("auto wrote %v, want %v", rec.Written, want)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("auto made %d calls, want 1", n)
	}
	hits := 0
	for _, c := range res.Cases {
		if c.Trace != nil {
			hits += c.Trace.CacheHits()
		}
	}
	if hits != 36 {
		t.Errorf("%d turns served from cassettes, want the other 36", hits)
	}
	compareTrees(t, filepath.Join(fixture, "expected-cassettes"), root)

	again := prepare(t, dir, engine.ModeAuto, srv.Env(), nil)
	if again.CallsProviders() || again.Estimate.Calls != 0 {
		t.Errorf("with every cassette there, auto still plans %d calls", again.Estimate.Calls)
	}
}

// TestOffCallsAndWritesNothing: off sends dryfire's requests and writes
// no file.
func TestOffCallsAndWritesNothing(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordGolden, "judge-openai-H")
	srv := providertest.Golden(t, fixture)
	dir := fixtureProject(t, fixture, srv)
	rp := prepare(t, dir, engine.ModeOff, srv.Env(), nil)
	res, rec := rp.Execute(context.Background())
	compareRequests(t, fixture, srv)
	if _, err := os.Stat(filepath.Join(dir, ".dryfire")); !os.IsNotExist(err) || len(rec.Written) > 0 {
		t.Errorf("off wrote %v (%v)", rec.Written, err)
	}
	if res.RunExitCode != 1 {
		t.Errorf("exit %d, dryfire's 1", res.RunExitCode)
	}
}

// TestMissingKeySkips: without the key, every real case is skipped with
// dryfire's line, the scripted ones still run, and nothing is called.
func TestMissingKeySkips(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordGolden, "anthropic-A")
	srv := providertest.Golden(t, fixture)
	dir := fixtureProject(t, fixture, srv)
	env := srv.Env()
	env["ANTHROPIC_API_KEY"] = ""
	rp := prepare(t, dir, engine.ModeRecord, env, nil)
	if len(rp.Skipped) != 17 || rp.Skipped[0].Line() != "skipped checkout flow/v2::add to cart (needs ANTHROPIC_API_KEY)" {
		t.Fatalf("skipped %d, first %q", len(rp.Skipped), rp.Skipped[0].Line())
	}
	if rp.NothingToRun() || rp.CallsProviders() {
		t.Errorf("nothing to run %v, calls %v: the fake case still runs and nothing is called", rp.NothingToRun(), rp.CallsProviders())
	}
	if u := rp.Estimate.Providers; len(u) != 1 || u[0].KeySet || u[0].KeyEnv != "ANTHROPIC_API_KEY" {
		t.Errorf("providers %+v", u)
	}
	res, _ := rp.Execute(context.Background())
	if len(res.Cases) != 1 || len(srv.Requests()) != 0 {
		t.Errorf("ran %d repetitions, made %d calls; want the fake case alone and no call", len(res.Cases), len(srv.Requests()))
	}
}

// writeProject writes a small project: dryfire.yaml and one suite.
func writeProject(t *testing.T, config, suiteYAML string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"dryfire.yaml": config, "evals/s.eval.yaml": suiteYAML} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const smallConfig = `version: 1
defaults: {provider: anthropic, model: claude-sonnet-4-6}
suites: ["evals/*.eval.yaml"]
`

// TestEveryCaseSkipped: a run whose every case lacks its key has nothing
// to run (dryfire prints the skips and exits 0).
func TestEveryCaseSkipped(t *testing.T) {
	t.Parallel()
	dir := writeProject(t, smallConfig, "name: s\ncases:\n  - {name: a, input: hi, expect: []}\n  - {name: b, input: ho, expect: []}\n")
	rp := prepare(t, dir, engine.ModeAuto, map[string]string{}, nil)
	if !rp.NothingToRun() || len(rp.Skipped) != 2 || rp.Skipped[1].Line() != "skipped s::b (needs ANTHROPIC_API_KEY)" {
		t.Errorf("nothing to run %v, skipped %+v", rp.NothingToRun(), rp.Skipped)
	}
}

// TestPassthroughCasesAreNotRecorded: a case whose mocks run code gets
// dryfire's note, calls the provider and writes nothing.
func TestPassthroughCasesAreNotRecorded(t *testing.T) {
	t.Parallel()
	srv := providertest.New(t, providertest.Text("done"))
	dir := writeProject(t, smallConfig, `name: s
tools:
  - {name: t, input_schema: {type: object}}
mocks:
  t:
    - impl: tools.mod:fn
cases:
  - {name: runs_code, input: hi, expect: []}
`)
	rp := prepare(t, dir, engine.ModeRecord, srv.Env(), nil)
	want := "note: s::runs_code uses passthrough mocks — excluded from cassette recording (results aren't cacheable)"
	if !slices.Equal(rp.Notes, []string{want}) {
		t.Errorf("notes %q, want %q", rp.Notes, want)
	}
	res, rec := rp.Execute(context.Background())
	if len(srv.Requests()) != 1 || len(rec.Written) != 0 || res.Cases[0].Trace == nil {
		t.Errorf("%d calls, wrote %v", len(srv.Requests()), rec.Written)
	}
}

// TestEstimate: calls at most are max_turns plus one per judge, times the
// repetitions; the cost uses the tokens per call of a case's earlier
// recordings and the pricing table, and names the models it has no price
// for.
func TestEstimate(t *testing.T) {
	t.Parallel()
	dir := writeProject(t, smallConfig, `name: s
cases:
  - name: judged
    input: hi
    max_turns: 3
    expect:
      - llm_judge: {rubric: "Polite.", threshold: 0.5}
  - name: repeated
    input: ho
    max_turns: 5
    repeat: 2
    model: claude-haiku-4-5
    expect: []
  - name: other_model
    input: hey
    max_turns: 1
    model: unpriced-model
    expect: []
`)
	// An earlier recording of "judged": 1000 tokens in, 100 out per call.
	writeCassette(t, filepath.Join(dir, ".dryfire", "cassettes"), "s", "judged", 1000, 100)
	rp := prepare(t, dir, engine.ModeRecord, map[string]string{"ANTHROPIC_API_KEY": "k-123456789"}, func(o *RunRequest) {
		o.Engine.Pricing = pricing.New(map[string]pricing.Rates{
			"anthropic:claude-sonnet-4-6": {Input: big.NewRat(3, 1), Output: big.NewRat(15, 1)},
			"anthropic:claude-haiku-4-5":  {Input: big.NewRat(1, 1), Output: big.NewRat(5, 1)},
		})
	})
	est := rp.Estimate
	if est.Cases != 3 || est.Repetitions != 4 || est.Calls != 3+1+5*2+1 {
		t.Errorf("%d cases, %d repetitions, %d calls; want 3, 4, 15", est.Cases, est.Repetitions, est.Calls)
	}
	if est.FromRecordings != 1 || !slices.Equal(est.Unpriced, []string{"anthropic:unpriced-model"}) {
		t.Errorf("from recordings %d, unpriced %v", est.FromRecordings, est.Unpriced)
	}
	// judged: 4 calls × (1000·3 + 100·15)/1e6 = 0.018. repeated: no
	// recording of its case or its model, so the first request's size and
	// 300 output tokens.
	judged := big.NewRat(18, 1000)
	if est.Cost == nil || est.Cost.Cmp(judged) <= 0 {
		t.Fatalf("cost %v, want more than judged's %v", est.Cost, judged)
	}
	rest := new(big.Rat).Sub(est.Cost, judged)
	perCall := new(big.Rat).Quo(rest, big.NewRat(10, 1))
	minimum := big.NewRat(300*5, 1_000_000) // the assumed output alone
	if perCall.Cmp(minimum) <= 0 {
		t.Errorf("repeated costs %v per call, less than its assumed output (%v)", perCall.FloatString(6), minimum.FloatString(6))
	}
	if u := est.Providers; len(u) != 1 || !u[0].KeySet || u[0].Calls != 15 || !slices.Equal(u[0].Models, []string{"claude-sonnet-4-6", "claude-haiku-4-5", "unpriced-model"}) {
		t.Errorf("providers %+v", u)
	}
}

// writeCassette writes a cassette of a case with the given usage.
func writeCassette(t *testing.T, root, suiteName, caseName string, in, out int64) {
	t.Helper()
	rec := &cassette.Record{Key: "0123456789abcdef", Suite: suiteName, Case: caseName, Provider: "anthropic",
		Model: "claude-sonnet-4-6", Digest: jsonv.ObjectValue(), RecordedAt: fixtureClock,
		Response: cassette.Response{Text: jsonv.StringValue("ok"), StopReason: "end_turn", Raw: jsonv.ObjectValue(),
			Usage: cassette.Usage{InputTokens: in, OutputTokens: out}}}
	if _, err := cassette.Write(root, rec.Cassette()); err != nil {
		t.Fatal(err)
	}
}

// fakeKey is an Anthropic key the secrets scan recognises, made up.
func fakeKey() string {
	sum := sha256.Sum256([]byte("not a real key"))
	body := base64.RawURLEncoding.EncodeToString(append(sum[:], sum[:]...)) + base64.RawURLEncoding.EncodeToString(sum[:])
	return "sk-ant-api03-" + body[:93] + "AA"
}

// TestSecretsAreRefusedOrRedacted: a response carrying a secret is not
// written (the case ends in a provider error that does not show it);
// with RedactSecrets it is written redacted, the case goes on with the
// redacted text, and a replay of what was written hits every turn.
func TestSecretsAreRefusedOrRedacted(t *testing.T) {
	t.Parallel()
	key := fakeKey()
	srv := providertest.New(t, providertest.Text("Your key is "+key))
	dir := writeProject(t, smallConfig, "name: s\ncases:\n  - {name: leaks, input: hi, expect: []}\n")

	rp := prepare(t, dir, engine.ModeRecord, srv.Env(), nil)
	res, rec := rp.Execute(context.Background())
	if len(rec.Written) != 0 || len(rec.Refused) != 1 || res.RunExitCode != 3 {
		t.Fatalf("written %v, refused %d, exit %d", rec.Written, len(rec.Refused), res.RunExitCode)
	}
	msg := res.Cases[0].Trace.Error
	if !strings.Contains(msg, "refused to record .dryfire/cassettes/s/leaks/00-") || strings.Contains(msg, key[14:30]) {
		t.Errorf("error %q", msg)
	}

	rp = prepare(t, dir, engine.ModeRecord, srv.Env(), func(o *RunRequest) { o.Live.RedactSecrets = true })
	res, rec = rp.Execute(context.Background())
	if len(rec.Written) != 1 || !slices.Equal(rec.Redacted, rec.Written) || res.RunExitCode != 0 {
		t.Fatalf("written %v, redacted %v, exit %d", rec.Written, rec.Redacted, res.RunExitCode)
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rec.Written[0])))
	if err != nil || strings.Contains(string(data), key) || !strings.Contains(string(data), "[REDACTED:anthropic-api-key]") {
		t.Errorf("written file %s (%v)", data, err)
	}
	if got := res.Cases[0].Trace.FinalText; strings.Contains(got, key) {
		t.Errorf("the case went on with the secret: %q", got)
	}
	run, err := Run(context.Background(), RunRequest{Paths: []string{dir}, Mode: engine.ModeReplay, Env: command.Env{LookupEnv: noEnv}})
	if err != nil {
		t.Fatal(err)
	}
	if run.Result.ExitCode != 0 {
		t.Errorf("replay of the redacted recording: exit %d", run.Result.ExitCode)
	}
}

// TestInterruptedRecordingLeavesWholeFiles: a run stopped while calls are
// in flight writes nothing half: every file under the root is a whole
// cassette dryfire would have written, and no temporary file is left.
func TestInterruptedRecordingLeavesWholeFiles(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordGolden, "judge-anthropic-F")
	srv := providertest.Golden(t, fixture)
	dir := fixtureProject(t, fixture, srv)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest = func(n int) {
		if n == 20 {
			cancel()
		}
	}
	rp := prepare(t, dir, engine.ModeRecord, srv.Env(), nil)
	_, rec := rp.Execute(ctx)
	if len(rec.Written) == 0 || len(rec.Written) >= 60 {
		t.Fatalf("wrote %d of 60 cassettes before the stop", len(rec.Written))
	}
	if n := len(srv.Requests()); n > 20+runplan.LiveConcurrency {
		t.Errorf("%d requests after a stop at the 20th", n)
	}
	root := filepath.Join(dir, ".dryfire", "cassettes")
	want := treeFiles(t, filepath.Join(fixture, "expected-cassettes"))
	got := treeFiles(t, root)
	if len(got) != len(rec.Written) {
		t.Errorf("%d files under the root, %d written", len(got), len(rec.Written))
	}
	for rel, data := range got {
		if _, ok := safefile.IsTempName(filepath.Base(rel)); ok {
			t.Errorf("temporary file left: %s", rel)
		}
		if w, ok := want[rel]; !ok || latency.ReplaceAllString(data, `"latency_ms": 0`) != w {
			t.Errorf("%s is not dryfire's cassette", rel)
		}
	}
}
