// Package help draws the keys of a page: the key line at the bottom of the
// screen, which shows the keys that apply now, as many as fit, and the ?
// overlay, which lists them all in titled columns.
//
// Neither is written by hand: a page passes the bindings of its keymap
// (disabled bindings are left out), so what the screen says is what the
// keys do. The same groups generate docs/keys.md.
package help

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// KeyMap is the overlay's own keys: close it, and scroll it when it does
// not fit.
type KeyMap struct {
	Close, Up, Down key.Binding
}

// DefaultKeyMap closes the overlay with ?, esc or q, and scrolls it with
// the arrows, j/k and the page keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Close: key.NewBinding(key.WithKeys("?", "esc", "q"), key.WithHelp("?/esc", "close help")),
		Up:    key.NewBinding(key.WithKeys("up", "k", "pgup"), key.WithHelp("↑", "scroll up")),
		Down:  key.NewBinding(key.WithKeys("down", "j", "pgdown", "space"), key.WithHelp("↓", "scroll down")),
	}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Close} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Group is a titled column of the overlay, and a section of docs/keys.md.
type Group struct {
	Title    string
	Bindings []key.Binding
}

// Line is what the key line offers: Keys, as many as fit, the Essential
// ones chosen before the others; Tail always, at the end.
type Line struct {
	Keys, Tail []key.Binding
	Essential  func(key.Binding) bool
	// Fill tries every key after one that does not fit, so a shorter one
	// may take the room left. Without it the keys are ranked, most useful
	// first, and the first that does not fit ends the line: a less useful
	// key never shows where a more useful one does not.
	Fill bool
}

// Model is the help of one page: its key line and its overlay.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	width   int
	height  int
	visible bool
	title   string
	groups  []Group
	legend  [][]string
	offset  int
}

// New returns the help, with the overlay closed.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys}
}

// SetSize sets the room of the key line (w) and of the overlay (w × h).
func (m *Model) SetSize(w, h int) { m.width, m.height = w, h }

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = &s }

// Show opens the overlay on the groups (empty ones and disabled bindings
// are left out) and the legend under them: each of its lines starts on a
// line of its own, and its entries ("● live") are packed into as many
// lines as the box needs, never one cut in two.
func (m Model) Show(title string, groups []Group, legend [][]string) Model {
	m.visible, m.title, m.groups, m.legend, m.offset = true, title, groups, legend, 0
	return m
}

// Visible reports whether the overlay is open.
func (m Model) Visible() bool { return m.visible }

// Update closes the overlay on its close key and scrolls it.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.visible {
		return m, nil
	}
	step := 1
	if k.Code == tea.KeyPgDown || k.Code == tea.KeyPgUp || k.Code == tea.KeySpace {
		step = max(m.height-6, 1)
	}
	switch {
	case key.Matches(k, m.keys.Close):
		m.visible = false
	case key.Matches(k, m.keys.Up):
		m.offset = max(m.offset-step, 0)
	case key.Matches(k, m.keys.Down):
		_, rows := frame.BoxInner(m.styles, m.width, m.height)
		m.offset = max(min(m.offset+step, len(m.body())-rows), 0)
	}
	return m, nil
}

// ShortHelp is the overlay's close key, for the key line while it is open.
func (m Model) ShortHelp() []key.Binding { return m.keys.ShortHelp() }

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.keys.FullHelp() }

// View renders the overlay: the groups as columns, as many side by side as
// fit, then the legend, in a box of the whole w × h, scrolled.
func (m Model) View() string {
	footer := "? or esc closes"
	if _, rows := frame.BoxInner(m.styles, m.width, m.height); len(m.body()) > rows {
		footer = "↑↓ scroll · " + footer
	}
	return frame.Box(m.styles, m.title, m.body(), m.styles.Muted.Render(footer), m.offset, m.width, m.height)
}

