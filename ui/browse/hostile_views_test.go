package browse

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// hx is the hostile text every field below holds.
const hx = uitest.Hostile

// hostileCases are the run verdicts a hostile suite can produce, by the
// case name they are put under: a failed assertion whose trajectory
// holds a tool name recorded from a provider, an error ending the loop,
// a case error, judges (one that failed, one that scored), repetitions
// that disagree, and a case that could not be graded here.
func hostileCases() map[string]*engine.CaseRun {
	a := func(passed bool) engine.AssertionResult {
		return engine.AssertionResult{Kind: "calls_tool", Description: "calls_tool: " + hx, Passed: passed,
			Message: hx + "\n" + hx, Expected: ptr(hx), Actual: ptr(hx + " → (end_turn)\n" + hx)}
	}
	trace := &engine.Trace{Suite: hx, Case: hx, Termination: hx, Error: hx, HasError: true,
		Turns:    make([]engine.Turn, 2),
		Verdicts: []engine.JudgeVerdict{{Model: hx, Error: hx, HasError: true}, {ModelVersion: hx, Reasoning: hx, Score: 0.5, Threshold: 0.7}}}
	failing := &engine.CaseResult{Suite: hx, Case: hx, Trace: trace, Assertions: []engine.AssertionResult{a(true), a(false)}, Message: hx}
	errored := &engine.CaseResult{Suite: hx, Case: hx, Passed: true, Trace: &engine.Trace{Termination: "provider_error", Error: hx, HasError: true}}
	return map[string]*engine.CaseRun{
		"failing " + hx: {Suite: hx, Case: hx, Reps: []*engine.CaseResult{failing}, Rep: failing},
		"errored " + hx: {Suite: hx, Case: hx, Reps: []*engine.CaseResult{errored}, Rep: errored, Passed: true},
		"case error " + hx: {Suite: hx, Case: hx, Rep: &engine.CaseResult{CaseError: hx + "\n" + hx},
			Reps: []*engine.CaseResult{{CaseError: hx}}},
		"flaky " + hx: {Suite: hx, Case: hx, Reps: []*engine.CaseResult{failing, {Passed: true}}, Rep: failing,
			Repeated: true, Passes: 1, RequirePassRate: 1},
		"not graded " + hx: {Suite: hx, Case: hx, Reps: []*engine.CaseResult{{NeedsPython: true, Message: hx + "\n" + hx}},
			Rep: &engine.CaseResult{NeedsPython: true, Message: hx + "\n" + hx}},
	}
}

func ptr(s string) *string { return &s }

// hostileCaseNames are the names of hostileCases, in order.
func hostileCaseNames() []string { return slices.Sorted(maps.Keys(hostileCases())) }

// hostileItems are recordings whose every name holds hx: one of each
// status that changes what the detail shows, under each case of
// hostileCases, and a tape.
func hostileItems() []tree.Item {
	var items []tree.Item
	statuses := []string{"stale", "orphaned case", "invalid", "live"}
	cases := hostileCases()
	for i, name := range hostileCaseNames() {
		c := cases[name]
		for turn, st := range statuses {
			p := fmt.Sprintf(".dryfire/cassettes/%s/%s/%02d-%s.json", hx, name, turn, hx)
			items = append(items, tree.Item{ID: fmt.Sprint(i, turn), Path: p, Format: format.Dryfire, Group: "suite " + hx,
				Sub: name, Label: fmt.Sprintf("%02d %s", turn, hx), Turn: turn, Key: hx, Status: st, Reason: st + ": " + hx,
				Secrets: turn % 2, Prunable: st == "orphaned case", Verdict: backend.CaseVerdict(c), Case: c})
		}
	}
	for i, id := range []string{"tape", "tape error"} {
		items = append(items, tree.Item{ID: id, Path: "tapes/" + hx + ".json", Format: format.Tape, Group: "tapes/" + hx + ".json",
			Sub: hx, Label: fmt.Sprintf("#%d", i), Entry: i, Key: hx, Status: "key mismatch", Reason: hx})
	}
	return items
}

