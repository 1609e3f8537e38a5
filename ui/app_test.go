package ui

import (
	"context"
	"errors"
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

// blockingRecorder plans one call and records until it is stopped.
type blockingRecorder struct{}

func (blockingRecorder) Plan(_ context.Context, _ string, cases []backend.CaseRef) (backend.RecordPlan, error) {
	return backend.RecordPlan{Cases: cases, Calls: 1, Repetitions: 1, Cost: "nothing", CassetteDir: ".dryfire/cassettes"}, nil
}

func (blockingRecorder) Record(ctx context.Context, _ backend.RecordPlan, progress func(backend.RecordProgress)) backend.RecordResult {
	progress(backend.RecordProgress{Calls: 1, Most: 1, Line: "turn 00 recorded"})
	<-ctx.Done()
	return backend.RecordResult{Interrupted: true}
}

func (blockingRecorder) Review(context.Context, string) (*gitreview.Review, []string, error) {
	return nil, nil, errors.New("not a git repository")
}

// recording is the app in the middle of a re-recording, with the Cmd
// that brings the recording's next event.
func recording(t *testing.T) (Model, tea.Cmd) {
	t.Helper()
	b := uitest.NewFakeBackend(t, []tree.Item{{ID: "a", Path: ".dryfire/cassettes/s/c/00-6e943a4a4125d90d.json", Format: format.Dryfire,
		Group: "s", Sub: "c", Label: "00 6e943a", Key: "6e943a4a4125d90d", Status: "stale", Verdict: "failing",
		Case: &engine.CaseRun{Suite: "s", Case: "c", Rep: &engine.CaseResult{}}}})
	m := New(Options{Path: "/project", Backend: b, Recorder: blockingRecorder{}, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	m = run(t, m, m.Init())
	m = keys(t, m, "G")
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd()) // the plan, in a dialog
	m, cmd = update(m, uitest.PressKey("y"))
	m, cmd = update(m, cmd()) // the dialog's answer starts the recording
	m, next := update(m, cmd())
	if !strings.Contains(screenText(m), "re-recording: 1/1 calls") {
		t.Fatalf("not recording:\n%s", screenText(m))
	}
	return m, next
}

// TestCtrlCStopsARecordingFirst: ctrl+c during a re-recording stops it
// and quits only once it has ended, so that no write is cut short.
func TestCtrlCStopsARecordingFirst(t *testing.T) {
	m, next := recording(t)
	m, cmd := update(m, uitest.PressKey("ctrl+c"))
	if cmd != nil || !strings.Contains(screenText(m), "stopping the re-recording, then quitting") {
		t.Fatalf("ctrl+c did not stop the recording first (cmd %v):\n%s", cmd != nil, screenText(m))
	}
	_, cmd = update(m, next())
	if cmd == nil || cmd() != tea.Quit() {
		t.Errorf("the app did not quit once the recording ended")
	}
}

// TestSecondCtrlCQuits: a second ctrl+c quits without waiting.
func TestSecondCtrlCQuits(t *testing.T) {
	m, _ := recording(t)
	m, _ = update(m, uitest.PressKey("ctrl+c"))
	if _, cmd := update(m, uitest.PressKey("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Errorf("the second ctrl+c did not quit")
	}
}

// TestCtrlCQuitsEitherPage: with nothing running, ctrl+c quits, whatever
// the page, even while a filter is typed.
func TestCtrlCQuitsEitherPage(t *testing.T) {
	b := uitest.NewFakeBackend(t, uitest.DemoItems())
	m := New(Options{Path: "/project", Backend: b, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	m = keys(t, run(t, m, m.Init()), "/", "x")
	if _, cmd := update(m, uitest.PressKey("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Errorf("ctrl+c did not quit the browser while typing a filter")
	}
	f := uitest.NewFixture(t)
	r := New(Options{Page: PageReview, Review: f.Open(t), LookedAt: f.Dirs, IsDark: true})
	r = send(t, r, tea.WindowSizeMsg{Width: 120, Height: 30})
	if _, cmd := update(r, uitest.PressKey("ctrl+c")); cmd == nil || cmd() != tea.Quit() {
		t.Errorf("ctrl+c did not quit the review")
	}
}

// reviewRecorder records at once and opens the review of a fixture.
type reviewRecorder struct {
	blockingRecorder
	f uitest.Fixture
	t *testing.T
}

func (r reviewRecorder) Record(context.Context, backend.RecordPlan, func(backend.RecordProgress)) backend.RecordResult {
	return backend.RecordResult{Written: []string{uitest.PModified}, Passed: 1}
}

func (r reviewRecorder) Review(context.Context, string) (*gitreview.Review, []string, error) {
	return r.f.Open(r.t), r.f.Dirs, nil
}

// TestBrowseResultsReachItUnderTheReview: a command of the palette that
// ends while the review of a re-recording is on screen is the browser's
// all the same: back on the browser, its report is shown and the palette
// can run again.
func TestBrowseResultsReachItUnderTheReview(t *testing.T) {
	f := uitest.NewFixture(t)
	b := uitest.NewFakeBackend(t, []tree.Item{{ID: "a", Path: ".dryfire/cassettes/s/c/00-6e943a4a4125d90d.json", Format: format.Dryfire,
		Group: "s", Sub: "c", Label: "00 6e943a", Key: "6e943a4a4125d90d", Status: "stale", Verdict: "failing",
		Case: &engine.CaseRun{Suite: "s", Case: "c", Rep: &engine.CaseResult{}}}})
	m := New(Options{Path: "/project", Backend: b, Recorder: reviewRecorder{f: f, t: t}, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	m = keys(t, run(t, m, m.Init()), "G")
	m, _ = update(m, uitest.PressKey(":"))
	m, cmd := update(m, uitest.PressKey("enter"))
	m, check := update(m, cmd()) // check starts; its result comes later
	m, cmd = update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	m, cmd = update(m, uitest.PressKey("y"))
	m, cmd = update(m, cmd())
	m, cmd = update(m, cmd()) // the recording's end
	m, _ = update(m, cmd())   // its review
	if !strings.Contains(screenText(m), "review · ") {
		t.Fatalf("the review is not on screen:\n%s", screenText(m))
	}
	m, _ = update(m, check())
	m, cmd = update(m, uitest.PressKey("q"))
	m = send(t, m, cmd()) // back to the browser
	if !strings.Contains(screenText(m), "check · ok") {
		t.Errorf("back on the browser, no report of check:\n%s", screenText(m))
	}
	if m = keys(t, m, "esc"); !strings.Contains(screenText(m), ": commands") {
		t.Errorf("back on the browser, the palette still waits for check:\n%s", screenText(m))
	}
}
