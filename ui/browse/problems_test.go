package browse

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/problems"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// demoProblems are the problems of demoItems in tree order.
var demoProblems = []string{
	".dryfire/cassettes/checkout/add_to_cart/00-18e3b4a1c2d3e4f5.json",          // secret
	".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json", // stale
	"tapes/llm-chat.json", // key mismatch
	".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json",         // orphaned case
	".dryfire/cassettes/travel_booking/weather_check_repeated/00-0e410f456f63bd03#2.json", // superseded
}

func TestOpensOnTheFirstProblem(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	if got := selectedPath(m); got != demoProblems[0] {
		t.Errorf("opened on %q, want the first problem %q", got, demoProblems[0])
	}
	if m.Detail.Tab() != detail.TabSecrets {
		t.Errorf("opened on tab %v, want the one that explains a secret", m.Detail.Tab())
	}
	if !strings.Contains(screenText(m), "5 recordings need attention") {
		t.Errorf("the status line does not say how many need attention:\n%s", screenText(m))
	}
}

func TestOpensOnAStaleOneWithItsDiff(t *testing.T) {
	its := uitest.DemoItems()
	its[6].Secrets = 0 // no secret and no key mismatch: the most urgent is the stale recording
	its = its[:len(its)-1]
	m, _ := newTestModel(t, 120, 30, its)
	if got := selectedPath(m); got != demoProblems[1] || m.Detail.Tab() != detail.TabDiff {
		t.Errorf("opened on %q tab %v, want %q on the Diff tab", got, m.Detail.Tab(), demoProblems[1])
	}
}

func TestOpensCalmWithoutProblems(t *testing.T) {
	var calm []tree.Item
	for _, it := range uitest.DemoItems() {
		if it.Status == "live" || it.Status == "in use" || it.Status == "protected" {
			it.Secrets = 0
			calm = append(calm, it)
		}
	}
	m, _ := newTestModel(t, 120, 30, calm)
	if m.tree.Cursor() != 0 {
		t.Errorf("with nothing to fix the cursor moved to %d", m.tree.Cursor())
	}
	want := "nothing needs attention: 4 recordings: 2 live, 1 in use, 1 protected"
	if !strings.Contains(screenText(m), want) {
		t.Errorf("no one-line all-clear %q:\n%s", want, screenText(m))
	}
	m = keys(t, m, "n")
	if !strings.Contains(screenText(m), "nothing needs attention") {
		t.Error("n with no problem does not say so")
	}
}

func TestTouchedBeforeTheScanEndsStaysPut(t *testing.T) {
	b := &uitest.FakeBackend{Items: uitest.DemoItems(), Body: uitest.Cassette(t), Batch: 3,
		Summary: backend.Summary{Name: "refund-agent", Root: "/project", Project: true}}
	m := New(Options{Path: "/project", Backend: b}, theme.New(true))
	m = resize(m, 120, 30)
	// A batch arrives (its follow-up Cmd, which waits for the next one, is
	// not run), the user moves, then the last batch arrives.
	nm, _ := m.Update(scanBatchMsg{gen: m.gen, items: uitest.DemoItems()[:4], next: make(chan scanEvent)})
	m = keys(t, nm, "j")
	at := selectedPath(m)
	m = send(t, m, scanBatchMsg{gen: m.gen, items: uitest.DemoItems()[4:], done: true, summary: b.Summary})
	if got := selectedPath(m); got != at {
		t.Errorf("the scan's end moved the cursor from %q to %q after a key press", at, got)
	}
}

// demoUrgent are the problems of demoItems, most urgent kind first, and
// the tab that explains each.
var demoUrgent = []struct {
	path string
	tab  detail.Tab
}{
	{demoProblems[0], detail.TabSecrets},  // secret
	{demoProblems[2], detail.TabRequest},  // key mismatch
	{demoProblems[1], detail.TabDiff},     // stale
	{demoProblems[3], detail.TabResponse}, // orphaned case
	{demoProblems[4], detail.TabResponse}, // superseded
}

