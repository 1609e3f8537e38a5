// Package dialog is the confirmation box of both pages: a title, the lines
// that say exactly what will happen (the files that go, the ones kept and
// why), and y to confirm or n to cancel, or another answer it offers
// ([Choice]: "d redact instead").
//
// The page that opens a dialog gives it an ID; the dialog answers with a
// [ConfirmedMsg], a [CancelledMsg] or a [ChoseMsg] carrying that ID, and closes itself
// when it answers, so a second key press can never confirm twice. A page
// drops an answer whose ID is not the dialog it last opened.
package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// ConfirmedMsg says the user confirmed the dialog opened with ID.
type ConfirmedMsg struct{ ID int }

// CancelledMsg says the user closed the dialog opened with ID without
// confirming.
type CancelledMsg struct{ ID int }

// ChoseMsg says the user answered the dialog opened with ID with one of
// its other choices (see [Content.Choices]), named Choice.
type ChoseMsg struct {
	ID     int
	Choice string
}

// Choice is an answer a dialog offers besides confirming and cancelling:
// the key that gives it (its help names it on the key line and in the
// box) and the name ChoseMsg carries.
type Choice struct {
	Key  key.Binding
	Name string
}

// Content is what a dialog shows.
type Content struct {
	Title string
	// Lines is the body, styled; lines wider than the box wrap.
	Lines []string
	// CanConfirm is false when there is nothing to do: the dialog then
	// only informs, and its key line says esc closes it.
	CanConfirm bool
	// Choices are the other answers it offers ("d redact instead").
	Choices []Choice
}

// KeyMap is the dialog's keys.
type KeyMap struct {
	Confirm, Cancel, Up, Down key.Binding
}

// DefaultKeyMap returns y/enter to confirm, n/esc/q to cancel, and the
// arrows (or j/k) to scroll a long list.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Confirm: key.NewBinding(key.WithKeys("y", "enter"), key.WithHelp("y/enter", "confirm")),
		Cancel:  key.NewBinding(key.WithKeys("n", "esc", "q"), key.WithHelp("n/esc", "cancel")),
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑", "scroll up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓", "scroll down")),
	}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Confirm, k.Cancel} }

// FullHelp lists the keys for the help overlay and the docs (scrolling
// is shown on the key line when the list scrolls).
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Model is the dialog. The zero value is closed.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	width   int
	height  int
	id      int
	content Content
	// body is content.Lines as the box wraps them at width bodyW: wrapped
	// when the dialog opens or its box changes width, not for every
	// frame and key (a report may have thousands of lines).
	body    []string
	bodyW   int
	offset  int
	visible bool
}

// New returns a closed dialog.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys}
}

// SetSize sets the room the box is centred in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.wrap(false)
	m.offset = min(m.offset, m.MaxOffset())
}

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) {
	m.styles = &s
	m.wrap(true)
}

// Open shows c, scrolled to the top; its answer will carry id.
func (m Model) Open(id int, c Content) Model {
	m.id, m.content, m.offset, m.visible = id, c, 0, true
	m.wrap(true)
	return m
}

// wrap wraps the body for the box's width again when it changed, or
// always when the content or the styles did.
func (m *Model) wrap(always bool) {
	if m.styles == nil {
		return
	}
	w, _ := frame.BoxInner(m.styles, m.width, m.height)
	if always || w != m.bodyW || m.body == nil {
		m.body, m.bodyW = frame.BoxLines(m.styles, m.content.Lines, m.width, m.height), w
	}
}

// Visible reports whether the dialog is open.
func (m Model) Visible() bool { return m.visible }

// ID is the ID of the dialog opened last.
func (m Model) ID() int { return m.id }

// Offset is the first body line shown.
func (m Model) Offset() int { return m.offset }

// MaxOffset is how far the body scrolls: its lines, wrapped as the box
// wraps them, less the rows that fit.
func (m Model) MaxOffset() int {
	_, rows := frame.BoxInner(m.styles, m.width, m.height)
	return max(len(m.body)-rows, 0)
}

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	k.Confirm.SetEnabled(m.visible && m.content.CanConfirm)
	k.Cancel.SetEnabled(m.visible)
	if !m.content.CanConfirm {
		// Nothing to confirm: the dialog only informs, and esc (or n, or
		// q) closes it.
		k.Cancel.SetHelp(k.Cancel.Help().Key, "close")
	}
	scrolls := m.visible && m.MaxOffset() > 0
	k.Up.SetEnabled(scrolls)
	k.Down.SetEnabled(scrolls)
	return k
}

// ShortHelp is the keys that apply now, for the key line: scrolling when
// the list does not fit, then confirm and cancel.
func (m Model) ShortHelp() []key.Binding {
	k := m.Keys()
	var out []key.Binding
	if k.Up.Enabled() {
		out = append(out, key.NewBinding(key.WithKeys(k.Up.Keys()...), key.WithHelp("↑↓", "scroll")))
	}
	out = append(out, enabled(k.Confirm)...)
	for _, c := range m.choices() {
		out = append(out, c.Key)
	}
	return append(out, enabled(k.Cancel)...)
}

// enabled is b when it is enabled.
func enabled(b key.Binding) []key.Binding {
	if b.Enabled() {
		return []key.Binding{b}
	}
	return nil
}

// choices are the other answers of the dialog on screen.
func (m Model) choices() []Choice {
	if !m.visible {
		return nil
	}
	return m.content.Choices
}

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Update answers the dialog's keys; any other message is ignored.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.visible {
		return m, nil
	}
	keys := m.Keys()
	switch {
	case key.Matches(k, keys.Confirm):
		m.visible = false
		return m, answer(ConfirmedMsg{m.id})
	case key.Matches(k, keys.Cancel):
		m.visible = false
		return m, answer(CancelledMsg{m.id})
	}
	for _, c := range m.choices() {
		if key.Matches(k, c.Key) {
			m.visible = false
			return m, answer(ChoseMsg{ID: m.id, Choice: c.Name})
		}
	}
	switch {
	case key.Matches(k, keys.Up):
		m.offset = max(m.offset-1, 0)
	case key.Matches(k, keys.Down):
		m.offset = min(m.offset+1, m.MaxOffset())
	}
	return m, nil
}

func answer(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// View renders the box centred in the dialog's room, or "" when closed.
func (m Model) View() string {
	if !m.visible {
		return ""
	}
	// The box says what the key line says.
	var keys []string
	for _, b := range m.ShortHelp() {
		keys = append(keys, b.Help().Key+" "+b.Help().Desc)
	}
	footer := strings.Join(keys, " · ")
	return frame.BoxWrapped(m.styles, m.content.Title, m.body, m.styles.Muted.Render(footer), m.offset, m.width, m.height)
}