// hostileBody is a recording with hx in every string, key and number.
func hostileBody() jsonv.Value {
	s, m, arr, obj := jsonv.StringValue, jsonv.M, jsonv.ArrayValue, jsonv.ObjectValue
	h := s(hx)
	kv := obj(m(hx, h), m("n", arr(h, obj(m(hx, h)))))
	call := obj(m("name", h), m("id", h), m("arguments", kv), m("malformed_arguments", h))
	return obj(
		m("fingerprint", h), m("suite", h), m("case", h), m("provider", h), m("model", h),
		m("request_digest", obj(m("provider", h), m("model", h), m("system", h),
			m("messages", arr(obj(m("role", h), m("content", h), m("tool_calls", arr(call)),
				m("tool_results", arr(obj(m("content", h), m("is_error", jsonv.BoolValue(true))), obj(m("content", kv))))))),
			m("tools", arr(obj(m("name", h), m("description", h)))), m("params", kv))),
		m("response", obj(m("text", h), m("tool_calls", arr(call)), m("stop_reason", h),
			m("usage", obj(m("input_tokens", h), m("output_tokens", h), m("cache_read_tokens", h), m("cache_write_tokens", h))),
			m("latency_ms", h))),
		m(hx, kv),
		// A tape entry's members.
		m("args", arr(h, kv)), m("kwargs", kv), m("result", h))
}

// hostileDiff explains a stale recording with hx everywhere.
func hostileDiff() *detail.Diff {
	spans := []diff.Span{{Text: hx}, {Text: hx, Changed: true}}
	return &detail.Diff{Note: hx, Summary: []string{hx},
		Changes: []detail.Change{{Path: hx, Kind: hx, Before: hx, After: hx, BeforeSpans: spans, AfterSpans: spans}},
		Lines:   diff.Lines("--- " + hx + "\n+++ " + hx + "\n@@ " + hx + "\n " + hx + "\n-" + hx + "\n+" + hx + "\n"),
		Sources: []detail.Source{{File: hx, Line: 3, What: hx}}, Incomplete: true}
}

// hostileBackend serves hostileItems and answers every command, prune
// and detail with hx.
type hostileBackend struct{ *uitest.FakeBackend }

func (b hostileBackend) Detail(_ context.Context, it tree.Item) detail.Data {
	d := detail.Data{ID: it.ID, Path: it.Path, Title: backend.ItemTitle(it), Status: it.Status, Reason: it.Reason,
		Format: it.Format, Body: hostileBody(), Masked: hostileBody(), Masks: 1, HasBody: true, SecretsChecked: true,
		Secrets: []detail.Secret{{JSONPath: hx, Rule: hx, Redacted: hx, Value: hx}}}
	switch it.Status {
	case "stale":
		d.Diff, d.RevealedDiff = hostileDiff(), hostileDiff()
	case "invalid":
		d.HasBody, d.Err = false, errors.New(hx+"\n"+hx)
	case "live":
		d.Diff = &detail.Diff{Miss: &detail.Miss{ID: it.ID, Title: hx, Headline: hx}, Sources: hostileDiff().Sources}
	}
	if it.ID == "tape error" {
		h := jsonv.StringValue(hx)
		d.Body = jsonv.ObjectValue(jsonv.M("args", jsonv.ArrayValue(h)), jsonv.M("error", jsonv.ObjectValue(jsonv.M("name", h), jsonv.M("message", h))))
		d.Masked = d.Body
	}
	return d
}

func (b hostileBackend) Run(_ context.Context, _ string, req backend.CommandRequest) backend.CommandResult {
	res := backend.CommandResult{Title: hx, Lines: []string{hx, hx}, Err: errors.New(hx)}
	if changesFiles(req.Command) && !req.Apply {
		res.Err, res.Todo, res.Confirm = nil, 1, hx
	}
	return res
}

