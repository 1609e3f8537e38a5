package dryfire

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// The record fixtures are what the real dryfire recorded against its fake
// provider (../../testdata/golden/record/README.md). Recording a fixture's
// project against a server that answers as that fake did must send the
// same requests and write the same cassette paths and bodies, apart from
// response.latency_ms (measured) and recorded_at (a clock, pinned here to
// the fixtures' 2026-08-01T12:00:00Z).
const recordGolden = "../../testdata/golden/record"

var recordFixtures = []string{"anthropic-A", "compat-S", "gemini-B", "judge-anthropic-F", "judge-openai-H", "openai-C"}

// fixtureClock is the clock the fixtures were recorded with.
var fixtureClock = time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)

type fixtureInfo struct {
	CassetteDir string   `json:"cassette_dir"`
	KeyEnv      []string `json:"key_env"`
}

type fixtureExpected struct {
	RecordExitCode int `json:"record_exit_code"`
	Requests       int `json:"requests"`
}

func TestRecordFixturesAsDryfire(t *testing.T) {
	t.Parallel()
	for _, name := range recordFixtures {
		for _, failFirst := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/fail-first-%d", name, failFirst), func(t *testing.T) {
				t.Parallel()
				recordFixture(t, name, failFirst)
			})
		}
	}
}

func recordFixture(t *testing.T, name string, failFirst int) {
	fixture := filepath.Join(recordGolden, name)
	var info fixtureInfo
	var want fixtureExpected
	readJSON(t, filepath.Join(fixture, "fixture.json"), &info)
	readJSON(t, filepath.Join(fixture, "expected.json"), &want)
	srv := providertest.Golden(t, fixture)
	srv.FailFirst = failFirst
	dir := fixtureProject(t, fixture, srv)
	waits := &waitLog{}
	rp, err := PrepareRun(context.Background(), withPaths(dir, RunRequest{
		Mode: engine.ModeRecord,
		Env:  command.Env{LookupEnv: noEnv},
		Live: runplan.LiveOptions{
			Env:      mapEnv(srv.Env(info.KeyEnv...)),
			Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries, Sleep: waits.sleep, Random: func() float64 { return 0 }},
			Now:      func() time.Time { return fixtureClock },
		},
	}))
	if err != nil {
		t.Fatal(err)
	}
	res, rec := rp.Execute(context.Background())
	if res.RunExitCode != want.RecordExitCode {
		t.Errorf("exit code %d, dryfire's %d", res.RunExitCode, want.RecordExitCode)
	}
	compareTrees(t, filepath.Join(fixture, "expected-cassettes"), filepath.Join(dir, filepath.FromSlash(info.CassetteDir)))
	compareRequests(t, fixture, srv)
	if got := len(srv.Requests()); got != want.Requests+failFirst {
		t.Errorf("%d requests reached the server, want %d", got, want.Requests+failFirst)
	}
	if len(rec.Written) != countFiles(t, filepath.Join(fixture, "expected-cassettes")) || len(rec.Refused) > 0 {
		t.Errorf("recorded %d, refused %d", len(rec.Written), len(rec.Refused))
	}
	if failFirst > 0 && len(waits.all()) != failFirst {
		t.Errorf("%d waits for %d failures", len(waits.all()), failFirst)
	}
}

// fixtureProject copies a fixture's project into a temporary directory,
// its providers: base_url at the server.
func fixtureProject(t *testing.T, fixture string, srv *providertest.Server) string {
	t.Helper()
	dir := reviewtest.CopyTree(t, filepath.Join(fixture, "project"))
	cfg := filepath.Join(dir, "dryfire.yaml")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(string(data), "FAKEPORT", srv.Port())), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

var latency = regexp.MustCompile(`"latency_ms": \d+`)

// compareTrees compares two cassette trees: the same paths, and the same
// bytes once the measured latency is set aside.
func compareTrees(t *testing.T, want, got string) {
	t.Helper()
	wantFiles, gotFiles := treeFiles(t, want), treeFiles(t, got)
	if !slices.Equal(fileNames(wantFiles), fileNames(gotFiles)) {
		t.Fatalf("cassette paths differ:\n got %v\nwant %v", fileNames(gotFiles), fileNames(wantFiles))
	}
	for rel, w := range wantFiles {
		g := latency.ReplaceAllString(gotFiles[rel], `"latency_ms": 0`)
		if g != w {
			t.Errorf("%s differs from dryfire's:\n%s\n--- dryfire's:\n%s", rel, g, w)
		}
	}
}

func treeFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func countFiles(t *testing.T, root string) int { return len(treeFiles(t, root)) }

func fileNames(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// compareRequests checks that the server got dryfire's requests: the same
// paths and bodies as JSON values, each as many times (concurrent cases
// arrive in any order).
func compareRequests(t *testing.T, fixture string, srv *providertest.Server) {
	t.Helper()
	recs, err := providertest.LoadRecorded(fixture)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, r := range recs {
		want = append(want, r.Path+" "+providertest.Sorted(r.Body))
	}
	for _, r := range srv.Answered() {
		got = append(got, r.Path+" "+providertest.Sorted(r.Body))
	}
	sort.Strings(want)
	sort.Strings(got)
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("%d requests, dryfire sent %d; first difference:\n got %s\nwant %s", len(got), len(want), got[i], want[i])
			}
		}
		t.Fatalf("%d requests, dryfire sent %d", len(got), len(want))
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func noEnv(string) (string, bool) { return "", false }

func mapEnv(m map[string]string) provider.Env {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

// waitLog records the waits between retries instead of waiting.
type waitLog struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waitLog) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waitLog) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

// withPaths is r with dir as its one PATH.
func withPaths(dir string, r RunRequest) RunRequest {
	r.Paths = []string{dir}
	return r
}
