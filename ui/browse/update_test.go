package browse

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

func selectedPath(m Page) string {
	it, _ := m.tree.Selected()
	return it.Path
}

func TestNavigation(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "g")
	if m.tree.Cursor() != 0 {
		t.Fatalf("g: cursor at %d", m.tree.Cursor())
	}
	m = keys(t, m, "j", "j")
	if got := selectedPath(m); got != ".dryfire/cassettes/checkout/add_to_cart/00-18e3b4a1c2d3e4f5.json" {
		t.Errorf("after j j: %q", got)
	}
	if d, ok := m.Detail.Data(); !ok || d.ID != selectedPath(m) {
		t.Errorf("detail shows %q, want the selected recording", d.ID)
	}
	m = keys(t, m, "G")
	if m.tree.Cursor() != m.tree.Rows()-1 {
		t.Errorf("G: cursor %d of %d rows", m.tree.Cursor(), m.tree.Rows())
	}
	m = keys(t, m, "g", "h") // collapse the first suite
	rows := m.tree.Rows()
	m = keys(t, m, "l")
	if m.tree.Rows() != rows+2 {
		t.Errorf("l expanded to %d rows, want %d", m.tree.Rows(), rows+2)
	}
	m = keys(t, m, "enter")
	if m.tree.Rows() != rows {
		t.Errorf("enter on an open suite should collapse it: %d rows", m.tree.Rows())
	}
	m = keys(t, m, "tab")
	if m.Focus != page.FocusDetail {
		t.Errorf("tab: focus %v", m.Focus)
	}
	m = keys(t, m, "3")
	if m.Detail.Tab().String() != "Diff" {
		t.Errorf("3: tab %v", m.Detail.Tab())
	}
}

func TestMouse(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	// Click the fourth body row (incident_triage), then the Raw tab.
	m = send(t, m, tea.MouseClickMsg{X: 5, Y: m.Layout.BodyY + 5, Button: tea.MouseLeft})
	if got := selectedPath(m); got != ".dryfire/cassettes/incident_triage/loops_until_max_turns/00-4232f53220974df8.json" {
		t.Errorf("click selected %q", got)
	}
	m = send(t, m, tea.MouseClickMsg{X: m.Layout.DetailX + 36, Y: m.Layout.BodyY + 2, Button: tea.MouseLeft})
	if m.Detail.Tab().String() != "Raw" || m.Focus != page.FocusDetail {
		t.Errorf("tab click: tab %v focus %v", m.Detail.Tab(), m.Focus)
	}
	m = send(t, m, tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
	if m.tree.Cursor() < 3 {
		t.Errorf("wheel did not move the window: cursor %d", m.tree.Cursor())
	}
}

func TestFilter(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "/", "w", "e", "a", "t", "h")
	if m.mode != modeFilter {
		t.Fatalf("mode %v", m.mode)
	}
	// travel_booking ▸ weather_check_repeated ▸ one leaf
	if m.tree.Rows() != 3 {
		t.Errorf("filter 'weath': %d rows, want 3", m.tree.Rows())
	}
	m = keys(t, m, "backspace", "enter")
	if m.mode != modeBrowse || m.tree.Filter() != "weat" {
		t.Errorf("enter keeps the filter: mode %v filter %q", m.mode, m.tree.Filter())
	}
	m = keys(t, m, "esc")
	if m.tree.Filter() != "" || m.tree.Rows() != 20 {
		t.Errorf("esc clears: filter %q rows %d", m.tree.Filter(), m.tree.Rows())
	}
	// s picks a status; typing narrows the picker.
	m = keys(t, m, "s", "s", "t", "a", "l", "e", "enter")
	if m.tree.StatusFilter() != "stale" {
		t.Errorf("s, stale: status %q, want stale", m.tree.StatusFilter())
	}
	if got := selectedPath(m); got != ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json" || m.tree.Rows() != 3 {
		t.Errorf("status filter stale: %d rows, on %q", m.tree.Rows(), got)
	}
}

