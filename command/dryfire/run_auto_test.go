package dryfire

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// TestAutoAndRecordAreDryfiresCachingGateway: auto looks each call up as
// dryfire's file store does (by key, wherever the file is; a file that is
// not JSON, of another schema_version or whose fingerprint field is not
// its key is passed over) and calls and writes what it does not find,
// counting the turns it serves so that a turn recorded later in the case
// keeps its number; a file whose response dryfire cannot read fails the
// case without a call. record calls every turn and overwrites what is
// there.
func TestAutoAndRecordAreDryfiresCachingGateway(t *testing.T) {
	t.Parallel()
	const (
		threeTurns = "incident_triage/restart_unmocked_returns_null/"
		oneTurn    = "incident_triage/pages_sev1_with_overrides/00-665d9f95c1c56377.json"
	)
	tests := []struct {
		name    string
		mode    string
		change  func(t *testing.T, root string)
		calls   int
		written []string
		failing string // a case that ends in a provider error
	}{
		{name: "a turn missing mid-case", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) { remove(t, root, threeTurns+"01-e1ea1260f89eca5d.json") },
			calls:  1, written: []string{threeTurns + "01-e1ea1260f89eca5d.json"}},
		{name: "moved elsewhere under the root", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) {
				if err := os.Rename(filepath.Join(root, oneTurn), filepath.Join(root, "incident_triage", "00-665d9f95c1c56377.json")); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "not JSON", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) { edit(t, root, oneTurn, func(string) string { return "{not json" }) },
			calls:  1, written: []string{oneTurn}},
		{name: "another schema_version", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) {
				edit(t, root, oneTurn, func(s string) string {
					return strings.Replace(s, "\n  \"schema_version\": 1,", "\n  \"schema_version\": 2,", 1)
				})
			},
			calls: 1, written: []string{oneTurn}},
		{name: "a fingerprint that is not its name's", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) {
				edit(t, root, oneTurn, func(s string) string {
					return strings.Replace(s, `"fingerprint": "665d9f95c1c56377"`, `"fingerprint": "665d9f95c1c56378"`, 1)
				})
			},
			calls: 1, written: []string{oneTurn}},
		{name: "a response dryfire cannot read", mode: engine.ModeAuto,
			change: func(t *testing.T, root string) {
				edit(t, root, oneTurn, func(s string) string {
					// The response's own stop_reason comes after raw's.
					i := strings.LastIndex(s, `"stop_reason": "end_turn"`)
					return s[:i] + `"stop_reason": "sleepy"` + s[i+len(`"stop_reason": "end_turn"`):]
				})
			},
			failing: "pages_sev1_with_overrides"},
		{name: "record overwrites", mode: engine.ModeRecord,
			change: func(t *testing.T, root string) {
				edit(t, root, oneTurn, func(s string) string {
					return strings.Replace(s, `"recorded_at": "2026-08-01T12:00:00Z"`, `"recorded_at": "2020-01-01T00:00:00Z"`, 1)
				})
			},
			calls: 37},
	}
	fixture := filepath.Join(recordGolden, "anthropic-A")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := providertest.Golden(t, fixture)
			dir := fixtureProject(t, fixture, srv)
			root := filepath.Join(dir, ".dryfire", "cassettes")
			if err := os.CopyFS(root, os.DirFS(filepath.Join(fixture, "expected-cassettes"))); err != nil {
				t.Fatal(err)
			}
			tc.change(t, root)
			before := treeFiles(t, root)
			res, rec := prepare(t, dir, tc.mode, srv.Env(), nil).Execute(context.Background())
			if n := len(srv.Requests()); n != tc.calls {
				t.Errorf("%d calls, want %d", n, tc.calls)
			}
			var written []string
			for _, w := range rec.Written {
				written = append(written, strings.TrimPrefix(w, ".dryfire/cassettes/"))
			}
			if tc.mode == engine.ModeAuto && !slices.Equal(written, tc.written) {
				t.Errorf("wrote %v, want %v", written, tc.written)
			}
			after := treeFiles(t, root)
			for _, w := range written {
				if want := treeFiles(t, filepath.Join(fixture, "expected-cassettes"))[w]; latency.ReplaceAllString(after[w], `"latency_ms": 0`) != want {
					t.Errorf("%s is not dryfire's recording of the turn:\n%s", w, after[w])
				}
			}
			for rel, data := range before {
				if !slices.Contains(written, rel) && after[rel] != data {
					t.Errorf("%s changed, and was not written", rel)
				}
			}
			for _, c := range res.Cases {
				if failed := c.Trace != nil && c.Trace.Termination == "provider_error"; failed != (c.Case == tc.failing) {
					t.Errorf("%s::%s: provider error %v", c.Suite, c.Case, failed)
				}
			}
		})
	}
}

func remove(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}

// edit rewrites a file of the tree, which must change.
func edit(t *testing.T, root, rel string, change func(string) string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	changed := change(string(data))
	if changed == string(data) {
		t.Fatalf("%s: the edit changes nothing", rel)
	}
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
}
