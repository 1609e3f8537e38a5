package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// newTestModel returns a model of size w × h whose scan has finished.
func newTestModel(t testing.TB, w, h int, items []tree.Item) (Model, *uitest.FakeBackend) {
	b := uitest.NewFakeBackend(t, items)
	m := New(Options{Path: "/project", Backend: b, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m = run(t, m, scanWorkspaceCmd(m.browse.ctx, b, "/project", m.browse.gen))
	return m, b
}

// send feeds one message and runs what it returns.
func send(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	nm, cmd := m.Update(msg)
	return run(t, nm.(Model), cmd)
}

// run executes cmd synchronously and feeds its messages back, except those
// that talk to the terminal (quit, clipboard, exec).
func run(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	update := func(m Model, msg tea.Msg) (Model, tea.Cmd) {
		nm, cmd := m.Update(msg)
		return nm.(Model), cmd
	}
	return uitest.Run(m, cmd, update, func(msg tea.Msg) bool {
		switch msg.(type) {
		case scanBatchMsg, detailLoadedMsg, pruneDoneMsg, clipboardSetMsg, editorClosedMsg, commandDoneMsg,
			dialog.ConfirmedMsg, dialog.CancelledMsg, picker.PickedMsg, picker.ClosedMsg:
			return true
		}
		return false
	})
}

func keys(t testing.TB, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, uitest.PressKey(k))
	}
	return m
}

// screen is the rendered screen without escape codes.
func screenText(m Model) string { return ansi.Strip(m.render()) }