func (b hostileBackend) Prune(context.Context, []tree.Item) (backend.PruneResult, error) {
	return backend.PruneResult{Removed: []string{hx}, Kept: []backend.Refusal{{Path: hx, Reason: hx}}}, nil
}

// hostileRecorder plans, records and reviews with hx in every field.
type hostileRecorder struct{}

func (hostileRecorder) Plan(context.Context, string, []backend.CaseRef) (backend.RecordPlan, error) {
	return backend.RecordPlan{Cases: []backend.CaseRef{{Suite: hx, Case: hx}}, LeftOut: []string{hx}, Calls: 1, Repetitions: 1,
		Providers: []backend.RecordProvider{{Name: hx, Models: []string{hx, hx}, KeyEnv: hx}}, Cost: hx, CassetteDir: hx, Root: hx}, nil
}

func (hostileRecorder) Record(context.Context, backend.RecordPlan, func(backend.RecordProgress)) backend.RecordResult {
	return backend.RecordResult{}
}

func (hostileRecorder) Review(context.Context, string) (*gitreview.Review, []string, error) {
	return nil, nil, errors.New(hx)
}

// hostileModel is the browser on hostileItems, sized w × h.
func hostileModel(t *testing.T, w, h int) Page {
	t.Helper()
	fb := &uitest.FakeBackend{Items: hostileItems(), Batch: 5, Summary: backend.Summary{Name: hx, Root: "/" + hx, Project: true,
		LookedFor: []string{hx}, Problems: []string{hx, hx},
		SpecErrors: []backend.SpecError{{File: hx, Line: 1, Column: 2, Message: hx}, {File: hx, Message: hx}}}}
	b := hostileBackend{fb}
	m := New(Options{Path: "/" + hx, Backend: b, Recorder: hostileRecorder{}}, theme.New(true))
	m = resize(m, w, h)
	return run(t, m, scanWorkspaceCmd(m.ctx, b, "/"+hx, m.gen))
}

// shot checks the screen as it is now, and each of its parts before the
// screen's last guard.
func shot(t *testing.T, m Page, what string) {
	t.Helper()
	b, l := m, m.Layout
	what = fmt.Sprintf("%dx%d %s", l.Width, l.Height, what)
	uitest.CheckHostile(t, what, m.Render(), l, !b.covered() && b.tree.Len() > 0)
	parts := map[string]string{"header": b.headerView(), "status": b.statusView(), "key line": b.footerView()}
	for name, view := range parts {
		uitest.CheckPane(t, what+": "+name, view, l.Width, 1)
	}
	switch {
	case b.Help.Visible():
		uitest.CheckPane(t, what+": help", b.Help.View(), l.Width, l.BodyH)
	case b.Dialog.Visible():
		uitest.CheckPane(t, what+": dialog", b.Dialog.View(), l.Width, l.BodyH)
	case b.picker.Visible():
		uitest.CheckPane(t, what+": picker", b.picker.View(), l.Width, l.BodyH)
	case b.tree.Len() == 0:
		uitest.CheckPane(t, what+": empty", strings.Join(b.emptyView(), "\n"), l.Width, l.BodyH)
	default:
		uitest.CheckPane(t, what+": tree", b.tree.View(), l.ListW, l.BodyH)
		uitest.CheckPane(t, what+": detail", b.Detail.View(), l.DetailW, l.BodyH)
	}
	for i, line := range strings.Split(strings.TrimSuffix(b.Detail.PlainText(), "\n"), "\n") {
		if visible.Needs(line) {
			t.Errorf("%s: line %d of the text given to $PAGER holds control characters: %q", what, i, line)
		}
	}
	if title := m.ProjectName(); visible.Needs(title) {
		t.Errorf("%s: the window title holds control characters: %q", what, title)
	}
}

