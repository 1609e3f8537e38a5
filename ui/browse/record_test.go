package browse

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// stopRecorder plans what it is given and records one call, then waits
// for the stop.
type stopRecorder struct {
	plan    backend.RecordPlan
	planned []backend.CaseRef
}

func (r *stopRecorder) Plan(_ context.Context, _ string, cases []backend.CaseRef) (backend.RecordPlan, error) {
	r.planned = cases
	return r.plan, nil
}

func (r *stopRecorder) Record(ctx context.Context, p backend.RecordPlan, progress func(backend.RecordProgress)) backend.RecordResult {
	progress(backend.RecordProgress{Calls: 1, Most: p.Calls, Line: "refund_agent::parallel_lookups turn 00 recorded"})
	<-ctx.Done()
	return backend.RecordResult{Written: []string{".dryfire/cassettes/refund_agent/parallel_lookups/00-2f74f3297d225812.json"}, Interrupted: true}
}

func (r *stopRecorder) Review(context.Context, string) (*gitreview.Review, []string, error) {
	return nil, nil, errors.New("not a git repository")
}

// recordModel is a browser with one stale recording of a graded case.
func recordModel(t *testing.T, r backend.Recorder) Page {
	t.Helper()
	items := []tree.Item{{ID: "a", Path: ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
		Format: format.Dryfire, Group: "refund_agent", Sub: "parallel_lookups", Label: "00 6e943a", Key: "6e943a4a4125d90d",
		Status: "stale", Verdict: "failing", Case: &engine.CaseRun{Suite: "refund_agent", Case: "parallel_lookups", Rep: &engine.CaseResult{}}}}
	m, _ := newTestModel(t, 120, 40, items)
	m.opts.Recorder = r
	return keys(t, m, "G")
}

// update feeds one message and returns the model and the Cmd, unrun.
func update(m Page, msg tea.Msg) (Page, tea.Cmd) { return m.Update(msg) }

// TestRecordDialogWithoutKey: the dialog says which key is not set and
// that nothing will be recorded; it cannot be confirmed.
func TestRecordDialogWithoutKey(t *testing.T) {
	r := &stopRecorder{plan: backend.RecordPlan{
		Providers: []backend.RecordProvider{{Name: "anthropic", Models: []string{"claude-sonnet-4-6"}, KeyEnv: "ANTHROPIC_API_KEY"}},
		LeftOut:   []string{"refund_agent::parallel_lookups needs ANTHROPIC_API_KEY, which is not set"},
	}}
	m := recordModel(t, r)
	if !strings.Contains(screenText(m), "w re-record") {
		t.Fatalf("no w on the key line:\n%s", screenText(m))
	}
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	if len(r.planned) != 1 || r.planned[0] != (backend.CaseRef{Suite: "refund_agent", Case: "parallel_lookups"}) {
		t.Errorf("planned %v", r.planned)
	}
	scr := screenText(m)
	for _, want := range []string{"Nothing to record.", "ANTHROPIC_API_KEY is not set", "needs ANTHROPIC_API_KEY, which is not set"} {
		if !strings.Contains(scr, want) {
			t.Errorf("dialog lacks %q:\n%s", want, scr)
		}
	}
	m, cmd = update(m, uitest.PressKey("y"))
	if cmd != nil || !m.Dialog.Visible() {
		t.Errorf("y confirmed a dialog with nothing to record")
	}
}

// TestRecordKeyFirstOnAFailingCase: on the row of a failing case, as on
// its stale recording, the key line offers w before anything that could
// push it off a narrow line, and w plans that case.
func TestRecordKeyFirstOnAFailingCase(t *testing.T) {
	r := &stopRecorder{}
	m := keys(t, recordModel(t, r), "up")
	if kind, names := m.tree.SelectedPath(); kind != tree.KindSub || len(names) != 2 {
		t.Fatalf("the cursor is on %v %v, not the case row", kind, names)
	}
	m = resize(m, 80, 40)
	lines := strings.Split(strings.TrimRight(screenText(m), "\n"), "\n")
	line := lines[len(lines)-1]
	if !strings.Contains(line, "w re-record") || strings.Index(line, "w re-record") > strings.Index(line, "p problems") {
		t.Fatalf("the key line does not offer w first:\n%s", line)
	}
	m, cmd := update(m, uitest.PressKey("w"))
	_, _ = update(m, cmd())
	if len(r.planned) != 1 || r.planned[0] != (backend.CaseRef{Suite: "refund_agent", Case: "parallel_lookups"}) {
		t.Errorf("planned %v", r.planned)
	}
}

