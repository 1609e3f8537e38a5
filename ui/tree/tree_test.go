package tree

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func verdictItems() []Item {
	failing, passing := &struct{ name string }{"refund"}, &struct{ name string }{"lookup"}
	return []Item{
		{ID: "a", Path: "s/refund/00.json", Format: format.Dryfire, Group: "s", Sub: "refund", Label: "00", Status: "live", Verdict: "failing", Case: failing},
		{ID: "b", Path: "s/refund/01.json", Format: format.Dryfire, Group: "s", Sub: "refund", Label: "01", Turn: 1, Status: "live", Verdict: "failing", Case: failing},
		{ID: "c", Path: "s/lookup/00.json", Format: format.Dryfire, Group: "s", Sub: "lookup", Label: "00", Status: "stale", Verdict: "passed", Case: passing},
		{ID: "d", Path: "t/x/00.json", Format: format.Dryfire, Group: "t", Sub: "x", Label: "00", Status: "superseded"},
	}
}

func TestVerdictsOnCaseRows(t *testing.T) {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 20)
	m = m.Add(verdictItems())
	view := ansi.Strip(m.View())
	for _, c := range []struct{ name, glyph string }{{"refund", "✗"}, {"lookup", "✓"}} {
		var row string
		for _, l := range strings.Split(view, "\n") {
			if strings.Contains(l, "▾ "+c.name) {
				row = l
			}
		}
		if !strings.Contains(row, c.glyph) {
			t.Errorf("case %s: row %q has no %s", c.name, row, c.glyph)
		}
	}
	if m.FailingCases() != 1 {
		t.Errorf("%d failing cases, want 1", m.FailingCases())
	}
	if st := m.Statuses(); st[len(st)-1] != "failing" {
		t.Errorf("statuses %v: failing is not offered", st)
	}
	m = m.SetStatusFilter("failing")
	if m.Rows() != 4 { // s, refund, 00, 01
		t.Errorf("%d rows under the failing filter, want 4", m.Rows())
	}
	m.MoveTo(1)
	info, verdict, ok := m.SelectedCase()
	if !ok || verdict != "failing" || info == nil {
		t.Errorf("selected case %v %q %v", info, verdict, ok)
	}
	// A new scan result with the case passing replaces the verdict.
	fixed := verdictItems()[:2]
	for i := range fixed {
		fixed[i].Verdict = "passed"
	}
	m = m.SetStatusFilter("").Add(fixed)
	if m.FailingCases() != 0 {
		t.Errorf("%d failing cases after the fix, want 0", m.FailingCases())
	}
}

// TestAnErroredCaseCountsAsFailing: a case whose assertions pass but whose
// loop ended in an error keeps the run from passing (dryfire exits 3), so
// the tree counts it with the failing cases, shows it under the failing
// filter, and marks its row with its own glyph, not ✓.
func TestAnErroredCaseCountsAsFailing(t *testing.T) {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 20)
	items := verdictItems()[2:3] // the lookup case, passing
	items[0].Verdict = "errored"
	m = m.Add(items)
	if m.FailingCases() != 1 {
		t.Errorf("%d failing cases, want 1", m.FailingCases())
	}
	view := ansi.Strip(m.View())
	if !strings.Contains(view, theme.Glyph("errored")) || strings.Contains(view, "✓") {
		t.Errorf("the errored case's row does not show %s alone:\n%s", theme.Glyph("errored"), view)
	}
	if m = m.SetStatusFilter("failing"); m.Rows() != 3 { // s, lookup, 00
		t.Errorf("%d rows under the failing filter, want 3", m.Rows())
	}
}

// TestRemove: the recordings a prune removed leave the tree with their
// counts and marks, and a case or suite with nothing left goes too.
func TestRemove(t *testing.T) {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 20)
	m = m.Add(verdictItems())
	m, ok := m.SelectID("d")
	if m = m.ToggleMark(); !ok || m.MarkCount() != 1 {
		t.Fatalf("d selected %v, %d marked", ok, m.MarkCount())
	}
	m = m.Remove([]string{"d", "b", "nope"})
	if m.Len() != 2 || m.Counts()["superseded"] != 0 || m.Counts()["live"] != 1 || m.MarkCount() != 0 {
		t.Errorf("len %d, counts %v, marks %d after removing d and b", m.Len(), m.Counts(), m.MarkCount())
	}
	view := ansi.Strip(m.View())
	if strings.Contains(view, "▾ t") || strings.Contains(view, "▸ t") || !strings.Contains(view, "refund") {
		t.Errorf("the empty suite t is still shown, or refund is gone:\n%s", view)
	}
	if _, ok := m.SelectID("b"); ok {
		t.Error("b can still be selected")
	}
	m = m.Remove([]string{"a"})
	if m.FailingCases() != 0 || strings.Contains(ansi.Strip(m.View()), "refund") {
		t.Errorf("the failing case refund, now empty, is still counted (%d) or shown", m.FailingCases())
	}
}
