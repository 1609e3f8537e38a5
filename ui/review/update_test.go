package review

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

func removeAll(p string) error { return os.RemoveAll(p) }

// askedPaths is what the dialog opened last asks to act on.
func askedPaths(m Page) []string {
	if a := m.asks; len(a) > 0 {
		return a[len(a)-1].What.paths
	}
	return nil
}

func TestAcceptStages(t *testing.T) {
	f := uitest.NewFixture(t)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PModified)
	m = keys(t, m, "a")
	if st := m.states[uitest.PModified]; st != stateAccepted {
		t.Fatalf("state %q, want accepted", st)
	}
	if staged := f.Git(t, "diff", "--cached", "--name-only", "--no-renames"); !strings.Contains(staged, uitest.PModified) {
		t.Errorf("accept did not stage %s: %q", uitest.PModified, staged)
	}
	if m.Selected() == uitest.PModified {
		t.Errorf("cursor stayed on the accepted item")
	}
	if got := m.Tally(); got.Accepted != 1 || got.Left != got.Changed-1 {
		t.Errorf("tally %+v", got)
	}
	if !strings.Contains(screenText(m), "1 accepted") || !strings.Contains(screenText(m), "accepted (staged) "+uitest.PModified) {
		t.Errorf("header or status does not say so:\n%s", screenText(m))
	}
	// Accept no longer applies to it: the key is disabled and hidden.
	m = reviewSelect(t, m, uitest.PModified)
	if m.keysNow().Accept.Enabled() {
		t.Errorf("accept still enabled on an accepted item")
	}
	if strings.Contains(m.footerView(), "a accept") {
		t.Errorf("footer offers a disabled key: %q", m.footerView())
	}
}

func TestRejectRestores(t *testing.T) {
	f := uitest.NewFixture(t)
	head := f.Git(t, "show", "HEAD:"+uitest.PModified)
	edited, _ := f.Read(t, uitest.PModified)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PModified)
	m = keys(t, m, "x")
	if m.Dialog.Visible() {
		t.Fatal("a modified file asked for confirmation")
	}
	if got, _ := f.Read(t, uitest.PModified); got != head {
		t.Errorf("reject did not restore the committed version")
	}
	if m.states[uitest.PModified] != stateRejected {
		t.Errorf("state %q, want rejected", m.states[uitest.PModified])
	}
	m = keys(t, m, "u")
	if got, _ := f.Read(t, uitest.PModified); got != edited {
		t.Errorf("undo did not bring the edit back")
	}
	if m.states[uitest.PModified] != "" || m.keysNow().Undo.Enabled() {
		t.Errorf("after undo: state %q, undo enabled %v", m.states[uitest.PModified], m.keysNow().Undo.Enabled())
	}
}

func TestRejectUntrackedAsksFirst(t *testing.T) {
	f := uitest.NewFixture(t)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PAdded)
	m = keys(t, m, "x")
	if !m.Dialog.Visible() {
		t.Fatal("no confirmation asked")
	}
	if _, ok := f.Read(t, uitest.PAdded); !ok {
		t.Fatal("file removed before confirmation")
	}
	if !strings.Contains(screenText(m), uitest.PAdded) {
		t.Errorf("dialog does not name the file:\n%s", screenText(m))
	}
	m = keys(t, m, "n")
	if _, ok := f.Read(t, uitest.PAdded); !ok || m.Dialog.Visible() || m.states[uitest.PAdded] != "" {
		t.Fatalf("cancel: file kept %v, dialog open %v, state %q", ok, m.Dialog.Visible(), m.states[uitest.PAdded])
	}
	m = keys(t, m, "x", "y")
	if _, ok := f.Read(t, uitest.PAdded); ok {
		t.Fatal("confirmed reject kept the file")
	}
	if m.states[uitest.PAdded] != stateRejected {
		t.Errorf("state %q, want rejected", m.states[uitest.PAdded])
	}
	m = keys(t, m, "u")
	if _, ok := f.Read(t, uitest.PAdded); !ok {
		t.Errorf("undo did not bring the untracked file back")
	}
	if m.Selected() != uitest.PAdded {
		t.Errorf("undo did not select the item: %s", m.Selected())
	}
}

func TestAcceptAllThenUndo(t *testing.T) {
	f := uitest.NewFixture(t)
	before := f.Status(t)
	m := newPage(t, f, 120, 30)
	m = reviewSelect(t, m, uitest.PTape)
	m = keys(t, m, "s") // a skipped change is not "left"
	m = keys(t, m, "A")
	if paths := askedPaths(m); !m.Dialog.Visible() || len(paths) != 4 {
		t.Fatalf("dialog open %v, paths %q", m.Dialog.Visible(), paths)
	}
	for _, p := range []string{uitest.PModified, uitest.PAdded, uitest.PDeleted, uitest.PRenamed} {
		if !strings.Contains(screenText(m), p) {
			t.Errorf("dialog does not list %s:\n%s", p, screenText(m))
		}
	}
	m = keys(t, m, "y")
	if got := m.Tally(); got.Accepted != 4 || got.Skipped != 1 || got.Left != 0 {
		t.Fatalf("tally %+v; status %q", got, m.Status)
	}
	staged := f.Git(t, "diff", "--cached", "--name-only", "--no-renames")
	for _, p := range []string{uitest.PModified, uitest.PAdded, uitest.PDeleted, uitest.PRenamed} {
		if !strings.Contains(staged, p) {
			t.Errorf("%s not staged: %q", p, staged)
		}
	}
	if strings.Contains(staged, uitest.PTape) {
		t.Errorf("the skipped tape was staged")
	}
	if m.keysNow().AcceptAll.Enabled() {
		t.Errorf("A enabled with nothing left")
	}
	// One u undoes the whole A; the next one the skip.
	m = keys(t, m, "u")
	if got := f.Status(t); got != before {
		t.Errorf("undo of A left git at\n%s\nwant\n%s", got, before)
	}
	if got := m.Tally(); got.Accepted != 0 || got.Skipped != 1 {
		t.Errorf("after undo: %+v", got)
	}
	m = keys(t, m, "u")
	if got := m.Tally(); got.Skipped != 0 || got.Left != got.Changed || m.keysNow().Undo.Enabled() {
		t.Errorf("after second undo: %+v, undo enabled %v", got, m.keysNow().Undo.Enabled())
	}
}