// TestNextProblemGoesThroughEveryOne: n walks every problem, the most
// urgent kind first, each on the tab that explains it (after the Diff tab
// of a stale one, a secret opens on Secrets, not on "nothing to
// compare"), and N walks back.
func TestNextProblemGoesThroughEveryOne(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	for i := range demoUrgent {
		want := demoUrgent[(i+1)%len(demoUrgent)]
		m = keys(t, m, "n")
		if got := selectedPath(m); got != want.path || m.Detail.Tab() != want.tab {
			t.Errorf("n #%d: on %q tab %v, want %q tab %v", i+1, got, m.Detail.Tab(), want.path, want.tab)
		}
	}
	if !strings.Contains(screenText(m), "back at the most urgent") {
		t.Errorf("wrapping around is not said:\n%s", screenText(m))
	}
	m = keys(t, m, "N")
	if got := selectedPath(m); got != demoUrgent[len(demoUrgent)-1].path {
		t.Errorf("N from the first: %q", got)
	}
	m = keys(t, m, "3", "N")
	if got := selectedPath(m); got != demoUrgent[len(demoUrgent)-2].path || m.Detail.Tab() != detail.TabResponse {
		t.Errorf("N: on %q tab %v", got, m.Detail.Tab())
	}
}

// urgentLast is a project whose cruft comes first in tree order: two
// superseded recordings in suite a, three stale ones in suite b.
func urgentLast() []tree.Item {
	mk := func(suite string, turn int, status string) tree.Item {
		p := fmt.Sprintf(".dryfire/cassettes/%s/c/%02d-%016d.json", suite, turn, turn)
		return tree.Item{ID: p, Path: p, Format: format.Dryfire, Group: suite, Sub: "c", Turn: turn,
			Label: fmt.Sprintf("%02d", turn), Status: status, Prunable: status == "superseded"}
	}
	return []tree.Item{mk("a", 0, "superseded"), mk("a", 1, "superseded"), mk("b", 0, "stale"), mk("b", 1, "live"),
		mk("b", 2, "stale"), mk("b", 3, "stale")}
}

// TestWalksTheMostUrgentKindFirst: the browser opens on the first stale
// recording, not on the superseded one before it in tree order; n walks
// the stale ones, then the superseded; the status line says which kind n
// walks and how to walk them all, and p's "all" row walks every problem in
// tree order.
func TestWalksTheMostUrgentKindFirst(t *testing.T) {
	its := urgentLast()
	m, _ := newTestModel(t, 120, 30, its)
	if got := selectedPath(m); got != its[2].Path {
		t.Fatalf("opened on %q, want the first stale %q", got, its[2].Path)
	}
	status := func() string { return strings.Split(screenText(m), "\n")[28] }
	for _, want := range []string{"5 recordings need attention", "◐ stale 1 of 3", "n walks stale, then ○ superseded", "p: another kind, or all"} {
		if !strings.Contains(status(), want) {
			t.Errorf("the opening status line does not say %q: %q", want, status())
		}
	}
	var got []string
	for range 5 {
		m = keys(t, m, "n")
		got = append(got, selectedPath(m))
	}
	want := []string{its[4].Path, its[5].Path, its[0].Path, its[1].Path, its[2].Path}
	if !slices.Equal(got, want) {
		t.Errorf("n: %q\nwant %q", got, want)
	}
	m = keys(t, m, "n", "n", "n") // the third stale, then on to the superseded
	if !strings.Contains(status(), "done with ◐ stale · ○ superseded 1 of 2 · n walks superseded") {
		t.Errorf("moving on to the next kind is not said: %q", status())
	}
	// p, the "all" row: n walks in tree order.
	m = keys(t, m, "p")
	for !strings.HasSuffix(m.picker.Selected(), problems.WalkAll) {
		if m = keys(t, m, "down"); m.picker.Selected() == "" {
			t.Fatal("the problem summary has no row to walk every problem")
		}
	}
	m = keys(t, m, "enter")
	got = nil
	for range 5 {
		got = append(got, selectedPath(m))
		m = keys(t, m, "n")
	}
	want = []string{its[0].Path, its[1].Path, its[2].Path, its[4].Path, its[5].Path}
	if !slices.Equal(got, want) {
		t.Errorf("n walking all: %q\nwant %q", got, want)
	}
	if !strings.Contains(status(), "in tree order") {
		t.Errorf("walking all is not said: %q", status())
	}
}