// body is the overlay's lines: the columns, then the legend.
func (m Model) body() []string {
	s := m.styles
	var cols []string
	for _, g := range m.groups {
		if c := m.column(g); c != "" {
			cols = append(cols, c)
		}
	}
	var rows, row []string
	width := 0
	for _, c := range cols {
		cw := lipgloss.Width(c)
		if width+cw > min(m.width-6, 98) && len(row) > 0 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...), "")
			row, width = nil, 0
		}
		row = append(row, c)
		width += cw
	}
	rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	body := strings.Split(strings.Join(rows, "\n"), "\n")
	if len(m.legend) > 0 {
		innerW, _ := frame.BoxInner(m.styles, m.width, m.height)
		body = append(body, "")
		for _, entries := range m.legend {
			for _, l := range packEntries(entries, innerW) {
				body = append(body, s.Muted.Render(l))
			}
		}
	}
	return body
}

// packEntries puts entries on lines of at most w cells, two spaces
// apart; the lines after the first are indented under the second entry
// when the first is a heading ("Cases:").
func packEntries(entries []string, w int) []string {
	var out []string
	line, indent := "", ""
	if len(entries) > 0 && strings.HasSuffix(entries[0], ":") {
		indent = strings.Repeat(" ", ansi.StringWidth(entries[0])+1)
	}
	for i, e := range entries {
		switch {
		case i == 0:
			line = e
		case ansi.StringWidth(line)+2+ansi.StringWidth(e) <= w:
			sep := "  "
			if i == 1 && indent != "" {
				sep = " "
			}
			line += sep + e
		default:
			out = append(out, line)
			line = indent + e
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// column is one group as a column of padded lines; "" when no binding of
// it is enabled.
func (m Model) column(g Group) string {
	s := m.styles
	var lines []string
	for _, b := range g.Bindings {
		if b.Enabled() {
			lines = append(lines, s.Help.FullKey.Render(fmt.Sprintf("%-8s", b.Help().Key))+" "+s.Help.FullDesc.Render(b.Help().Desc))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	lines = append([]string{s.Detail.Heading.Render(g.Title)}, lines...)
	cw := 0
	for _, l := range lines {
		cw = max(cw, ansi.StringWidth(l))
	}
	for i := range lines {
		lines[i] = frame.PadRight(lines[i], cw+3)
	}
	return strings.Join(lines, "\n")
}

// ShortView renders the key line: the tail, and before it as many of the
// keys as fit in the width, each in its place. The essential keys are
// chosen first, then the others in their order (see [Line.Fill]).
func (m Model) ShortView(l Line) string {
	st := m.styles.Help
	item := func(b key.Binding) string {
		return st.ShortKey.Render(b.Help().Key) + " " + st.ShortDesc.Render(b.Help().Desc)
	}
	sep := st.ShortSeparator.Render(" · ")
	sepW := ansi.StringWidth(sep)
	tails := make([]string, 0, len(l.Tail))
	for _, b := range l.Tail {
		tails = append(tails, item(b))
	}
	room := m.width - ansi.StringWidth(strings.Join(tails, sep))
	items := make([]string, len(l.Keys))
	widths := make([]int, len(l.Keys))
	for i, b := range l.Keys {
		items[i] = item(b)
		widths[i] = ansi.StringWidth(items[i]) + sepW
	}
	essential := func(b key.Binding) bool { return l.Essential != nil && l.Essential(b) }
	chosen := make([]bool, len(l.Keys))
	used := 0
	for i, b := range l.Keys {
		if essential(b) && used+widths[i] <= room {
			chosen[i], used = true, used+widths[i]
		}
	}
	for i, b := range l.Keys {
		switch {
		case chosen[i] || essential(b):
		case used+widths[i] <= room:
			chosen[i], used = true, used+widths[i]
		case !l.Fill:
			return m.joinChosen(items, chosen, tails, sep)
		}
	}
	return m.joinChosen(items, chosen, tails, sep)
}

// joinChosen is the key line: the chosen items in their order, then the
// tails.
func (m Model) joinChosen(items []string, chosen []bool, tails []string, sep string) string {
	parts := make([]string, 0, len(items)+len(tails))
	for i, it := range items {
		if chosen[i] {
			parts = append(parts, it)
		}
	}
	return ansi.Truncate(strings.Join(append(parts, tails...), sep), m.width, "…")
}