// TestStatusPickerStartsWithWhatNeedsAttention: s opens a picker of the
// statuses present, the problems first in the problem summary's order
// (the cursor on the most urgent), what asks nothing after, and a row to
// show everything again.
func TestStatusPickerStartsWithWhatNeedsAttention(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "s")
	if !m.picker.Visible() {
		t.Fatal("s did not open a picker")
	}
	var order []string
	for _, l := range strings.Split(screenText(m), "\n") {
		if i := strings.Index(l, "│ "); i >= 0 {
			f := strings.Fields(l[i:])
			if len(f) > 3 {
				order = append(order, strings.Join(f, " "))
			}
		}
	}
	want := []string{"⚠ 1 secret", "≠ 1 key mismatch", "◐ 1 stale", "◌ 1 orphaned case", "○ 1 superseded",
		"◆ 1 in use", "▣ 1 protected", "● 2 live", "8 all"}
	j := 0
	for _, row := range order {
		if j < len(want) && strings.Contains(row, want[j]) {
			j++
		}
	}
	if j != len(want) {
		t.Errorf("the picker's rows, in order:\n%s\nwant, in this order: %q", strings.Join(order, "\n"), want)
	}
	if got := m.picker.Selected(); got != rowStatus+"secret" {
		t.Errorf("the cursor starts on %q, want the most urgent status", got)
	}
	m = keys(t, m, "enter")
	if m.tree.StatusFilter() != "secret" || selectedPath(m) != demoProblems[0] {
		t.Errorf("enter: status %q, on %q", m.tree.StatusFilter(), selectedPath(m))
	}
	m = keys(t, m, "s", "a", "l", "l", "enter")
	if m.tree.StatusFilter() != "" {
		t.Errorf("all: status %q", m.tree.StatusFilter())
	}
}

func TestMarkAndPrune(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = markPaths(t, m, "no_flights_found", "in_use_does_not_exist_guard"[:0]+"unknown_order_apologises")
	if n := m.tree.MarkCount(); n != 2 {
		t.Fatalf("%d marks, want 2", n)
	}
	m = keys(t, m, "d")
	if !m.Dialog.Visible() || len(m.prunes) != 1 {
		t.Fatalf("d did not open one prune dialog: visible %v, asked %d", m.Dialog.Visible(), len(m.prunes))
	}
	if got := m.prunes[0].What; len(got) != 1 || !strings.Contains(got[0].Path, "no_flights_found") {
		t.Fatalf("the dialog asks to remove %v, want only the orphaned case", got)
	}
	// The in-use file is listed as kept, with its status and the reason.
	scr := screenText(m)
	for _, want := range []string{"Remove 1 file from disk:", "Kept, not prunable (1):",
		"◆ .dryfire/cassettes/refund_agent/unknown_order_apologises/00-cb1bcfe39d1c69ba.json",
		"in use: read by replay of refund_agent::unknown_order_says_sorry"} {
		if !strings.Contains(scr, want) {
			t.Errorf("dialog does not say %q:\n%s", want, scr)
		}
	}
	m = keys(t, m, "n")
	if m.Dialog.Visible() || len(b.Pruned()) != 0 {
		t.Fatalf("n should cancel: dialog visible %v pruned %v", m.Dialog.Visible(), b.Pruned())
	}
	scans := b.Scans()
	m = keys(t, m, "d", "y")
	want := []string{".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json"}
	if !slices.Equal(b.Pruned(), want) {
		t.Errorf("pruned %v, want %v (never the in-use file)", b.Pruned(), want)
	}
	if m.tree.MarkCount() != 0 {
		t.Errorf("marks survive a prune: %d", m.tree.MarkCount())
	}
	// One scan for the prune: d classifies afresh, and the removal acts on
	// what the dialog listed; the tree then drops the file removed.
	if n := b.Scans() - scans; n != 1 {
		t.Errorf("a prune scanned the project %d times, want once", n)
	}
	if _, ok := m.tree.SelectID(want[0]); ok || m.tree.Len() != len(uitest.DemoItems())-1 {
		t.Errorf("the tree still holds the file removed (%d recordings)", m.tree.Len())
	}
}

func TestMarkGroupMarksOnlyPrunable(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "no_flights_found")
	m = keys(t, m, "h", "h", "h", "space") // up to the case, close it, up to travel_booking, mark it
	marked := m.tree.Marked()
	if len(marked) != 2 {
		t.Fatalf("marked %d, want the 2 prunable recordings of travel_booking", len(marked))
	}
	for _, it := range marked {
		if !it.Prunable {
			t.Errorf("marked a recording prune may not remove: %s", it.Path)
		}
	}
}