// showNode puts the cursor on a row by its path or ID and loads what the
// detail shows of it.
func showNode(t *testing.T, m Page, id string, path ...string) Page {
	t.Helper()
	var ok bool
	if id != "" {
		m.tree, ok = m.tree.SelectID(id)
	} else {
		m.tree, ok = m.tree.SelectPath(path)
	}
	if !ok {
		t.Fatalf("no row %q %q", id, path)
	}
	var cmd tea.Cmd
	m, cmd = m.syncDetail()
	return run(t, m, cmd)
}

// TestHostileBrowseScreens walks every view of the browser with hostile
// text in every field a file can set, at three sizes (split, and one
// pane at a time), and checks each screen with uitest.CheckHostile.
func TestHostileBrowseScreens(t *testing.T) {
	for _, size := range [][2]int{{200, 50}, {120, 35}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			walkBrowse(t, hostileModel(t, size[0], size[1]))
		})
	}
}

func walkBrowse(t *testing.T, m Page) {
	shot(t, m, "first screen")
	m = keys(t, m, "?")
	shot(t, m, "help")
	m = keys(t, m, "esc")
	for i, name := range hostileCaseNames() {
		m = showNode(t, m, "", "suite "+hx)
		shot(t, m, "suite")
		m = showNode(t, m, "", "suite "+hx, name)
		shot(t, m, fmt.Sprint("case ", i))
		m = keys(t, m, "tab")
		shot(t, m, fmt.Sprint("case ", i, ", detail focused"))
		m = keys(t, m, "tab")
	}
	for _, it := range hostileItems()[:4] {
		m = showNode(t, m, it.ID)
		for _, tab := range []string{"1", "2", "3", "4", "5"} {
			m = keys(t, m, "tab", tab)
			shot(t, m, it.Status+" tab "+tab)
			m = keys(t, m, "R")
			shot(t, m, it.Status+" tab "+tab+" revealed")
			m = keys(t, m, "W")
			shot(t, m, it.Status+" tab "+tab+" unwrapped")
			m = keys(t, m, "W", "R", "tab")
		}
		m = keys(t, m, "tab", "5", "/")
		m = send(t, m, tea.KeyPressMsg{Code: 'x', Text: hx})
		shot(t, m, it.Status+" search typed")
		m = keys(t, m, "enter")
		shot(t, m, it.Status+" search kept")
		m = keys(t, m, "esc", "tab")
	}
	for _, id := range []string{"tape", "tape error"} {
		m = showNode(t, m, id)
		for _, tab := range []string{"1", "2", "5"} {
			m = keys(t, m, "tab", tab)
			shot(t, m, id+" tab "+tab)
			m = keys(t, m, "z")
			shot(t, m, id+" tab "+tab+" folded")
			m = keys(t, m, "z", "tab")
		}
	}
	m = keys(t, m, "/")
	m = send(t, m, tea.KeyPressMsg{Code: 'x', Text: hx})
	shot(t, m, "filter typed")
	m = keys(t, m, "esc", "p")
	shot(t, m, "problems")
	m = keys(t, m, "esc", ":")
	shot(t, m, "palette")
	m = send(t, m, tea.KeyPressMsg{Code: 'x', Text: hx})
	shot(t, m, "palette typed")
	m = keys(t, m, "esc")
	for i := range len(m.paletteEntries()) {
		m = keys(t, m, ":")
		for range i {
			m = keys(t, m, "down")
		}
		m = keys(t, m, "enter")
		shot(t, m, fmt.Sprintf("command %d", i))
		m = keys(t, m, "y")
		shot(t, m, fmt.Sprintf("command %d confirmed", i))
		m = keys(t, m, "esc")
	}
	m = walkPrune(t, m)
	walkRecord(t, m)
}

