package ui

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

func removeAll(p string) error { return os.RemoveAll(p) }

// askedPaths is what the dialog opened last asks to act on.
func askedPaths(m Model) []string {
	if a := m.review.asks; len(a) > 0 {
		return a[len(a)-1].What.paths
	}
	return nil
}

func TestAcceptStages(t *testing.T) {
	f := newFixture(t)
	m := reviewSelect(t, f.model(t, 120, 30), pModified)
	m = keys(t, m, "a")
	if st := m.review.states[pModified]; st != stateAccepted {
		t.Fatalf("state %q, want accepted", st)
	}
	if staged := f.git(t, "diff", "--cached", "--name-only", "--no-renames"); !strings.Contains(staged, pModified) {
		t.Errorf("accept did not stage %s: %q", pModified, staged)
	}
	if m.review.selectedPath() == pModified {
		t.Errorf("cursor stayed on the accepted item")
	}
	if got := m.ReviewTally(); got.Accepted != 1 || got.Left != got.Changed-1 {
		t.Errorf("tally %+v", got)
	}
	if !strings.Contains(screenText(m), "1 accepted") || !strings.Contains(screenText(m), "accepted (staged) "+pModified) {
		t.Errorf("header or status does not say so:\n%s", screenText(m))
	}
	// Accept no longer applies to it: the key is disabled and hidden.
	m = reviewSelect(t, m, pModified)
	if m.review.keysNow().Accept.Enabled() {
		t.Errorf("accept still enabled on an accepted item")
	}
	if strings.Contains(m.review.footerView(), "a accept") {
		t.Errorf("footer offers a disabled key: %q", m.review.footerView())
	}
}

func TestRejectRestores(t *testing.T) {
	f := newFixture(t)
	head := f.git(t, "show", "HEAD:"+pModified)
	edited, _ := f.read(t, pModified)
	m := reviewSelect(t, f.model(t, 120, 30), pModified)
	m = keys(t, m, "x")
	if m.review.Dialog.Visible() {
		t.Fatal("a modified file asked for confirmation")
	}
	if got, _ := f.read(t, pModified); got != head {
		t.Errorf("reject did not restore the committed version")
	}
	if m.review.states[pModified] != stateRejected {
		t.Errorf("state %q, want rejected", m.review.states[pModified])
	}
	m = keys(t, m, "u")
	if got, _ := f.read(t, pModified); got != edited {
		t.Errorf("undo did not bring the edit back")
	}
	if m.review.states[pModified] != "" || m.review.keysNow().Undo.Enabled() {
		t.Errorf("after undo: state %q, undo enabled %v", m.review.states[pModified], m.review.keysNow().Undo.Enabled())
	}
}

func TestRejectUntrackedAsksFirst(t *testing.T) {
	f := newFixture(t)
	m := reviewSelect(t, f.model(t, 120, 30), pAdded)
	m = keys(t, m, "x")
	if !m.review.Dialog.Visible() {
		t.Fatal("no confirmation asked")
	}
	if _, ok := f.read(t, pAdded); !ok {
		t.Fatal("file removed before confirmation")
	}
	if !strings.Contains(screenText(m), pAdded) {
		t.Errorf("dialog does not name the file:\n%s", screenText(m))
	}
	m = keys(t, m, "n")
	if _, ok := f.read(t, pAdded); !ok || m.review.Dialog.Visible() || m.review.states[pAdded] != "" {
		t.Fatalf("cancel: file kept %v, dialog open %v, state %q", ok, m.review.Dialog.Visible(), m.review.states[pAdded])
	}
	m = keys(t, m, "x", "y")
	if _, ok := f.read(t, pAdded); ok {
		t.Fatal("confirmed reject kept the file")
	}
	if m.review.states[pAdded] != stateRejected {
		t.Errorf("state %q, want rejected", m.review.states[pAdded])
	}
	m = keys(t, m, "u")
	if _, ok := f.read(t, pAdded); !ok {
		t.Errorf("undo did not bring the untracked file back")
	}
	if m.review.selectedPath() != pAdded {
		t.Errorf("undo did not select the item: %s", m.review.selectedPath())
	}
}