func TestStaleScanResultsAreDropped(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	old := m.gen
	var cmd tea.Cmd
	m, cmd = m.rescan()
	if m.gen == old || cmd == nil {
		t.Fatalf("rescan did not start a new generation")
	}
	// A batch of the old scan arrives late: it must not land in the tree.
	late := tree.Item{ID: "late", Path: "late.json", Group: "zombie", Sub: "case", Label: "00 late", Status: "live"}
	m = send(t, m, scanBatchMsg{gen: old, items: []tree.Item{late}, done: true})
	if m.tree.Len() != 0 || !m.loading {
		t.Errorf("a stale batch was applied: %d recordings, loading %v", m.tree.Len(), m.loading)
	}
	m = run(t, m, cmd)
	if m.tree.Len() != len(b.Items) || m.loading {
		t.Errorf("the new scan: %d recordings, loading %v", m.tree.Len(), m.loading)
	}
}

func TestStaleDetailIsDropped(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "j", "j")
	first, _ := m.tree.Selected()
	staleGen := m.detailGen
	m = keys(t, m, "j", "j", "j")
	second, _ := m.tree.Selected()
	m = send(t, m, detailLoadedMsg{gen: staleGen, data: b.Detail(t.Context(), first)})
	if d, _ := m.Detail.Data(); d.ID != second.ID {
		t.Errorf("detail shows %q after a stale result; want %q", d.ID, second.ID)
	}
}

func TestStreamingKeepsTreeUsable(t *testing.T) {
	b := &uitest.FakeBackend{Items: uitest.DemoItems(), Body: uitest.Cassette(t), Batch: 2}
	m := New(Options{Path: "/p", Backend: b}, theme.New(false))
	m = resize(m, 100, 20)
	ch := make(chan scanEvent, 1)
	m, cmd := m.Update(scanBatchMsg{gen: m.gen, next: ch, items: b.Items[:3]})
	if cmd == nil {
		t.Fatal("no Cmd waits for the next batch")
	}
	if !m.loading || m.tree.Len() == 0 {
		t.Fatalf("after the first batch: loading %v, %d recordings", m.loading, m.tree.Len())
	}
	m = keys(t, m, "j")
	if m.tree.Cursor() != 1 {
		t.Errorf("cannot move while loading")
	}
	if got := screenText(m); !strings.Contains(got, "scanning /p · 3 recordings read") {
		t.Errorf("no progress line while loading:\n%s", got)
	}
	_, before := m.tree.SelectedPath()
	ch <- scanEvent{items: b.Items[3:], done: true}
	m = run(t, m, cmd)
	_, after := m.tree.SelectedPath()
	if m.loading || m.tree.Len() != len(b.Items) || !slices.Equal(before, after) {
		t.Errorf("after the last batch: loading %v, %d recordings, cursor on %v (was %v)", m.loading, m.tree.Len(), after, before)
	}
}

// TestScanSaysItIsClassifying: while the recordings read wait for their
// status (pending), the status line says the scan is working them out, so
// that a screen of pending rows does not look stuck; then the statuses
// replace them.
func TestScanSaysItIsClassifying(t *testing.T) {
	items := uitest.DemoItems()
	pending := slices.Clone(items)
	for i := range pending {
		pending[i].Status, pending[i].Secrets = "pending", 0
	}
	m := New(Options{Path: "/p", Backend: uitest.NewFakeBackend(t, items)}, theme.New(false))
	m = resize(m, 120, 20)
	ch := make(chan scanEvent, 1)
	m, cmd := m.Update(scanBatchMsg{gen: m.gen, next: ch, items: pending})
	scr := screenText(m)
	if !strings.Contains(scr, "scanning /p · 8 recordings read · ⋯ 8 pending: working out each status (simulating every case's replay)…") {
		t.Errorf("the status line does not say the statuses are being worked out:\n%s", scr)
	}
	if !strings.Contains(scr, "⋯ pending") {
		t.Errorf("a pending row does not show its glyph:\n%s", scr)
	}
	ch <- scanEvent{items: items, done: true}
	m = run(t, m, cmd)
	if scr := screenText(m); strings.Contains(scr, "pending") || strings.Contains(scr, "working out") {
		t.Errorf("after the scan, pending is still said:\n%s", scr)
	}
}

