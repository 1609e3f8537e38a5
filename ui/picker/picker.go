// Package picker is a box that lists choices and answers with the one
// picked: the browser's problem summary (each kind of problem, enter goes
// to the first) and its command palette (type to narrow, enter runs).
//
// The page that opens a picker gives it an ID; the picker answers with a
// [PickedMsg] carrying that ID and the row's ID, or a [ClosedMsg], and
// closes itself when it answers. Rows without an ID are headings and notes:
// the cursor skips them.
package picker

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// PickedMsg says the user picked row Row of the picker opened with ID;
// Alt is set when it was picked with the alternative key.
type PickedMsg struct {
	ID  int
	Row string
	Alt bool
}

// ClosedMsg says the user closed the picker opened with ID without
// picking.
type ClosedMsg struct{ ID int }

// Row is one line of the picker.
type Row struct {
	// ID is what PickedMsg carries; "" makes the row a heading or a note
	// that cannot be picked.
	ID string
	// Text is the row as shown, styled.
	Text string
	// Match is the text typing matches against; "" uses Text.
	Match string
	// Indent is where the lines after the first start when the row under
	// the cursor is too long for the box: that row is shown whole,
	// wrapped under its own description; the others are cut with "…".
	Indent int
}

// Content is what a picker shows.
type Content struct {
	Title string
	Rows  []Row
	// Typing narrows the rows to those containing the typed text (any
	// case); without it letters are keys.
	Typing bool
	// Prompt is shown before the typed text.
	Prompt string
	// Empty is shown when no row can be picked.
	Empty string
	// AltHelp names what the alternative key does ("" disables it);
	// PickHelp what enter does ("" keeps the keymap's word).
	AltHelp, PickHelp string
}

// KeyMap is the picker's keys.
type KeyMap struct {
	Up, Down, Pick, Alt, Close key.Binding
}

// DefaultKeyMap returns the arrows (and j/k when not typing) to move,
// enter to pick, s for the alternative, esc to close.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:    key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑", "previous")),
		Down:  key.NewBinding(key.WithKeys("down", "j", "ctrl+n"), key.WithHelp("↓", "next")),
		Pick:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go")),
		Alt:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "alternative")),
		Close: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close")),
	}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Pick, k.Alt, k.Close} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Pick, k.Alt, k.Close}}
}

// Model is the picker. The zero value is closed.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	width   int
	height  int
	id      int
	content Content
	typed   string
	shown   []int // indexes of the rows that match the typed text
	cursor  int   // index into shown
	offset  int
	visible bool
}

// New returns a closed picker.
func New(styles theme.Styles, keys KeyMap) Model { return Model{styles: &styles, keys: keys} }

// SetSize sets the room the box is centred in.
func (m *Model) SetSize(w, h int) { m.width, m.height = w, h; m.scroll() }

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = &s }

// Open shows c with the cursor on the first row that can be picked; its
// answer will carry id.
func (m Model) Open(id int, c Content) Model {
	m.id, m.content, m.typed, m.visible, m.offset = id, c, "", true, 0
	m.narrow()
	return m
}

// Visible reports whether the picker is open.
func (m Model) Visible() bool { return m.visible }

// ID is the ID of the picker opened last.
func (m Model) ID() int { return m.id }

// Typed is the text typed so far.
func (m Model) Typed() string { return m.typed }

// Selected is the ID of the row under the cursor ("" for none).
func (m Model) Selected() string {
	if m.cursor < len(m.shown) {
		return m.content.Rows[m.shown[m.cursor]].ID
	}
	return ""
}

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	can := m.visible && m.Selected() != ""
	k.Pick.SetEnabled(can)
	k.Alt.SetEnabled(can && m.content.AltHelp != "" && !m.content.Typing)
	if m.content.AltHelp != "" {
		k.Alt.SetHelp(k.Alt.Help().Key, m.content.AltHelp)
	}
	if m.content.PickHelp != "" {
		k.Pick.SetHelp(k.Pick.Help().Key, m.content.PickHelp)
	}
	k.Up.SetEnabled(can)
	k.Down.SetEnabled(can)
	if m.content.Typing {
		k.Up.SetKeys("up", "ctrl+p")
		k.Down.SetKeys("down", "ctrl+n")
		k.Close.SetKeys("esc")
	}
	k.Close.SetEnabled(m.visible)
	return k
}