func TestAcceptAllThenUndo(t *testing.T) {
	f := newFixture(t)
	before := f.status(t)
	m := f.model(t, 120, 30)
	m = reviewSelect(t, m, pTape)
	m = keys(t, m, "s") // a skipped change is not "left"
	m = keys(t, m, "A")
	if paths := askedPaths(m); !m.review.Dialog.Visible() || len(paths) != 4 {
		t.Fatalf("dialog open %v, paths %q", m.review.Dialog.Visible(), paths)
	}
	for _, p := range []string{pModified, pAdded, pDeleted, pRenamed} {
		if !strings.Contains(screenText(m), p) {
			t.Errorf("dialog does not list %s:\n%s", p, screenText(m))
		}
	}
	m = keys(t, m, "y")
	if got := m.ReviewTally(); got.Accepted != 4 || got.Skipped != 1 || got.Left != 0 {
		t.Fatalf("tally %+v; status %q", got, m.review.Status)
	}
	staged := f.git(t, "diff", "--cached", "--name-only", "--no-renames")
	for _, p := range []string{pModified, pAdded, pDeleted, pRenamed} {
		if !strings.Contains(staged, p) {
			t.Errorf("%s not staged: %q", p, staged)
		}
	}
	if strings.Contains(staged, pTape) {
		t.Errorf("the skipped tape was staged")
	}
	if m.review.keysNow().AcceptAll.Enabled() {
		t.Errorf("A enabled with nothing left")
	}
	// One u undoes the whole A; the next one the skip.
	m = keys(t, m, "u")
	if got := f.status(t); got != before {
		t.Errorf("undo of A left git at\n%s\nwant\n%s", got, before)
	}
	if got := m.ReviewTally(); got.Accepted != 0 || got.Skipped != 1 {
		t.Errorf("after undo: %+v", got)
	}
	m = keys(t, m, "u")
	if got := m.ReviewTally(); got.Skipped != 0 || got.Left != got.Changed || m.review.keysNow().Undo.Enabled() {
		t.Errorf("after second undo: %+v, undo enabled %v", got, m.review.keysNow().Undo.Enabled())
	}
}

func TestRejectAllThenUndo(t *testing.T) {
	f := newFixture(t)
	before := f.status(t)
	m := keys(t, f.model(t, 120, 30), "X")
	if paths := askedPaths(m); !m.review.Dialog.Visible() || len(paths) != 5 {
		t.Fatalf("dialog open %v, paths %q", m.review.Dialog.Visible(), paths)
	}
	if !strings.Contains(screenText(m), "1 file(s) git has no copy of are removed") {
		t.Errorf("dialog does not warn about the removal:\n%s", screenText(m))
	}
	m = keys(t, m, "y")
	if got := f.status(t); got != "" {
		t.Errorf("reject all left changes:\n%s", got)
	}
	if got := m.ReviewTally(); got.Rejected != 5 {
		t.Errorf("tally %+v", got)
	}
	m = keys(t, m, "u")
	if got := f.status(t); got != before {
		t.Errorf("undo of X left git at\n%s\nwant\n%s", got, before)
	}
}

func TestErrorsGoToTheStatusLine(t *testing.T) {
	f := newFixture(t)
	m := reviewSelect(t, f.model(t, 120, 30), pModified)
	// The repository disappears under the review: the action fails and
	// says why, and the screen keeps working.
	f.git(t, "rm", "-q", "-r", "--cached", ".")
	if err := removeAll(f.dir + "/.git"); err != nil {
		t.Fatal(err)
	}
	m = keys(t, m, "a")
	if !m.review.StatusErr || !strings.Contains(m.review.statusView(), "accept "+pModified) {
		t.Errorf("status %q (error %v)", m.review.Status, m.review.StatusErr)
	}
	if m.review.busy != "" || m.review.states[pModified] != "" {
		t.Errorf("busy %q, state %q after a failed accept", m.review.busy, m.review.states[pModified])
	}
}

func TestReloadKeepsDecisions(t *testing.T) {
	f := newFixture(t)
	m := reviewSelect(t, f.model(t, 120, 30), pModified)
	m = keys(t, m, "a")
	m = reviewSelect(t, m, pTape)
	m = keys(t, m, "x", "r")
	if m.review.states[pModified] != stateAccepted {
		t.Errorf("reload forgot the accept: %q", m.review.states)
	}
	if _, ok := m.review.items[pTape]; ok {
		t.Errorf("the rejected tape is still listed after reload")
	}
	if m.review.keysNow().Undo.Enabled() {
		t.Errorf("undo enabled after a reload")
	}
	if !strings.Contains(screenText(m), "reloaded: 4 change(s)") {
		t.Errorf("status:\n%s", screenText(m))
	}
}

func TestReviewMouse(t *testing.T) {
	f := newFixture(t)
	m := f.model(t, 120, 30)
	first := m.review.selectedPath()
	m = send(t, m, tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
	if m.review.selectedPath() == first {
		t.Errorf("wheel over the list did not move")
	}
	m = send(t, m, tea.MouseClickMsg{X: 5, Y: 2, Button: tea.MouseLeft})
	if m.review.selectedPath() != first {
		t.Errorf("click on the first item selected %s", m.review.selectedPath())
	}
	m = send(t, m, tea.MouseClickMsg{X: 80, Y: 2, Button: tea.MouseLeft})
	if m.review.Focus != page.FocusDetail {
		t.Errorf("click on the detail did not focus it")
	}
}