func TestRejectAllThenUndo(t *testing.T) {
	f := uitest.NewFixture(t)
	before := f.Status(t)
	m := keys(t, newPage(t, f, 120, 30), "X")
	if paths := askedPaths(m); !m.Dialog.Visible() || len(paths) != 5 {
		t.Fatalf("dialog open %v, paths %q", m.Dialog.Visible(), paths)
	}
	if !strings.Contains(screenText(m), "1 file git has no copy of is removed") {
		t.Errorf("dialog does not warn about the removal:\n%s", screenText(m))
	}
	m = keys(t, m, "y")
	if got := f.Status(t); got != "" {
		t.Errorf("reject all left changes:\n%s", got)
	}
	if got := m.Tally(); got.Rejected != 5 {
		t.Errorf("tally %+v", got)
	}
	m = keys(t, m, "u")
	if got := f.Status(t); got != before {
		t.Errorf("undo of X left git at\n%s\nwant\n%s", got, before)
	}
}

func TestErrorsGoToTheStatusLine(t *testing.T) {
	f := uitest.NewFixture(t)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PModified)
	// The repository disappears under the review: the action fails and
	// says why, and the screen keeps working.
	f.Git(t, "rm", "-q", "-r", "-f", "--cached", ".")
	if err := removeAll(f.Dir + "/.git"); err != nil {
		t.Fatal(err)
	}
	m = keys(t, m, "a")
	if !m.StatusErr || !strings.Contains(m.statusView(), "accept "+uitest.PModified) {
		t.Errorf("status %q (error %v)", m.Status, m.StatusErr)
	}
	if m.busy != "" || m.states[uitest.PModified] != "" {
		t.Errorf("busy %q, state %q after a failed accept", m.busy, m.states[uitest.PModified])
	}
}

func TestReloadKeepsDecisions(t *testing.T) {
	f := uitest.NewFixture(t)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PModified)
	m = keys(t, m, "a")
	m = reviewSelect(t, m, uitest.PTape)
	m = keys(t, m, "x", "r")
	if m.states[uitest.PModified] != stateAccepted {
		t.Errorf("reload forgot the accept: %q", m.states)
	}
	if _, ok := m.items[uitest.PTape]; ok {
		t.Errorf("the rejected tape is still listed after reload")
	}
	if m.keysNow().Undo.Enabled() {
		t.Errorf("undo enabled after a reload")
	}
	if !strings.Contains(screenText(m), "reloaded: 4 changes") {
		t.Errorf("status:\n%s", screenText(m))
	}
}

func TestReviewMouse(t *testing.T) {
	f := uitest.NewFixture(t)
	m := newPage(t, f, 120, 30)
	first := m.Selected()
	m = send(t, m, tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
	if m.Selected() == first {
		t.Errorf("wheel over the list did not move")
	}
	m = send(t, m, tea.MouseClickMsg{X: 5, Y: 2, Button: tea.MouseLeft})
	if m.Selected() != first {
		t.Errorf("click on the first item selected %s", m.Selected())
	}
	m = send(t, m, tea.MouseClickMsg{X: 80, Y: 2, Button: tea.MouseLeft})
	if m.Focus != page.FocusDetail {
		t.Errorf("click on the detail did not focus it")
	}
}

// TestStagedComesBackAccepted: a change accepted (staged) in one review is
// counted as accepted when the review is opened again, not as one left.
func TestStagedComesBackAccepted(t *testing.T) {
	f := uitest.NewFixture(t)
	m := reviewSelect(t, newPage(t, f, 120, 30), uitest.PModified)
	keys(t, m, "a", "q")
	again := newPage(t, f, 120, 30)
	if got := again.Tally(); got.Accepted != 1 || got.Left != got.Changed-1 {
		t.Errorf("the review opened again: %s", got)
	}
	if scr := screenText(again); !strings.Contains(scr, "1 accepted") || !strings.Contains(scr, "✓ accepted") {
		t.Errorf("the accepted change does not show as accepted:\n%s", scr)
	}
}

// TestAcceptAllWithTheIndexLocked: with another git process holding the
// index lock for longer than the review waits, accept all stops and says,
// on one line (git's message had a literal \n\n in it), that the lock is
// another git's, how far it got, and that nothing else was changed.
func TestAcceptAllWithTheIndexLocked(t *testing.T) {
	f := uitest.NewFixture(t)
	m := newPage(t, f, 200, 30)
	m.session.Git.LockWait = time.Nanosecond // the lock stays: what is tested is the message
	uitest.WriteFile(t, f.Dir, ".git/index.lock", nil)
	m = keys(t, m, "A", "y")
	status := m.statusView()
	for _, want := range []string{"accepted 0 of 5, then: ", "another git process holds the index lock", "index.lock", "nothing was changed"} {
		if !strings.Contains(status, want) {
			t.Errorf("the status line does not say %q: %q", want, status)
		}
	}
	if strings.Contains(status, `\n`) || !m.StatusErr {
		t.Errorf("the status line: %q (error %v)", status, m.StatusErr)
	}
	if got := m.Tally(); got.Accepted != 0 || got.Left != 5 {
		t.Errorf("tally %s", got)
	}
}