// ShortHelp is the keys that apply now, for the key line.
func (m Model) ShortHelp() []key.Binding {
	k := m.Keys()
	var out []key.Binding
	for _, b := range []key.Binding{k.Pick, k.Alt, k.Close} {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Update moves the cursor, types, picks or closes.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.visible {
		return m, nil
	}
	keys := m.Keys()
	switch {
	case key.Matches(k, keys.Pick):
		m.visible = false
		return m, answer(PickedMsg{ID: m.id, Row: m.Selected()})
	case key.Matches(k, keys.Alt):
		m.visible = false
		return m, answer(PickedMsg{ID: m.id, Row: m.Selected(), Alt: true})
	case key.Matches(k, keys.Close):
		m.visible = false
		return m, answer(ClosedMsg{m.id})
	case key.Matches(k, keys.Up):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(k, keys.Down):
		m.cursor = min(m.cursor+1, max(len(m.shown)-1, 0))
	case m.content.Typing && k.Code == tea.KeyBackspace:
		if m.typed != "" {
			_, n := utf8.DecodeLastRuneInString(m.typed)
			m.typed = m.typed[:len(m.typed)-n]
			m.narrow()
		}
	case m.content.Typing && k.Text != "" && k.Mod&^tea.ModShift == 0:
		m.typed += k.Text
		m.narrow()
	}
	m.scroll()
	return m, nil
}

func answer(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// narrow keeps the rows that can be picked and contain the typed text,
// and puts the cursor on the first.
func (m *Model) narrow() {
	m.shown, m.cursor, m.offset = m.shown[:0], 0, 0
	needle := strings.ToLower(m.typed)
	for i, r := range m.content.Rows {
		if r.ID == "" {
			continue
		}
		match := r.Match
		if match == "" {
			match = ansi.Strip(r.Text)
		}
		if strings.Contains(strings.ToLower(match), needle) {
			m.shown = append(m.shown, i)
		}
	}
	m.scroll()
}

// lines are the rows as the box shows them: with nothing typed every row
// (headings and notes too), else only the rows that match. The row under
// the cursor takes the lines first to last.
func (m Model) lines() (out []string, first, last int) {
	innerW, _ := frame.BoxInner(m.styles, m.width, m.height)
	first, last = -1, -1
	add := func(i int, selected bool) {
		r := m.content.Rows[i]
		if selected {
			first = len(out)
			for j, l := range hanging(ansi.Strip(r.Text), innerW-2, r.Indent) {
				mark := "▸ "
				if j > 0 {
					mark = "  "
				}
				out = append(out, m.styles.Tree.Cursor.Render(frame.PadRight(mark+l, innerW)))
			}
			last = len(out) - 1
			return
		}
		out = append(out, "  "+ansi.Truncate(r.Text, innerW-2, "…"))
	}
	if m.content.Typing {
		out = append(out, m.styles.Progress.Render(m.content.Prompt)+visible.Line(m.typed)+"█", "")
	}
	if m.typed == "" {
		for i, r := range m.content.Rows {
			add(i, r.ID != "" && m.cursor < len(m.shown) && m.shown[m.cursor] == i)
		}
	} else {
		for j, i := range m.shown {
			add(i, j == m.cursor)
		}
	}
	if len(m.shown) == 0 && m.content.Empty != "" {
		out = append(out, m.styles.Muted.Render("  "+m.content.Empty))
	}
	return out, first, last
}

// hanging wraps s at spaces to width w, the lines after the first
// indented by indent; the spaces of the first line (its columns) are
// kept. A word too long for a line is cut with "…".
func hanging(s string, w, indent int) []string {
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	indent = min(max(indent, 0), w/2)
	pad := strings.Repeat(" ", indent)
	var out []string
	line, room := "", w
	for i, word := range strings.Split(s, " ") {
		switch {
		case i == 0:
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= room:
			line += " " + word
		case word == "":
			continue // the spaces at a break
		default:
			out = append(out, ansi.Truncate(line, room, "…"))
			line, room = word, w-indent
		}
	}
	out = append(out, ansi.Truncate(line, room, "…"))
	for i := 1; i < len(out); i++ {
		out[i] = pad + out[i]
	}
	return out
}

// scroll keeps the cursor's line in the box.
func (m *Model) scroll() {
	_, rows := frame.BoxInner(m.styles, m.width, m.height)
	lines, first, last := m.lines()
	if first < 0 {
		m.offset = 0
		return
	}
	if last >= m.offset+rows {
		m.offset = last - rows + 1
	}
	if first < m.offset {
		m.offset = first
	}
	m.offset = max(0, min(m.offset, len(lines)-rows))
}

// View renders the box centred in the picker's room, or "" when closed.
func (m Model) View() string {
	if !m.visible {
		return ""
	}
	lines, _, _ := m.lines()
	var help []string
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	return frame.Box(m.styles, m.content.Title, lines, m.styles.Muted.Render(strings.Join(help, " · ")), m.offset, m.width, m.height)
}
