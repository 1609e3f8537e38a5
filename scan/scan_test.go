package scan

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const golden = "../testdata/golden/dryfire"

func open(t *testing.T, path string) *Workspace {
	t.Helper()
	w, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestProjectAAllLive(t *testing.T) {
	t.Parallel()
	w := open(t, filepath.Join(golden, "project-A"))
	if len(w.Recordings) != 42 {
		t.Errorf("%d recordings, want 42", len(w.Recordings))
	}
	for _, r := range w.Recordings {
		if r.Status != Live {
			t.Errorf("%s: %s (%s), want live", r.Path, r.Status, r.Reason)
		}
		if !strings.HasPrefix(r.Reason, "read by replay of ") {
			t.Errorf("%s: reason %q", r.Path, r.Reason)
		}
	}
	if len(w.Stale) != 0 {
		t.Errorf("stale: %+v", w.Stale)
	}
}

// expectedPrune reads the candidates dryfire's prune dry run printed.
func expectedPrune(t *testing.T, project string) [][2]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(golden, project, "expected-prune.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		DryRun struct {
			Candidates []struct{ Path, Reason string }
		} `json:"dry_run"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	for _, c := range doc.DryRun.Candidates {
		out = append(out, [2]string{c.Path, c.Reason})
	}
	return out
}

func projects(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "project-") && e.Name() != "project-A" {
			out = append(out, e.Name())
		}
	}
	return out
}

// Prune candidates are dryfire's, except files replay still reads: those
// are kept as in use.
func TestPruneVerdictsMatchDryfire(t *testing.T) {
	t.Parallel()
	for _, project := range projects(t) {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			w := open(t, filepath.Join(golden, project))
			var got, inUse [][2]string
			for _, r := range w.Recordings {
				if r.Verdict != "" && r.Status == InUse {
					inUse = append(inUse, [2]string{r.Path, r.Verdict})
				}
				if r.Prunable() {
					reason := r.Verdict
					if r.Status == Superseded {
						reason = "superseded"
					}
					got = append(got, [2]string{r.Path, reason})
				}
			}
			want := expectedPrune(t, project)
			all := append(slices.Clone(got), inUse...)
			slices.SortFunc(all, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
			if !slices.Equal(all, want) {
				t.Errorf("candidates %v + in use %v, dryfire says %v", got, inUse, want)
			}
			if project == "project-F-case-renamed" && len(inUse) != 2 {
				t.Errorf("F: in use = %v, want both old files", inUse)
			}
		})
	}
}

func TestStaleExplained(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		misses  int
		turn    int
		path    string
		summary string
		note    string
	}{
		"project-B-tool-description":      {misses: 5, path: "tools[0].description", summary: "tool lookup_order: description changed"},
		"project-C-tools-reordered":       {misses: 6, path: "tools[0]", summary: "tools reordered: get_weather moved 2 → 0"},
		"project-S-case-mock-override":    {misses: 1, turn: 2, path: "messages[4].tool_results[0].content", summary: "turn 2: result of issue_refund changed"},
		"project-K-schema-version-bumped": {misses: 1, turn: 1, note: "schema_version is 2"},
	}
	for project, tt := range tests {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			w := open(t, filepath.Join(golden, project))
			if len(w.Stale) != tt.misses {
				t.Fatalf("%d explanations, want %d", len(w.Stale), tt.misses)
			}
			for _, e := range w.Stale {
				if e.Recording == nil {
					t.Fatalf("%s::%s: no recording", e.Suite, e.Case)
				}
				if e.Turn != tt.turn || e.Result.Closest {
					t.Errorf("%s::%s: turn %d closest %v", e.Suite, e.Case, e.Turn, e.Result.Closest)
				}
				if tt.note != "" {
					if !strings.Contains(e.Note, tt.note) {
						t.Errorf("note = %q", e.Note)
					}
					continue
				}
				if len(e.Result.Changes) != 1 || e.Result.Changes[0].Path != tt.path {
					t.Errorf("%s::%s: changes %+v", e.Suite, e.Case, e.Result.Changes)
				}
				if len(e.Result.Summary) != 1 || e.Result.Summary[0] != tt.summary {
					t.Errorf("%s::%s: summary %q", e.Suite, e.Case, e.Result.Summary)
				}
				if e.Recording.Status != Stale {
					t.Errorf("%s: %s, want stale", e.Recording.Path, e.Recording.Status)
				}
			}
		})
	}
}

func TestStatusesOfMutations(t *testing.T) {
	t.Parallel()
	tests := map[string]map[string]Status{
		"project-K-schema-version-bumped": {
			".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json": StaleSchema,
			".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json": Live,
		},
		"project-L-fingerprint-mismatch": {
			".dryfire/cassettes/refund_agent/escalates_refund_over_limit/00-0596134f6ae68949.json": Invalid,
			".dryfire/cassettes/incident_triage/truncated_by_max_tokens/00-ffffffffffffffff.json":  Invalid,
		},
		"project-F-case-renamed": {
			".dryfire/cassettes/refund_agent/unknown_order_apologises/00-cb1bcfe39d1c69ba.json": InUse,
		},
		"project-H-suite-deleted": {
			".dryfire/cassettes/checkout_flow_v2-29a2d01e/add_to_cart-31900a39/00-18e3b46f79267a2b.json": OrphanedSuite,
		},
	}
	for project, want := range tests {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			w := open(t, filepath.Join(golden, project))
			for _, r := range w.Recordings {
				if st, ok := want[r.Path]; ok {
					if r.Status != st {
						t.Errorf("%s: %s (%s), want %s", r.Path, r.Status, r.Reason, st)
					}
					delete(want, r.Path)
				}
			}
			for p := range want {
				t.Errorf("%s not listed", p)
			}
		})
	}
	w := open(t, filepath.Join(golden, "project-F-case-renamed"))
	for _, r := range w.Recordings {
		if r.Status == InUse && !strings.Contains(r.Reason, "refund_agent::unknown_order_says_sorry") {
			t.Errorf("in use reason %q", r.Reason)
		}
	}
}

func TestBareDirectory(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A", ".dryfire", "cassettes"))
	w := open(t, dir)
	if w.Project != nil || len(w.Recordings) != 42 {
		t.Fatalf("project %v, %d recordings", w.Project, len(w.Recordings))
	}
	for _, r := range w.Recordings {
		if r.Status != Unknown || !strings.Contains(r.Reason, "no dryfire.yaml") {
			t.Errorf("%s: %s %q", r.Path, r.Status, r.Reason)
		}
	}
}

// Unreadable files, files that are not JSON and a symbolic link loop are
// reported, never fatal.
func TestBadInput(t *testing.T) {
	t.Parallel()
	root := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	caseDir := filepath.Join(root, ".dryfire/cassettes/refund_agent/parallel_lookups")
	if err := os.WriteFile(filepath.Join(caseDir, "05-0123456789abcdef.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(caseDir, "06-0123456789abcdef.json")
	if err := os.WriteFile(locked, []byte("{}"), 0o000); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(caseDir, "loop")); err != nil {
		t.Fatal(err)
	}
	w := open(t, root)
	got := map[string]Status{}
	for _, r := range w.Recordings {
		got[filepath.Base(r.Path)] = r.Status
	}
	if got["05-0123456789abcdef.json"] != Invalid {
		t.Errorf("not JSON: %s", got["05-0123456789abcdef.json"])
	}
	for _, r := range w.Recordings {
		if filepath.Base(r.Path) == "05-0123456789abcdef.json" && (strings.Contains(r.Reason, root) || !strings.HasPrefix(r.Reason, "1:2: ")) {
			t.Errorf("reason %q: want line:col and no machine path", r.Reason)
		}
	}
	if runtime.GOOS != "windows" && os.Geteuid() != 0 && got["06-0123456789abcdef.json"] != Invalid {
		t.Errorf("unreadable: %s", got["06-0123456789abcdef.json"])
	}
	if len(w.Problems) == 0 {
		t.Errorf("the symbolic link loop is not reported")
	}
	live := 0
	for _, r := range w.Recordings {
		if r.Status == Live {
			live++
		}
	}
	if live != 42 {
		t.Errorf("%d live, want 42", live)
	}
}

func TestOnBatchStreamsPending(t *testing.T) {
	t.Parallel()
	n := 0
	w, err := Open(context.Background(), filepath.Join(golden, "project-A"), Options{OnBatch: func(rs []*Recording) {
		for _, r := range rs {
			if r.Status != Pending {
				t.Errorf("%s streamed as %s", r.Path, r.Status)
			}
		}
		n += len(rs)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(w.Recordings) {
		t.Errorf("streamed %d, listed %d", n, len(w.Recordings))
	}
}

func TestPathInsideCassetteRoot(t *testing.T) {
	t.Parallel()
	w := open(t, filepath.Join(golden, "project-F-case-renamed", ".dryfire/cassettes/refund_agent/unknown_order_apologises"))
	if len(w.Recordings) != 2 {
		t.Fatalf("%d recordings", len(w.Recordings))
	}
	for _, r := range w.Recordings {
		if r.Status != InUse {
			t.Errorf("%s: %s", r.Path, r.Status)
		}
	}
}

func TestPyIntIsOne(t *testing.T) {
	t.Parallel()
	for lit, want := range map[string]bool{
		`1`: true, `1.0`: true, `1.9`: true, `true`: true, `" 1 "`: true, `"+1"`: true,
		`2`: false, `"1.0"`: false, `null`: false, `false`: false, `[]`: false, `0.99`: false, `"1_0"`: false,
	} {
		v, err := jsonv.Decode([]byte(lit))
		if err != nil {
			t.Fatal(err)
		}
		if got := pyIntIsOne(v); got != want {
			t.Errorf("int(%s) == 1: %v, want %v", lit, got, want)
		}
	}
}

// locateOne resolves one PATH in this tool's forms, as a command over
// recordings does.
func locateOne(path string) (*Layout, error) {
	return Resolve(Request{Args: []string{path}, Want: Recordings})
}
