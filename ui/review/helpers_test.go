package review

import (
	"context"
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// newPage opens the review of f's changes, reloading from f, and sizes
// the screen.
func newPage(t *testing.T, f uitest.Fixture, w, h int) Page {
	t.Helper()
	load := func(ctx context.Context) (*gitreview.Review, []string, error) {
		r, err := gitreview.OpenReview(ctx, f.Dir, f.Dirs)
		return r, f.Dirs, err
	}
	m := New(Options{Context: context.Background(), Review: f.Open(t), LookedAt: f.Dirs, Reload: load}, theme.New(false))
	m.SetSize(w, h)
	return m
}

// send feeds one message and runs what it returns.
func send(t *testing.T, m Page, msg tea.Msg) Page {
	t.Helper()
	m, cmd := m.Update(msg)
	return run(t, m, cmd)
}

// run executes cmd synchronously and feeds the page's own results and the
// dialog's answers back.
func run(t *testing.T, m Page, cmd tea.Cmd) Page {
	t.Helper()
	return uitest.Run(m, cmd, Page.Update, func(msg tea.Msg) bool {
		switch msg.(type) {
		case actedMsg, loadedMsg, secretsMsg, dialog.ConfirmedMsg, dialog.CancelledMsg, dialog.ChoseMsg:
			return true
		}
		return false
	})
}

func keys(t *testing.T, m Page, ks ...string) Page {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, uitest.PressKey(k))
	}
	return m
}

// screenText is the rendered page without escape codes.
func screenText(m Page) string { return ansi.Strip(m.Render()) }

func checkScreen(t *testing.T, m Page, w, h int) {
	t.Helper()
	uitest.CheckScreen(t, m.Render(), w, h)
}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

// reviewSelect moves the cursor to the item with path p, with the keys.
func reviewSelect(t *testing.T, m Page, p string) Page {
	t.Helper()
	m = keys(t, m, "g")
	for range m.list.Len() {
		if m.Selected() == p {
			return m
		}
		m = keys(t, m, "j")
	}
	if m.Selected() != p {
		t.Fatalf("no item %s; selected %s", p, m.Selected())
	}
	return m
}
