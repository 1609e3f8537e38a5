package scan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// dryfirePrune reads the candidates dryfire's prune dry run printed for a
// tree of testdata/prune: path and reason.
func dryfirePrune(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "prune", name+".dryfire.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for line := range strings.SplitSeq(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "would remove ")
		if !ok {
			continue
		}
		path, reason, _ := strings.Cut(rest, " (")
		out[path] = strings.TrimSuffix(reason, ")")
	}
	if len(out) == 0 {
		t.Fatalf("%s: no candidates in dryfire's output", name)
	}
	return out
}

// TestPruneTwoSuitesOfOneName: a second suite file with the name of another
// makes dryfire's prune forget the first file's cases and remove their
// live recordings as orphaned cases. This prune keeps them, and says what
// dryfire's would do with each.
func TestPruneTwoSuitesOfOneName(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	second, err := os.ReadFile(filepath.Join("..", "testdata", "prune", "zz_refund_agent_v2.eval.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "evals", "support", "zz_refund_agent_v2.eval.yaml"), second, 0o644); err != nil {
		t.Fatal(err)
	}
	want := dryfirePrune(t, "same-name")
	plan := open(t, dir).PrunePlan()
	if len(plan.Candidates) != 0 {
		t.Errorf("candidates %v, want none: every file is read by replay", pathsOf(plan.Candidates))
	}
	kept := map[string]PruneItem{}
	for _, it := range plan.Kept {
		kept[it.Recording.Path] = it
	}
	for path, reason := range want {
		it, ok := kept[path]
		switch {
		case !ok:
			t.Errorf("%s: not reported as kept; dryfire's prune removes it as %s", path, reason)
		case it.Dryfire != reason:
			t.Errorf("%s: dryfire's verdict reported as %q, dryfire says %q", path, it.Dryfire, reason)
		case it.Recording.Status != InUse:
			t.Errorf("%s: %s, want in use", path, it.Recording.Status)
		}
	}
	if len(kept) != len(want) {
		t.Errorf("kept %d files, dryfire's prune removes %d", len(kept), len(want))
	}
}

// TestPruneKeepsTheCaseOwnCopy: a copy of a recording in a directory that
// lookup reads first (an old, orphaned one) is what replay serves. The
// recording in the case's own directory must stay: dryfire's own prune
// removes the copy as an orphan, and replay then needs it. This prune
// removes neither, and after both prunes replay still hits every turn.
func TestPruneKeepsTheCaseOwnCopy(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	rel := filepath.Join(".dryfire", "cassettes", "refund_agent", "parallel_lookups", "00-6e943a4a4125d90d.json")
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(dir, ".dryfire", "cassettes", "aaa_archive", "old")
	if err := os.MkdirAll(archive, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(archive, "00-6e943a4a4125d90d.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := dryfirePrune(t, "copy-first")
	w := open(t, dir)
	plan := w.PrunePlan()
	if len(plan.Candidates) != 0 {
		t.Fatalf("candidates %v, want none", pathsOf(plan.Candidates))
	}
	for _, r := range w.Recordings {
		if r.Path == filepath.ToSlash(rel) && r.Status != Live {
			t.Errorf("%s: %s (%s), want live: it is the case's own recording", r.Path, r.Status, r.Reason)
		}
	}
	// Then dryfire's own prune --yes: the copy goes.
	for path := range want {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(path))); err != nil {
			t.Fatal(err)
		}
	}
	after, err := Open(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range after.Recordings {
		if r.Status != Live {
			t.Errorf("after dryfire's prune: %s is %s (%s)", r.Path, r.Status, r.Reason)
		}
	}
	if len(after.Stale) != 0 {
		t.Errorf("after dryfire's prune, replay misses: %+v", after.Stale)
	}
}

func pathsOf(items []PruneItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Recording.Path)
	}
	return out
}
