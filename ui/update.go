package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Update routes a message to its handler; handlers live in handlers.go and
// keys.go's dispatch in handle_keys.go.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case tea.BackgroundColorMsg:
		m.setTheme(msg.IsDark())
		return m, nil
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case scanBatchMsg:
		return m.handleScanBatch(msg)
	case detailLoadedMsg:
		return m.handleDetailLoaded(msg)
	case pruneDoneMsg:
		return m.handlePruneDone(msg)
	case editorClosedMsg:
		return m.handleEditorClosed(msg)
	case clipboardSetMsg:
		m.setStatus("copied "+msg.what, false)
		return m, nil
	}
	return m, nil
}

// resize recomputes the layout and gives each child its size.
func (m *Model) resize(w, h int) {
	m.layout = computeLayout(w, h)
	m.tree.SetSize(m.layout.ListW, m.layout.BodyH)
	m.detail.SetSize(m.layout.DetailW, m.layout.BodyH)
}

// setTheme rebuilds the styles for the background and pushes them down.
func (m *Model) setTheme(isDark bool) {
	m.isDark = isDark
	m.styles = theme.New(isDark)
	m.tree.SetStyles(m.styles)
	m.detail.SetStyles(m.styles)
}

// setFocus moves the keyboard to a pane.
func (m *Model) setFocus(f focus) {
	m.focus = f
	if f == focusTree {
		m.tree.Focus()
		m.detail.Blur()
	} else {
		m.tree.Blur()
		m.detail.Focus()
	}
}

func (m *Model) setStatus(s string, isErr bool) { m.status, m.statusErr = s, isErr }

// rescan cancels the running scan and starts a new generation; results of
// the old one are dropped when they arrive.
func (m Model) rescan() (Model, tea.Cmd) {
	m.cancel()
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.gen++
	m.loading, m.scanErr = true, nil
	m.reselect, _ = m.tree.Selected()
	m.tree = m.tree.Reset()
	m.detailID = ""
	return m, scanCmd(m.ctx, m.opts.Backend, m.opts.Path, m.gen)
}