// walkPrune marks the prunable recordings, opens the prune dialog and
// confirms it.
func walkPrune(t *testing.T, m Page) Page {
	t.Helper()
	for _, it := range hostileItems() {
		if it.Prunable || it.Status == "live" {
			m = showNode(t, m, it.ID)
			m.tree = m.tree.ToggleMark()
		}
	}
	m = keys(t, m, "d")
	shot(t, m, "prune dialog")
	m = keys(t, m, "y")
	shot(t, m, "pruned")
	return m
}

// walkRecord re-records a case: the dialog, its progress and its end.
func walkRecord(t *testing.T, m Page) {
	t.Helper()
	m = showNode(t, m, "", "suite "+hx, hostileCaseNames()[0])
	p, _ := hostileRecorder{}.Plan(context.Background(), "", nil)
	m = send(t, m, recordPlannedMsg{plan: p})
	shot(t, m, "record dialog")
	m = send(t, m, recordPlannedMsg{err: errors.New(hx)})
	shot(t, m, "record refused")
	m.recording = true
	// The progress Cmd waits on the recording's channel: not run here.
	m, _ = update(m, recordProgressMsg{progress: backend.RecordProgress{Calls: 1, Most: 2, Line: hx}})
	shot(t, m, "recording")
	m = send(t, m, recordDoneMsg{result: backend.RecordResult{Written: []string{hx}, Problems: []string{hx}, Failed: 1}})
	shot(t, m, "recorded")
	m = send(t, m, noReviewMsg{err: errors.New(hx), written: 1})
	shot(t, m, "no review")
	m = send(t, m, recordDoneMsg{result: backend.RecordResult{Err: errors.New(hx)}})
	shot(t, m, "record failed")
}

// TestHostileEmptyBrowse: the empty screen, with a scan error and what
// was looked for, holds hostile text too.
func TestHostileEmptyBrowse(t *testing.T) {
	for _, size := range [][2]int{{120, 35}, {80, 24}} {
		b := &uitest.FakeBackend{Summary: backend.Summary{Name: hx, LookedFor: []string{hx, hx}}}
		m := New(Options{Path: "/" + hx, Backend: b}, theme.New(true))
		m = resize(m, size[0], size[1])
		shot(t, m, "scanning")
		m = send(t, m, scanBatchMsg{gen: m.gen, done: true, summary: b.Summary, err: errors.New(hx)})
		shot(t, m, "empty")
	}
}

// TestHostileTrajectoryOnTheCore: on the real core, a tool name recorded
// from a provider (the demo's recorded answer edited to call a tool named
// with hostile text) fails the case's assertions; the case view shows the
// trajectory ("actual: …") with the name made visible, and nothing of it
// draws over the tree.
func TestHostileTrajectoryOnTheCore(t *testing.T) {
	root := demoRoot(t)
	p := filepath.Join(root, ".dryfire/cassettes/refund_agent/escalates_refund_over_limit/00-0596134f6ae68949.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	call := member(t, &member(t, &v, "response").Value, "tool_calls").Value.Items[0]
	member(t, &call, "name").Value = jsonv.StringValue(strings.ToValidUTF8(hx, ""))
	if data, err = jsonv.EncodeDryfire(v); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{120, 35}, {80, 24}} {
		m := coreModel(t, root, size[0], size[1])
		m = showNode(t, m, "", "refund_agent", "escalates_refund_over_limit")
		if size[0] < frame.SplitWidth {
			m = keys(t, m, "tab")
		}
		shot(t, m, "case with a hostile trajectory")
		// The trajectory, made visible, is too long for the line "actual:"
		// starts: it wraps onto the next.
		if scr := screenText(m); !strings.Contains(scr, "actual:\n") || !strings.Contains(scr, `\x1b[5;35;46mEVIL\x1b]0;pwned\x07`) {
			t.Errorf("%dx%d: the trajectory is not shown, made visible:\n%s", size[0], size[1], scr)
		}
	}
}

// member is the member key of the object v.
func member(t *testing.T, v *jsonv.Value, key string) *jsonv.Member {
	t.Helper()
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	t.Fatalf("no member %q", key)
	return nil
}
