package tree

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// pendingThenClassified are the rows of a scan as the browser gets them:
// pending while the store loads, then classified, in path order. Row c
// turns out to belong to another case (its label changes with it), row d
// to another turn; e is new, as an unrecorded turn is.
func pendingThenClassified() (pending, classified []Item) {
	pending = []Item{
		{ID: "b", Path: "s/refund/00-bb.json", Group: "s", Sub: "refund", Label: "00 bb", Key: "bbbb", Status: "pending"},
		{ID: "a", Path: "s/lookup/00-aa.json", Group: "s", Sub: "lookup", Label: "00 aa", Key: "aaaa", Status: "pending"},
		{ID: "c", Path: "s/refund/01-cc.json", Group: "s", Sub: "refund", Label: "01 cc", Key: "cccc", Turn: 1, Status: "pending"},
		{ID: "d", Path: "t/x/01-dd.json", Group: "t", Sub: "x", Label: "01 dd", Key: "dddd", Turn: 1, Status: "pending"},
		{ID: "f", Path: "t/x/02-ff.json", Group: "t", Sub: "x", Label: "02 ff", Key: "ffff", Turn: 2, Status: "pending"},
	}
	refund := &struct{ name string }{"refund"}
	classified = []Item{
		{ID: "a", Path: "s/lookup/00-aa.json", Group: "s", Sub: "lookup", Label: "00 aa", Key: "aaaa", Status: "live", Verdict: "passed", Case: &struct{}{}},
		{ID: "b", Path: "s/refund/00-bb.json", Group: "s", Sub: "refund", Label: "00 bb", Key: "bbbb", Status: "stale", Secrets: 2, Verdict: "failing", Case: refund},
		{ID: "c", Path: "s/refund/01-cc.json", Group: "u", Sub: "moved", Label: "cc moved", Key: "cccc", Turn: 1, Status: "orphaned case"},
		{ID: "d", Path: "t/x/01-dd.json", Group: "t", Sub: "x", Label: "03 dd", Key: "dddd", Turn: 3, Status: "superseded"},
		{ID: "f", Path: "t/x/02-ff.json", Group: "t", Sub: "x", Label: "02 ff", Key: "ffff", Turn: 2, Status: "live"},
		{ID: "e", Path: "t/x/04-ee.json", Group: "t", Sub: "x", Label: "04 ee", Key: "eeee", Turn: 4, Status: "unrecorded"},
	}
	return pending, classified
}

// TestClassifiedRowsReplacePendingOnes: a classified row in place of a
// pending one leaves nothing of it: its status in the counts of every
// node above it (none pending), its secrets and verdict, its place (a
// row of another case moves there, and the case it leaves goes when
// empty; one of another turn moves among its case's rows), its label,
// and what the text and status filters match.
func TestClassifiedRowsReplacePendingOnes(t *testing.T) {
	t.Parallel()
	pending, classified := pendingThenClassified()
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 30)
	m = m.Add(pending[:2]).Add(pending[2:])
	if got := m.SetFilter("pending").Rows(); got != 10 {
		t.Fatalf("filter pending: %d rows before the classification, want 10", got)
	}
	m = m.Add(classified)

	if m.Len() != 6 || m.Counts()["pending"] != 0 || m.Counts()["live"] != 2 || m.Counts()["stale"] != 1 || m.Counts()["unrecorded"] != 1 {
		t.Errorf("%d recordings, counts %v: want 6 and none pending", m.Len(), m.Counts())
	}
	if m.Secrets() != 2 || m.SecretRecordings() != 1 || m.FailingRecordings() != 1 || m.FailingCases() != 1 {
		t.Errorf("secrets %d in %d, failing %d in %d cases: want 2 in 1, 1 in 1",
			m.Secrets(), m.SecretRecordings(), m.FailingRecordings(), m.FailingCases())
	}
	sel, ok := m.SelectPath([]string{"s", "refund"})
	if total, secrets, counts := sel.SelectedCounts(); !ok || total != 1 || secrets != 2 || counts["stale"] != 1 || counts["pending"] != 0 {
		t.Errorf("case s/refund: %v, %d recordings, %d secrets, counts %v: want 1 stale with 2", ok, total, secrets, counts)
	}
	if _, ok := m.SelectPath([]string{"u", "moved"}); !ok {
		t.Error("row c is not under u/moved")
	}

	view := ansi.Strip(m.View())
	for _, gone := range []string{"01 cc", "01 dd"} {
		if strings.Contains(view, gone) {
			t.Errorf("the view still shows %q:\n%s", gone, view)
		}
	}
	var order []string
	for _, l := range strings.Split(view, "\n") {
		for _, label := range []string{"02 ff", "03 dd", "04 ee", "cc moved"} {
			if strings.Contains(l, label) {
				order = append(order, label)
			}
		}
	}
	if got := strings.Join(order, ", "); got != "02 ff, 03 dd, 04 ee, cc moved" {
		t.Errorf("rows in the order %s, want 02 ff, 03 dd, 04 ee, cc moved:\n%s", got, view)
	}

	for _, tc := range []struct {
		text, status string
		rows         int
	}{
		{"pending", "", 0},
		{"stale", "", 3},           // s, refund, b
		{"bbbb stale", "", 3},      // the key and the status, as one text
		{"aaaa stale", "", 0},      // a is live
		{"cc moved orph", "", 3},   // u, moved, c
		{"refund", "", 3},          // s, refund, b: c left it
		{"", "superseded", 3},      // t, x, d
		{"", "pending", 0},         //
		{"", "secret", 3},          // s, refund, b
		{"", "failing", 3},         // s, refund, b
		{"ff live", "live", 3},     // t, x, f
		{"moved", "unrecorded", 0}, //
	} {
		f := m.SetFilter(tc.text).SetStatusFilter(tc.status)
		if f.Rows() != tc.rows {
			t.Errorf("filter %q, status %q: %d rows, want %d:\n%s", tc.text, tc.status, f.Rows(), tc.rows, ansi.Strip(f.View()))
		}
	}
}

// TestClassifiedRowsUnderAFilter: rows classified while a text filter is
// on are matched with their new text.
func TestClassifiedRowsUnderAFilter(t *testing.T) {
	t.Parallel()
	pending, classified := pendingThenClassified()
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 30)
	m = m.Add(pending).SetFilter("stale")
	if m.Rows() != 0 {
		t.Fatalf("filter stale: %d rows before the classification", m.Rows())
	}
	if m = m.Add(classified); m.Rows() != 3 || m.FilterMatch() != MatchExact {
		t.Errorf("filter stale: %d rows matched %v, want 3 exactly:\n%s", m.Rows(), m.FilterMatch(), ansi.Strip(m.View()))
	}
	m = New(theme.New(true), DefaultKeyMap()).Add(pending).SetFilter("pending")
	if m = m.Add(classified); m.Rows() != 0 {
		t.Errorf("filter pending: %d rows once classified, want 0:\n%s", m.Rows(), ansi.Strip(m.View()))
	}
}
