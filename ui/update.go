package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/review"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Update routes a message to the page that owns it: the terminal's size,
// background and ctrl+c here, input to the page on screen, each async
// result to the page that asked for it (which drops it when it is stale).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case tea.BackgroundColorMsg:
		m.setTheme(msg.IsDark())
		return m, nil
	case tea.KeyPressMsg:
		if key.Matches(msg, m.keys.Interrupt) {
			if m.browse.recording && !m.browse.quitAfterRecord {
				// Stop the recording first and quit once it has ended,
				// so that no write is cut short; a second ctrl+c quits.
				m.browse = m.browse.stopRecord()
				m.browse.quitAfterRecord = true
				return m, nil
			}
			m.browse.stop()
			return m, tea.Quit
		}
		return m.updatePage(msg)
	case tea.MouseWheelMsg, tea.MouseClickMsg, dialog.ConfirmedMsg, dialog.CancelledMsg, picker.PickedMsg, picker.ClosedMsg:
		return m.updatePage(msg)
	case scanBatchMsg:
		return m.withBrowse(m.browse.handleScanBatch(msg))
	case detailLoadedMsg:
		m.browse = m.browse.handleDetailLoaded(msg)
		return m, nil
	case commandDoneMsg:
		return m.withBrowse(m.browse.handleCommandDone(msg))
	case pruneDoneMsg:
		return m.withBrowse(m.browse.handlePruneDone(msg))
	case editorClosedMsg:
		return m.withBrowse(m.browse.handleEditorClosed(msg))
	case pagerClosedMsg:
		if msg.err != nil {
			m.browse.SetStatus("pager: "+msg.err.Error(), true)
		}
		return m, nil
	case clipboardSetMsg:
		m.browse.SetStatus("copied "+msg.what, false)
		return m, nil
	case recordPlannedMsg:
		m.browse = m.browse.handleRecordPlanned(msg)
		return m, nil
	case recordProgressMsg:
		return m.withBrowse(m.browse.handleRecordProgress(msg))
	case recordDoneMsg:
		return m.withBrowse(m.browse.handleRecordDone(msg))
	case reviewOpenedMsg:
		return m.openReview(msg)
	case page.BackToBrowseMsg:
		return m.backToBrowse()
	}
	// The rest are the results of the review's Cmds, which it drops when
	// they are stale.
	return m.withReview(m.review.Update(msg))
}

// updatePage gives input to the page on screen.
func (m Model) updatePage(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.page == PageReview {
		return m.withReview(m.review.Update(msg))
	}
	return m.withBrowse(m.browse.update(msg))
}

func (m Model) withBrowse(p browsePage, cmd tea.Cmd) (tea.Model, tea.Cmd) {
	m.browse = p
	return m, cmd
}

func (m Model) withReview(p review.Page, cmd tea.Cmd) (tea.Model, tea.Cmd) {
	m.review = p
	return m, cmd
}

// resize lays out the page on screen for the new size.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	if m.page == PageReview {
		m.review.SetSize(w, h)
		return
	}
	m.browse.setLayout(computeLayout(w, h))
}

// setTheme rebuilds the styles for the background and pushes them down.
func (m *Model) setTheme(isDark bool) {
	m.isDark = isDark
	if m.page == PageReview {
		m.review.SetStyles(theme.New(isDark))
		return
	}
	m.browse.setStyles(theme.New(isDark))
}
