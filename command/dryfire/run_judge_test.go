package dryfire

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// judged is a project recorded by dryfire whose llm_judge suite has its
// judge cassettes (turn numbers after the loop's turns).
const judged = "../../testdata/run/projects/judge-anthropic-F"

// judgeFiles are the judge cassettes of the judged suite.
func judgeFiles(t *testing.T, w *scan.Workspace) []*scan.Recording {
	t.Helper()
	var out []*scan.Recording
	for _, r := range w.Recordings {
		for _, res := range w.Replay.Cases {
			for _, v := range res.Visits {
				if v.Judge && v.File == r.File {
					out = append(out, r)
				}
			}
		}
	}
	if len(out) != 5 {
		t.Fatalf("%d judge cassettes read, dryfire's record reports 5", len(out))
	}
	return out
}

// TestJudgeCassettesAreLive: replay reads the judge cassettes as dryfire's
// replay does, so they are live, never superseded, and every recording of
// the project is read.
func TestJudgeCassettesAreLive(t *testing.T) {
	t.Parallel()
	w := open(t, judged)
	for _, r := range judgeFiles(t, w) {
		if r.Status != scan.Live || !strings.HasPrefix(r.Reason, "read by replay of judged_answers::") {
			t.Errorf("%s: %s (%s)", r.Path, r.Status, r.Reason)
		}
	}
	for _, r := range w.Recordings {
		if r.Status != scan.Live {
			t.Errorf("%s: %s (%s); dryfire's replay reads every one of them", r.Path, r.Status, r.Reason)
		}
	}
}

// replayVisits is what a replay of dir reads, per repetition.
func replayVisits(t *testing.T, dir string) (map[string][]string, int) {
	t.Helper()
	l, err := scan.Resolve(scan.Request{Args: []string{dir}, Want: scan.Project})
	if err != nil {
		t.Fatal(err)
	}
	l.LoadSuites(nil)
	store, err := scan.ReadStore(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	res := engine.Replay(context.Background(), l.Project, store, engine.Options{})
	out := map[string][]string{}
	for _, c := range res.Cases {
		for _, v := range c.Visits {
			id := c.Suite + "::" + c.Case + "#" + string(rune('0'+c.RepeatIndex))
			file := ""
			if v.File != nil {
				file = v.File.Rel
			}
			out[id] = append(out[id], v.Key+" "+file)
		}
	}
	return out, res.ExitCode
}

// TestPruneKeepsJudgeCassettes: prune --yes on a project with judge
// cassettes and one superseded recording removes that recording alone, and
// the replay reads the same files with the same keys afterwards.
func TestPruneKeepsJudgeCassettes(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, judged)
	// An older recording of the first judge's turn: superseded.
	caseDir := filepath.Join(dir, ".dryfire", "cassettes", "judged_answers", "judged_status_answer")
	data, err := os.ReadFile(filepath.Join(caseDir, "01-cf320d818be4f2e4.json"))
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`"fingerprint": "[0-9a-f]{16}"`).ReplaceAllString(string(data), `"fingerprint": "0000000000000000"`)
	if err := os.WriteFile(filepath.Join(caseDir, "01-0000000000000000.json"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	before, code := replayVisits(t, dir)
	w := open(t, dir)
	plan := w.PrunePlan()
	if len(plan.Candidates) != 1 || plan.Candidates[0].Recording.Key != "0000000000000000" || plan.Candidates[0].Reason != "superseded" {
		t.Fatalf("candidates %+v, want the one superseded recording", plan.Candidates)
	}
	judges := judgeFiles(t, w)
	if _, err := command.PruneFiles(context.Background(), w, plan.Candidates, false); err != nil {
		t.Fatal(err)
	}
	for _, r := range judges {
		if _, err := os.Stat(r.File.Path); err != nil {
			t.Errorf("judge cassette %s is gone: %v", r.Path, err)
		}
	}
	after, codeAfter := replayVisits(t, dir)
	if !reflect.DeepEqual(before, after) || code != codeAfter {
		t.Errorf("replay changed after prune --yes:\nbefore %v (exit %d)\nafter  %v (exit %d)", before, code, after, codeAfter)
	}
}

// TestStaleJudgeExplained: a changed rubric and a changed judge model make
// the judge cassettes stale, each explained against its own recording in
// the judge's terms.
func TestStaleJudgeExplained(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, judged)
	suiteFile := filepath.Join(dir, "evals", "judged", "answers.eval.yaml")
	src, err := os.ReadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "One sentence only.", "One short sentence only.", 1)
	text = strings.Replace(text, "model: claude-haiku-4-5", "model: claude-opus-4-8", 1)
	if err := os.WriteFile(suiteFile, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w := open(t, dir)
	want := map[string]string{
		"01-3002205d074789c5.json": "the judge at turn 1 misses: judge rubric changed: 'One sentence only.' → 'One short sentence only.'",
		"02-8d1e11ae628ed422.json": "the judge at turn 2 misses: judge model claude-haiku-4-5 → claude-opus-4-8",
	}
	for _, r := range w.Recordings {
		if r.Status == scan.Live {
			continue
		}
		reason, ok := want[filepath.Base(r.Path)]
		if !ok || r.Status != scan.Stale || r.Reason != reason {
			t.Errorf("%s: %s (%s)", r.Path, r.Status, r.Reason)
		}
		delete(want, filepath.Base(r.Path))
	}
	for name := range want {
		t.Errorf("%s is not stale", name)
	}
	for _, e := range w.Stale {
		if !e.Judge || e.Recording == nil || e.Turn < 1 {
			t.Errorf("explanation %+v", e)
		}
	}
	// The case's verdict: the loop hits, both judges miss (judge errors).
	run, err := Run(context.Background(), RunRequest{Paths: []string{dir}, Mode: "replay"})
	if err != nil {
		t.Fatal(err)
	}
	res := run.Result
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if c.Case != "two_judges_one_override" {
				continue
			}
			if c.Passed || c.Rep.Trace.Termination != "end_turn" || res.RunExitCode != 1 {
				t.Errorf("two_judges_one_override passed=%v, exit %d; dryfire fails it with judge errors, exit 1", c.Passed, res.RunExitCode)
			}
			for _, a := range c.Rep.Assertions {
				if !strings.HasPrefix(a.Message, "JUDGE ERROR: judge provider call failed: CassetteMiss(") {
					t.Errorf("assertion %s: %q", a.Description, a.Message)
				}
			}
		}
	}
}
