package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/browse"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/review"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Update routes a message: the terminal's size and background and ctrl+c
// here, input to the page on screen, the switch between pages here, and
// every other message to both pages, each of which reads only the results
// of its own Cmds (dropping the stale ones) and ignores the rest.
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
			return m.withBrowse(m.browse.Interrupt())
		}
		return m.updatePage(msg)
	case tea.MouseWheelMsg, tea.MouseClickMsg, dialog.ConfirmedMsg, dialog.CancelledMsg, dialog.ChoseMsg, picker.PickedMsg, picker.ClosedMsg:
		return m.updatePage(msg)
	case browse.OpenReviewMsg:
		return m.openReview(msg)
	case page.BackToBrowseMsg:
		return m.backToBrowse(msg)
	}
	return m.updatePages(msg)
}

// updatePage gives input to the page on screen.
func (m Model) updatePage(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.page == PageReview {
		return m.withReview(m.review.Update(msg))
	}
	return m.withBrowse(m.browse.Update(msg))
}

// updatePages gives a result to both pages: a Cmd's result belongs to the
// page that started it, even when the other is on screen (a command of
// the palette that ends while the review of a re-recording is shown).
func (m Model) updatePages(msg tea.Msg) (tea.Model, tea.Cmd) {
	var fromBrowse, fromReview tea.Cmd
	m.browse, fromBrowse = m.browse.Update(msg)
	m.review, fromReview = m.review.Update(msg)
	return m, tea.Batch(fromBrowse, fromReview)
}

func (m Model) withBrowse(p browse.Page, cmd tea.Cmd) (tea.Model, tea.Cmd) {
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
	m.browse.SetSize(w, h)
}

// setTheme rebuilds the styles for the background and pushes them down.
func (m *Model) setTheme(isDark bool) {
	m.isDark = isDark
	if m.page == PageReview {
		m.review.SetStyles(theme.New(isDark))
		return
	}
	m.browse.SetStyles(theme.New(isDark))
}