// TestFilterWithNoMatchSaysSo: an empty tree under a filter says why, and
// the status line names the filter even when the scan reported problems.
func TestFilterWithNoMatchSaysSo(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m.summary.Problems = []string{"evals/x.eval.yaml:1:1: broken"}
	m = keys(t, m, "/", "z", "q", "x", "enter")
	if m.tree.Rows() != 0 {
		t.Fatalf("filter zqx: %d rows, want 0", m.tree.Rows())
	}
	s := screenText(m)
	if !strings.Contains(s, "no recording matches the filter") {
		t.Errorf("empty filtered tree does not say why:\n%s", s)
	}
	if !strings.Contains(s, `showing filter "zqx"`) {
		t.Errorf("status line does not name the active filter:\n%s", s)
	}
}

// TestFilterPrefersWhatIsWritten: text that a recording contains as written
// wins over fuzzy subsequence matches; fuzzy matching is the fallback.
func TestFilterPrefersWhatIsWritten(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	// "lookups" is a subsequence of other paths too (l…o…o…k…u…p…s), but
	// only parallel_lookups contains it: suite, case and its two turns.
	m = keys(t, m, "/", "l", "o", "o", "k", "u", "p", "s", "enter")
	if m.tree.Rows() != 4 {
		t.Errorf("filter lookups: %d rows, want 4 (refund_agent ▸ parallel_lookups ▸ 00, 01)", m.tree.Rows())
	}
	if strings.Contains(screenText(m), "fuzzy") {
		t.Error("an exact match is said to be fuzzy")
	}
	m = keys(t, m, "esc", "/", "p", "r", "l", "l", "k", "p", "s")
	if !strings.Contains(screenText(m), "(fuzzy: no name holds the text as typed)") {
		t.Errorf("typing a fuzzy filter does not say it is fuzzy:\n%s", screenText(m))
	}
	m = keys(t, m, "enter")
	if m.tree.Rows() == 0 || !strings.Contains(screenText(m), "parallel_lookups") {
		t.Errorf("fuzzy fallback prllkps: %d rows\n%s", m.tree.Rows(), screenText(m))
	}
	if !strings.Contains(screenText(m), `showing filter "prllkps" (fuzzy: no name holds the text as typed)`) {
		t.Errorf("the kept filter does not say it is fuzzy:\n%s", screenText(m))
	}
}

// TestPruneActsOnWhatTheDialogListed: the answer to a dialog is a message,
// and keys pressed before it arrives (here: marking one more prunable file)
// must not change what is removed.
func TestPruneActsOnWhatTheDialogListed(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = markPaths(t, m, "no_flights_found")
	m = keys(t, m, "d")
	m, answer := m.Update(uitest.PressKey("y"))
	if m.Dialog.Visible() || answer == nil {
		t.Fatalf("y did not answer the dialog")
	}
	m = markPaths(t, m, "weather_check_repeated")
	m = run(t, m, answer)
	want := []string{".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json"}
	if !slices.Equal(b.Pruned(), want) {
		t.Errorf("pruned %v, want only what the dialog listed %v", b.Pruned(), want)
	}
	// The same answer again (a duplicate message) removes nothing more.
	m = run(t, m, answer)
	if len(b.Pruned()) != 1 {
		t.Errorf("a second answer pruned again: %v", b.Pruned())
	}
}

// TestHalfPageInBothPanes: ctrl+d and ctrl+u move half a page in the tree
// and scroll the detail half a page, as in less, vim and fx.
func TestHalfPageInBothPanes(t *testing.T) {
	m, _ := newTestModel(t, 120, 12, uitest.DemoItems())
	m = keys(t, m, "g", "ctrl+d")
	if got := m.tree.Cursor(); got != 4 {
		t.Errorf("ctrl+d in the tree: cursor on row %d, want 4", got)
	}
	m = keys(t, m, "ctrl+u")
	if got := m.tree.Cursor(); got != 0 {
		t.Errorf("ctrl+u in the tree: cursor on row %d, want 0", got)
	}
	m = keys(t, selectPath(t, m, "add_to_cart"), "enter", "2", "ctrl+d")
	if m.Detail.Offset() == 0 {
		t.Errorf("ctrl+d in the detail did not scroll it:\n%s", screenText(m))
	}
}