func TestProblemSummary(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "p")
	if !m.picker.Visible() {
		t.Fatal("p did not open the summary")
	}
	scr := screenText(m)
	for _, want := range []string{"Problems", "⚠    1 secret", "◐    1 stale", "≠    1 key mismatch", "◌    1 orphaned case",
		"○    1 superseded", "enter go to the first · s show only these · esc close"} {
		if !strings.Contains(scr, want) {
			t.Errorf("summary lacks %q:\n%s", want, scr)
		}
	}
	if strings.Index(scr, "secret") > strings.Index(scr, "superseded") {
		t.Error("the summary is not most urgent first")
	}
	m = keys(t, m, "j", "j", "enter") // secret, key mismatch, stale
	if got := selectedPath(m); got != demoProblems[1] || m.picker.Visible() {
		t.Errorf("enter on stale went to %q (summary open %v)", got, m.picker.Visible())
	}
	m = keys(t, m, "p", "j", "j", "j", "s") // orphaned case, shown alone
	if m.tree.StatusFilter() != "orphaned case" || selectedPath(m) != demoProblems[3] {
		t.Errorf("s: filter %q, on %q", m.tree.StatusFilter(), selectedPath(m))
	}
	m = keys(t, m, "esc", "p", "esc")
	if m.picker.Visible() {
		t.Error("esc did not close the summary")
	}
}

func TestProblemSummaryOpensASpecError(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	_ = b
	m.summary.SpecErrors = []backend.SpecError{{File: "evals/ops/incident.eval.yaml", Line: 29, Column: 5, Message: "unknown field 'retries'"}}
	m = keys(t, m, "p")
	if !strings.Contains(screenText(m), "evals/ops/incident.eval.yaml:29:5: unknown field 'retries'") {
		t.Fatalf("the spec error is not listed:\n%s", screenText(m))
	}
	_, cmd := m.update(uitest.PressKey("enter"))
	if cmd == nil {
		t.Fatal("enter on a spec error does nothing")
	}
}

func TestHeaderNeverHidesAProblemCount(t *testing.T) {
	its := uitest.DemoItems()
	for i := range 30 { // enough live recordings for a two-digit count
		it := its[0]
		it.ID, it.Path, it.Label = fmt.Sprint("live", i), fmt.Sprint("live", i), fmt.Sprint(i)
		its = append(its, it)
	}
	for _, w := range []int{200, 160, 120, 100, 80, 60, 40} {
		m, _ := newTestModel(t, w, 24, its)
		h := strings.Split(screenText(m), "\n")[0]
		if ansi.StringWidth(h) > w {
			t.Errorf("%d: header is %d wide", w, ansi.StringWidth(h))
		}
		for _, want := range []string{"⚠1", "≠1", "◐1", "◌1", "○1"} {
			if !strings.Contains(h, want) {
				t.Errorf("%d: header %q hides %s", w, h, want)
			}
		}
		if w >= 160 && !strings.Contains(h, "●32 live") {
			t.Errorf("%d: header %q drops live with room to spare", w, h)
		}
		if w <= 120 && strings.Contains(h, "live") {
			t.Errorf("%d: header %q keeps live over room for the problems' words", w, h)
		}
	}
}

func TestHeaderLevels(t *testing.T) {
	t.Parallel()
	h := headerCounts{name: "p", total: 42, marked: 2,
		problems: []headerCount{{"secret", "secret", 1}, {"orphaned suite", "orphaned", 2}, {"orphaned case", "orphaned", 3}},
		info:     []headerCount{{"protected", "protected", 4}, {"in use", "in use", 5}, {"live", "live", 6}}}
	tests := map[int]string{
		headerFull:          "42 recordings · ⚠1 secret · ◌2 orphaned suite · ◌3 orphaned case · *2 marked · ▣4 protected · ◆5 in use · ●6 live",
		headerNoLive:        "42 recordings · ⚠1 secret · ◌2 orphaned suite · ◌3 orphaned case · *2 marked · ▣4 protected · ◆5 in use",
		headerNoProtected:   "42 recordings · ⚠1 secret · ◌2 orphaned suite · ◌3 orphaned case · *2 marked · ◆5 in use",
		headerNoInfo:        "42 recordings · ⚠1 secret · ◌2 orphaned suite · ◌3 orphaned case · *2 marked",
		headerShortWords:    "42 recordings · ⚠1 secret · ◌5 orphaned · *2 marked",
		headerShortNoTotal:  "⚠1 secret · ◌5 orphaned · *2 marked",
		headerGlyphs:        "42 recordings · ⚠1 ◌5 · *2",
		headerGlyphsNoTotal: "⚠1 ◌5 · *2",
	}
	for level, want := range tests {
		if got := h.text(level); got != want {
			t.Errorf("level %d:\n got %q\nwant %q", level, got, want)
		}
	}
	// Between short words and glyphs alone, the least urgent kinds give up
	// their words first.
	if got, want := h.mixed(1), "⚠1 secret · ◌5 · *2"; got != want {
		t.Errorf("mixed(1):\n got %q\nwant %q", got, want)
	}
	if c := h.candidates(); c[headerShortNoTotal+1] != h.mixed(1) || c[len(c)-1] != tests[headerGlyphsNoTotal] {
		t.Errorf("candidates out of order: %q", c)
	}
}