// TestRecordProgressAndStop: the status line follows the calls; esc stops
// the recording, whose written files the status line then counts; with no
// git repository there is no review, and the browser says so.
func TestRecordProgressAndStop(t *testing.T) {
	r := &stopRecorder{plan: backend.RecordPlan{Cases: []backend.CaseRef{{Suite: "refund_agent", Case: "parallel_lookups"}}, Calls: 6, Repetitions: 1,
		Providers: []backend.RecordProvider{{Name: "anthropic", Models: []string{"claude-sonnet-4-6"}, KeyEnv: "ANTHROPIC_API_KEY", KeySet: true, Calls: 6}},
		Cost:      "about $0.0061 at most", CassetteDir: ".dryfire/cassettes"}}
	m := recordModel(t, r)
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	m, cmd = update(m, uitest.PressKey("y"))
	m, cmd = update(m, cmd()) // the dialog's answer
	m, next := update(m, cmd())
	scr := screenText(m)
	if !strings.Contains(scr, "re-recording: 1/6 calls · refund_agent::parallel_lookups turn 00 recorded · esc stops") ||
		!strings.Contains(scr, "esc stop recording") || strings.Contains(scr, "d prune") || strings.Contains(scr, "r rescan") {
		t.Fatalf("while recording:\n%s", scr)
	}
	m, _ = update(m, uitest.PressKey("esc"))
	if !strings.Contains(screenText(m), "stopping the re-recording") {
		t.Errorf("esc did not stop:\n%s", screenText(m))
	}
	m, cmd = update(m, next())
	if m.recording || !strings.Contains(screenText(m), "stopped: 1 cassette written, each whole") {
		t.Errorf("after the stop:\n%s", screenText(m))
	}
	msg := cmd()
	m, _ = update(m, msg)
	if _, review := msg.(OpenReviewMsg); review || !strings.Contains(screenText(m), "re-recorded 1 cassette; no review: not a git repository") {
		t.Errorf("without git:\n%s", screenText(m))
	}
}

// TestRecordMarkedSet: with recordings marked, w re-records their cases,
// each once, in tree order, wherever the cursor is.
func TestRecordMarkedSet(t *testing.T) {
	item := func(id, sub, label string) tree.Item {
		return tree.Item{ID: id, Path: ".dryfire/cassettes/refund_agent/" + sub + "/" + label + ".json", Format: format.Dryfire,
			Group: "refund_agent", Sub: sub, Label: label, Key: id, Status: "stale", Verdict: "failing",
			Case: &engine.CaseRun{Suite: "refund_agent", Case: sub, Rep: &engine.CaseResult{}}}
	}
	items := []tree.Item{item("a", "late_order", "00 aaaaaa"), item("b", "late_order", "01 bbbbbb"),
		item("c", "parallel_lookups", "00 cccccc"), item("d", "unknown_order", "00 dddddd")}
	m, _ := newTestModel(t, 120, 40, items)
	r := &stopRecorder{}
	m.opts.Recorder = r
	// Mark both recordings of late_order and the one of unknown_order.
	for range m.tree.Rows() {
		if it, leaf := m.tree.Selected(); leaf && it.ID != "c" {
			m = keys(t, m, "space")
			continue
		}
		m = keys(t, m, "down")
	}
	if got := m.tree.MarkCount(); got != 3 {
		t.Fatalf("%d marked, want 3", got)
	}
	m = keys(t, m, "g")
	m, cmd := update(m, uitest.PressKey("w"))
	_, _ = update(m, cmd())
	want := []backend.CaseRef{{Suite: "refund_agent", Case: "late_order"}, {Suite: "refund_agent", Case: "unknown_order"}}
	if !slices.Equal(r.planned, want) {
		t.Errorf("planned %v, want %v", r.planned, want)
	}
}

