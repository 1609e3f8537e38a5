package browse

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// newCoreModel browses a real project through the real core.
func newCoreModel(t *testing.T, path string, w, h int) Page {
	t.Helper()
	m := New(Options{Path: path, Backend: backend.Core{}}, theme.New(true))
	m = resize(m, w, h)
	return run(t, m, scanWorkspaceCmd(m.ctx, backend.Core{}, path, m.gen))
}

// TestCaseVerdicts: a case row carries its run verdict, s cycles to the
// recordings of failing cases, and a case's detail lists its assertions
// with expected and actual, and the judge's score and reasoning.
func TestCaseVerdicts(t *testing.T) {
	m := newCoreModel(t, "../../testdata/run/projects/judge-anthropic-F", 200, 70)
	screen := screenText(m)
	for _, want := range []string{"judged_status_answer", "two_judges_one_override"} {
		line := lineWith(screen, want)
		if want == "judged_status_answer" && !strings.Contains(line, "✗") {
			t.Errorf("failing case row %q has no ✗", line)
		}
		if want == "two_judges_one_override" && !strings.Contains(line, "✓") {
			t.Errorf("passing case row %q has no ✓", line)
		}
	}
	m = keys(t, m, "s")
	if got := m.picker.Selected(); got != rowStatus+"failing" {
		t.Errorf("the status picker starts on %q, not on the failing cases", got)
	}
	if m = keys(t, m, "enter"); m.tree.StatusFilter() != "failing" {
		t.Fatalf("s does not reach the failing cases; statuses %v", m.tree.Statuses())
	}
	rows := m.tree.Rows()
	if rows == 0 {
		t.Fatal("no row under the failing filter")
	}
	for i := range rows {
		m.tree.MoveTo(i)
		if it, ok := m.tree.Selected(); ok && it.Verdict != "failing" {
			t.Errorf("%s (case %s) is shown under the failing filter: %s", it.Path, it.Sub, it.Verdict)
		}
	}
	m = keys(t, m, "esc")
	m = keys(t, m, "/")
	for _, r := range "judged_status_answer" {
		m = keys(t, m, string(r))
	}
	m = keys(t, m, "enter")
	m.tree.MoveTo(1) // the case row, under its suite
	m, _ = updateBrowse(t, m)
	if kind, names := m.tree.SelectedPath(); kind != tree.KindSub || names[1] != "judged_status_answer" {
		t.Fatalf("selected %v %v", kind, names)
	}
	screen = screenText(m)
	for _, want := range []string{
		"✗ failing",
		"✗ calls_tool: lookup_booking",
		"expected: lookup_booking to be called",
		"actual:   (end_turn)",
		"✗ llm_judge",
		"judge claude-sonnet-4-6: score 0.4 (threshold 0.5): Graded against the rubric (ref 026f6166).",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the case's detail has no %q:\n%s", want, screen)
		}
	}
}

// updateBrowse lets the page sync its detail with the cursor.
func updateBrowse(t *testing.T, m Page) (Page, tea.Cmd) {
	t.Helper()
	var cmd tea.Cmd
	m, cmd = m.syncDetail()
	return run(t, m, cmd), cmd
}

func lineWith(screen, s string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