func TestPruneWithNothingMarkedSaysWhatToDo(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "d")
	if m.Dialog.Visible() {
		t.Error("d with nothing marked opened a dialog")
	}
	if !strings.Contains(screenText(m), "nothing marked: space marks a recording") {
		t.Errorf("d with nothing marked says nothing:\n%s", screenText(m))
	}
}

func TestBackFromTheDetailAtEverySize(t *testing.T) {
	for _, w := range []int{160, 120, 80} {
		for _, k := range []string{"esc", "h", "left"} {
			m, _ := newTestModel(t, w, 24, uitest.DemoItems())
			m = keys(t, m, "enter")
			if m.Focus != page.FocusDetail {
				t.Fatalf("%d: enter on a recording did not focus the detail", w)
			}
			if m = keys(t, m, k); m.Focus != page.FocusList {
				t.Errorf("%d: %s did not go back to the tree", w, k)
			}
		}
	}
}

func TestSpaceMarksInBothPanes(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "enter", "space")
	if m.tree.MarkCount() != 1 || selectedPath(m) != demoProblems[0] {
		t.Errorf("space in the detail: %d marked, cursor on %q", m.tree.MarkCount(), selectedPath(m))
	}
	if m.Detail.Offset() != 0 {
		t.Error("space in the detail scrolled it")
	}
}

func TestCursorStaysNearAfterAPrune(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "no_flights_found")
	m = keys(t, m, "space", "k") // space marks and moves down; back on it
	if got := selectedPath(m); got != demoProblems[3] || m.tree.MarkCount() != 1 {
		t.Fatalf("on %q with %d marked", got, m.tree.MarkCount())
	}
	m = keys(t, m, "d", "y")
	if got := selectedPath(m); got != demoProblems[4] {
		t.Errorf("after pruning the recording under the cursor, the cursor is on %q, want its neighbour %q", got, demoProblems[4])
	}
}

// TestStatusLineNamesTheSuiteError: the line under the tree says what
// failed to read, as a suite error, not as a count of "problems" that
// disagrees with the recordings the header counts.
func TestStatusLineNamesTheSuiteError(t *testing.T) {
	m := coreModel(t, demoRoot(t), 120, 35)
	m = keys(t, m, "j")
	want := "suite error: evals/ops/incident.eval.yaml:29:5: unknown field 'retries'"
	if got := strings.Split(screenText(m), "\n")[33]; strings.TrimSpace(got) != want {
		t.Errorf("status line %q, want %q", got, want)
	}
	m.summary.Problems = append(m.summary.Problems, "walk x: permission denied")
	if got := m.errorsLine(); got != "2 errors, the first: evals/ops/incident.eval.yaml:29:5: unknown field 'retries'" {
		t.Errorf("two errors: %q", got)
	}
}

// TestSpaceOnASuiteWithNothingToPrune: on a suite or case holding no
// prunable recording, space marks nothing, does not move, and says why;
// the key line does not offer it, and the suite's summary says so.
func TestSpaceOnASuiteWithNothingToPrune(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "g") // the checkout suite: one live recording
	if m.keysNow().Tree.Mark.Enabled() || strings.Contains(lastLine(screenText(m)), "space mark") {
		t.Errorf("space is offered on a suite with nothing to prune: %q", lastLine(screenText(m)))
	}
	if !strings.Contains(screenText(m), "nothing here to prune") {
		t.Errorf("the suite's summary does not say there is nothing to prune:\n%s", screenText(m))
	}
	cur := m.tree.Cursor()
	m = keys(t, m, "space")
	if m.tree.MarkCount() != 0 || m.tree.Cursor() != cur ||
		!strings.Contains(screenText(m), "nothing here to prune: space marks orphaned, superseded") {
		t.Errorf("space: %d marked, cursor %d → %d:\n%s", m.tree.MarkCount(), cur, m.tree.Cursor(), screenText(m))
	}
	m = selectPath(t, m, "no_flights_found")
	m = keys(t, m, "h") // its case row
	if !strings.Contains(screenText(m), "space marks the prunable recording here") {
		t.Errorf("the case's summary does not count what space marks:\n%s", screenText(m))
	}
	if m = keys(t, m, "space"); m.tree.MarkCount() != 1 {
		t.Errorf("space on the case marked %d", m.tree.MarkCount())
	}
}
