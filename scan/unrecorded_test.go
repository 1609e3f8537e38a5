package scan

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// unrecordedProject is golden project-A with a case added to refund_agent,
// the last turn of resumes_seeded_history removed, and repetition #2 of
// weather_check_repeated never recorded.
func unrecordedProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(golden, "project-A"))); err != nil {
		t.Fatal(err)
	}
	suite := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, `  - name: refund_in_french
    input: "La commande A-991 est arrivée cassée, je veux un remboursement."
    expect:
      - calls_tool: escalate_to_human
`...)
	if err := os.WriteFile(suite, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cassettes := filepath.Join(dir, ".dryfire", "cassettes", "travel_booking")
	for _, f := range []string{"resumes_seeded_history/01-abd1f99a36308900.json", "weather_check_repeated/00-0e410f456f63bd03#2.json"} {
		if err := os.Remove(filepath.Join(cassettes, filepath.FromSlash(f))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type unrecordedRow struct {
	Suite, Case   string
	Turn, Repeat  int
	Key, Path     string
	Record, Start string
}

func rowsOf(w *Workspace) []unrecordedRow {
	var out []unrecordedRow
	for _, r := range w.Unrecorded {
		start, _, _ := strings.Cut(r.Reason, ": ")
		out = append(out, unrecordedRow{r.Suite, r.Case, r.Turn, r.RepeatIndex, r.Key, r.Path, r.RecordPath, start})
	}
	return out
}

// TestUnrecordedTurns: a turn replay asks for that no file of its case,
// turn and repetition answers is an unrecorded row (a new case, a
// repetition never recorded, a turn past the last one recorded), with the
// file auto mode would write; the recordings stay files only.
func TestUnrecordedTurns(t *testing.T) {
	t.Parallel()
	w := open(t, unrecordedProject(t))
	const root = ".dryfire/cassettes/"
	want := []unrecordedRow{
		{"refund_agent", "refund_in_french", 0, 0, "fd0f92552cb808b1", "", root + "refund_agent/refund_in_french/00-fd0f92552cb808b1.json", "case never recorded"},
		{"travel_booking", "weather_check_repeated", 0, 2, "0e410f456f63bd03#2", "", root + "travel_booking/weather_check_repeated/00-0e410f456f63bd03#2.json", "repetition #2 never recorded"},
		{"travel_booking", "resumes_seeded_history", 1, 0, "abd1f99a36308900", "", root + "travel_booking/resumes_seeded_history/01-abd1f99a36308900.json",
			"replay of travel_booking::resumes_seeded_history reaches turn 1, past the last one recorded (turn 0)"},
	}
	if got := rowsOf(w); !reflect.DeepEqual(got, want) {
		t.Errorf("unrecorded rows:\n got %+v\nwant %+v", got, want)
	}
	for _, r := range w.Unrecorded {
		if r.Status != Unrecorded || r.File != nil || r.Prunable() {
			t.Errorf("%s: status %s, file %v, prunable %v", r.RecordPath, r.Status, r.File, r.Prunable())
		}
		if r.Miss == nil || !r.Miss.Unrecorded || !strings.HasPrefix(r.Miss.Headline(), "not recorded") {
			t.Errorf("%s: miss %+v", r.RecordPath, r.Miss)
		}
	}
	if n := len(w.Recordings); n != 40 {
		t.Errorf("%d recordings, want the 40 files", n)
	}
	// Every miss is either an unrecorded row or explained by a stale file.
	if len(w.Stale) != 3 {
		t.Errorf("%d misses explained, want 3", len(w.Stale))
	}
}

// TestUnrecordedUnderPath: PATH inside the cassette root lists the rows
// whose file would be written below it; without explanations the rows
// are still there.
func TestUnrecordedUnderPath(t *testing.T) {
	t.Parallel()
	dir := unrecordedProject(t)
	w, err := Open(context.Background(), filepath.Join(dir, ".dryfire", "cassettes", "travel_booking"), Options{NoExplain: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := rowsOf(w); len(got) != 2 || got[0].Case != "weather_check_repeated" || got[1].Case != "resumes_seeded_history" {
		t.Errorf("rows under travel_booking: %+v", got)
	}
	for _, r := range w.Unrecorded {
		if r.Miss != nil {
			t.Errorf("%s: explained with NoExplain", r.RecordPath)
		}
	}
}

// TestStaleIsNotUnrecorded: a miss at a turn that has a file (the golden
// projects whose requests changed, or whose file lookup skips) is a stale
// or invalid recording, never an unrecorded row.
func TestStaleIsNotUnrecorded(t *testing.T) {
	t.Parallel()
	for _, p := range append(projects(t), "project-A") {
		w := open(t, filepath.Join(golden, p))
		if len(w.Unrecorded) != 0 {
			t.Errorf("%s: unrecorded rows %+v", p, rowsOf(w))
		}
		for _, e := range w.Stale {
			if e.Unrecorded {
				t.Errorf("%s: %s::%s turn %d explained as unrecorded", p, e.Suite, e.Case, e.Turn)
			}
		}
	}
}

// TestNoCassettesAtAll: a project with suites and no cassette directory
// has a row for the first turn of every repetition replay runs.
func TestNoCassettesAtAll(t *testing.T) {
	t.Parallel()
	dir := unrecordedProject(t)
	if err := os.RemoveAll(filepath.Join(dir, ".dryfire")); err != nil {
		t.Fatal(err)
	}
	w := open(t, dir)
	misses := 0
	for _, c := range w.Replay.Cases {
		if c.Outcome == "miss" {
			misses++
		}
	}
	if len(w.Unrecorded) != misses || misses < 19 {
		t.Errorf("%d unrecorded rows for %d missed repetitions", len(w.Unrecorded), misses)
	}
	for _, r := range w.Unrecorded {
		if r.Turn != 0 {
			t.Errorf("%s: turn %d", r.RecordPath, r.Turn)
		}
	}
}
