package scan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// TestSources: each golden mutation's miss points at the line that was
// edited (see each project's MUTATION.md).
func TestSources(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		project string
		want    string // the first source, "file:line (what)"
	}{
		"tool description": {"project-B-tool-description",
			"evals/support/refund_agent.eval.yaml:10 (tool lookup_order: description)"},
		"case-level mock": {"project-S-case-mock-override",
			"evals/support/refund_agent.eval.yaml:67 (mock of issue_refund)"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := open(t, filepath.Join(golden, tc.project))
			if len(w.Stale) == 0 {
				t.Fatal("no miss to explain")
			}
			for _, e := range w.Stale {
				srcs := w.Sources(e)
				if len(srcs) == 0 {
					t.Errorf("%s::%s: no source", e.Suite, e.Case)
					continue
				}
				if got := srcs[0].String(); got != tc.want {
					t.Errorf("%s::%s: %s, want %s", e.Suite, e.Case, got, tc.want)
				}
			}
		})
	}
}

// TestSourcesOfAReorder: a tool moved in the list is the tool's own line.
func TestSourcesOfAReorder(t *testing.T) {
	t.Parallel()
	w := open(t, filepath.Join(golden, "project-C-tools-reordered"))
	for _, e := range w.Stale {
		srcs := w.Sources(e)
		if len(srcs) == 0 || !strings.Contains(srcs[0].What, "tool get_weather") || !strings.HasPrefix(srcs[0].File, "evals/travel/") {
			t.Errorf("%s::%s: %v, want the get_weather tool in the travel suite", e.Suite, e.Case, srcs)
		}
	}
}

// TestMissOfEveryStaleRecording: every stale recording of project-B,
// reached or not, leads to the miss of its case (10 of its 15 are turns
// replay never reaches).
func TestMissOfEveryStaleRecording(t *testing.T) {
	t.Parallel()
	w := open(t, filepath.Join(golden, "project-B-tool-description"))
	stale, unreached := 0, 0
	for _, r := range w.Recordings {
		if r.Status != Stale {
			if w.MissOf(r) != nil {
				t.Errorf("%s (%s) has a miss", r.Path, r.Status)
			}
			continue
		}
		stale++
		e := w.MissOf(r)
		if e == nil {
			t.Errorf("%s: no miss", r.Path)
			continue
		}
		if e.Recording != r {
			unreached++
			if e.Recording == nil || e.Turn >= r.Turn || caseDirOf(e.Recording.File.Rel) != caseDirOf(r.File.Rel) {
				t.Errorf("%s: miss at turn %d of %v, want an earlier turn of its own case", r.Path, e.Turn, e.Recording)
			}
		}
	}
	if stale != 15 || unreached != 10 {
		t.Errorf("%d stale, %d unreached; want 15 and 10", stale, unreached)
	}
}

// TestStaleMatchingAnUnreachedTurn: diff REF names a turn replay never
// reaches; it explains the miss that keeps it from being reached.
func TestStaleMatchingAnUnreachedTurn(t *testing.T) {
	t.Parallel()
	w := open(t, filepath.Join(golden, "project-B-tool-description"))
	got := w.StaleMatching("refund_agent/parallel_lookups/01-3d3d451719dd1a54.json")
	if len(got) != 1 || got[0].Recording == nil || !strings.HasSuffix(got[0].Recording.Path, "parallel_lookups/00-6e943a4a4125d90d.json") {
		t.Errorf("got %v, want the miss at turn 0 of parallel_lookups", got)
	}
}

// TestSourcesOfASystemPromptEdit: a sentence of a suite's system prompt
// edited after recording (project-A, recorded by dryfire, with "$500"
// made "$400") makes every case of the suite miss at turn 0, and each
// miss points at the suite's system prompt.
func TestSourcesOfASystemPromptEdit(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	suitePath := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "Never issue a refund over $500", "Never issue a refund over $400", 1)
	if edited == string(data) {
		t.Fatal("the system prompt of project-A changed; update the test")
	}
	if err := os.WriteFile(suitePath, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	w := open(t, dir)
	if len(w.Stale) == 0 {
		t.Fatal("no miss to explain")
	}
	for _, e := range w.Stale {
		srcs := w.Sources(e)
		if e.Suite != "refund_agent" || e.Turn != 0 || len(srcs) == 0 ||
			srcs[0].String() != "evals/support/refund_agent.eval.yaml:5 (system prompt)" {
			t.Errorf("%s::%s at turn %d: %v, want the system prompt at refund_agent.eval.yaml:5", e.Suite, e.Case, e.Turn, srcs)
		}
	}
}
