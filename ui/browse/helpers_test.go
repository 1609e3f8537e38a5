package browse

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// newTestModel returns a page of size w × h whose scan has finished.
func newTestModel(t testing.TB, w, h int, items []tree.Item) (Page, *uitest.FakeBackend) {
	b := uitest.NewFakeBackend(t, items)
	m := New(Options{Path: "/project", Backend: b}, theme.New(true))
	m = resize(m, w, h)
	m = run(t, m, scanWorkspaceCmd(m.ctx, b, "/project", m.gen))
	return m, b
}

// resize lays the page out for a terminal of w × h, as the root model does
// on a tea.WindowSizeMsg.
func resize(m Page, w, h int) Page {
	m.SetSize(w, h)
	return m
}

// send feeds one message and runs what it returns.
func send(t testing.TB, m Page, msg tea.Msg) Page {
	t.Helper()
	nm, cmd := m.Update(msg)
	return run(t, nm, cmd)
}

// run executes cmd synchronously and feeds its messages back, except those
// that talk to the terminal (quit, clipboard, exec).
func run(t testing.TB, m Page, cmd tea.Cmd) Page {
	t.Helper()
	return uitest.Run(m, cmd, Page.Update, func(msg tea.Msg) bool {
		switch msg.(type) {
		case scanBatchMsg, detailLoadedMsg, pruneDoneMsg, clipboardSetMsg, editorClosedMsg, commandDoneMsg,
			dialog.ConfirmedMsg, dialog.CancelledMsg, picker.PickedMsg, picker.ClosedMsg:
			return true
		}
		return false
	})
}

func keys(t testing.TB, m Page, ks ...string) Page {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, uitest.PressKey(k))
	}
	return m
}

// screenText is the rendered page without escape codes.
func screenText(m Page) string { return ansi.Strip(m.Render()) }