// TestQuitDuringARecordingStopsItFirst: q while re-recording does what
// ctrl+c does: it stops the recording, says so, and quits only once the
// recording has ended, its files written whole; the key line says so.
func TestQuitDuringARecordingStopsItFirst(t *testing.T) {
	r := &stopRecorder{plan: backend.RecordPlan{Cases: []backend.CaseRef{{Suite: "refund_agent", Case: "parallel_lookups"}}, Calls: 6, Repetitions: 1,
		CassetteDir: ".dryfire/cassettes"}}
	m := recordModel(t, r)
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	m, cmd = update(m, uitest.PressKey("y"))
	m, cmd = update(m, cmd()) // the dialog's answer
	m, next := update(m, cmd())
	if !strings.Contains(lastLine(screenText(m)), "q stop and quit") {
		t.Errorf("the key line offers q as if nothing ran:\n%s", lastLine(screenText(m)))
	}
	for range 2 {
		var quit tea.Cmd
		if m, quit = update(m, uitest.PressKey("q")); quit != nil {
			if _, ok := quit().(tea.QuitMsg); ok {
				t.Fatal("q quit with the recording still running")
			}
		}
		if !m.recording || !strings.Contains(screenText(m), "stopping the re-recording, then quitting") {
			t.Fatalf("q during the recording:\n%s", screenText(m))
		}
	}
	// The recording ends (it saw the stop): now the page quits.
	m, cmd = update(m, next())
	if m.recording || cmd == nil {
		t.Fatal("the page did not quit once the recording had ended")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("the end of the recording did not quit")
	}
}

// unrecordedItems are a live recording and two turns never recorded, of
// two cases of one suite.
func unrecordedItems() []tree.Item {
	run := func(c string) *engine.CaseRun {
		return &engine.CaseRun{Suite: "refund_agent", Case: c, Rep: &engine.CaseResult{}}
	}
	return []tree.Item{
		{ID: ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json", Path: ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
			Format: format.Dryfire, Group: "refund_agent", Sub: "parallel_lookups", Label: "00 6e943a", Key: "6e943a4a4125d90d",
			Status: "live", Verdict: "failing", Case: run("parallel_lookups")},
		{ID: backend.UnrecordedPrefix + ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json", Format: format.Dryfire, Group: "refund_agent", Sub: "parallel_lookups", Label: "01 3d3d45",
			Turn: 1, Key: "3d3d451719dd1a54", Status: "unrecorded", Reason: "replay of refund_agent::parallel_lookups reaches turn 1, past the last one recorded (turn 0)",
			Verdict: "failing", Case: run("parallel_lookups")},
		{ID: backend.UnrecordedPrefix + ".dryfire/cassettes/refund_agent/refund_in_french/00-fd0f92552cb808b1.json", Format: format.Dryfire, Group: "refund_agent", Sub: "refund_in_french", Label: "00 fd0f92",
			Key: "fd0f92552cb808b1", Status: "unrecorded", Reason: "case never recorded", Verdict: "failing", Case: run("refund_in_french")},
	}
}

// TestUnrecordedRows: a turn never recorded is a problem the browser opens
// on and the header counts (as no recording), with no path to copy; marked
// with another, w records both cases, and the prune dialog keeps them,
// named by their turn.
func TestUnrecordedRows(t *testing.T) {
	r := &stopRecorder{}
	m, _ := newTestModel(t, 120, 30, unrecordedItems())
	m.opts.Recorder = r
	scr := screenText(m)
	for _, want := range []string{"1 recordings · ?2 unrecorded", "2 problems need attention", "? unrecorded 1 of 2", "w re-record"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	if it, _ := m.Selected(); it.Status != "unrecorded" {
		t.Fatalf("opened on %q, not the unrecorded turn", it.ID)
	}
	if m.keysNow().Copy.Enabled() {
		t.Error("y copies the path of a row that has no file")
	}
	m = keys(t, m, "space", "n", "space")
	if n := m.tree.MarkCount(); n != 2 {
		t.Fatalf("%d marked, want the two unrecorded turns", n)
	}
	m2, cmd := update(m, uitest.PressKey("w"))
	_, _ = update(m2, cmd())
	want := []backend.CaseRef{{Suite: "refund_agent", Case: "parallel_lookups"}, {Suite: "refund_agent", Case: "refund_in_french"}}
	if !slices.Equal(r.planned, want) {
		t.Errorf("planned %v, want %v", r.planned, want)
	}
	m = keys(t, m, "d")
	scr = screenText(m)
	if !strings.Contains(scr, "Nothing to remove.") || !strings.Contains(scr, "refund_agent › refund_in_french › turn 0") {
		t.Errorf("the prune dialog does not keep the unrecorded turns by name:\n%s", scr)
	}
}
