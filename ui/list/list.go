// Package list is a list of items under group headings: the left pane of
// the review page (one heading per case, then the tapes and other files).
// The cursor is always on an item, never on a heading; moving past a
// group's last item steps over the next heading.
//
// Each item row is a sign for its kind, a label, and a tag for what was
// done with it, all three named by status (theme.Glyph, Styles.StatusStyle),
// so a page fills a list with plain values and the theme decides how they
// look.
//
// Cost model: the rows are a flat slice built once by [Model.SetGroups];
// moving is O(1) (a step over a heading is one more), View renders only the
// rows in the window, [Model.SetTag] copies the slice (a page tags one
// action's items at a time).
package list

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Item is one selectable row.
type Item struct {
	ID string
	// Kind names the sign before the label: its glyph and style.
	Kind  string
	Label string
	// Tag names what was done with the item, shown after the label with
	// its glyph; "" shows nothing.
	Tag string
	// Mark names a warning shown as its glyph right after the label (the
	// review's "secret" for a change that adds one); "" shows nothing.
	Mark string
}

// Group is a heading and the items under it.
type Group struct {
	Title string
	Items []Item
}

// row is a heading (item < 0) or an item of a group.
type row struct {
	group, item int
}

// Model is the list pane.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	groups  []Group
	rows    []row
	byID    map[string]int // item ID → row
	cursor  int            // a row; an item row whenever there is one
	top     int            // the first row shown
	width   int
	height  int
	focused bool
}

// New returns an empty list with the keyboard.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys, focused: true}
}

// SetGroups replaces the content, with the cursor on the first item and
// the window at the top.
func (m Model) SetGroups(groups []Group) Model {
	m.groups, m.rows, m.byID = groups, nil, map[string]int{}
	for gi, g := range groups {
		m.rows = append(m.rows, row{group: gi, item: -1})
		for ii, it := range g.Items {
			m.byID[it.ID] = len(m.rows)
			m.rows = append(m.rows, row{group: gi, item: ii})
		}
	}
	m.cursor, m.top = m.itemRow(0, 1), 0
	return m
}

// SetTag tags the item with id (see [Item.Tag]).
func (m Model) SetTag(id, tag string) Model {
	r, ok := m.byID[id]
	if !ok {
		return m
	}
	rw := m.rows[r]
	m.groups = slices.Clone(m.groups)
	m.groups[rw.group].Items = slices.Clone(m.groups[rw.group].Items)
	m.groups[rw.group].Items[rw.item].Tag = tag
	return m
}

// SetMark marks the item with id (see [Item.Mark]), copying as SetTag does.
func (m Model) SetMark(id, mark string) Model {
	r, ok := m.byID[id]
	if !ok {
		return m
	}
	rw := m.rows[r]
	m.groups = slices.Clone(m.groups)
	m.groups[rw.group].Items = slices.Clone(m.groups[rw.group].Items)
	m.groups[rw.group].Items[rw.item].Mark = mark
	return m
}

// SetSize sets the pane size in cells.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.scrollIntoView()
}

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = &s }

// Focus gives the list the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away; the cursor row shows it.
func (m *Model) Blur() { m.focused = false }

// Len is the number of items.
func (m Model) Len() int { return len(m.byID) }

// Selected returns the item under the cursor.
func (m Model) Selected() (Item, bool) {
	if m.cursor >= len(m.rows) || m.rows[m.cursor].item < 0 {
		return Item{}, false
	}
	rw := m.rows[m.cursor]
	return m.groups[rw.group].Items[rw.item], true
}

// SelectedGroup returns the group of the item under the cursor.
func (m Model) SelectedGroup() (Group, bool) {
	if m.cursor >= len(m.rows) {
		return Group{}, false
	}
	return m.groups[m.rows[m.cursor].group], true
}

// Select puts the cursor on the item with id; it reports whether it is
// listed.
func (m Model) Select(id string) (Model, bool) {
	r, ok := m.byID[id]
	if ok {
		m.cursor = r
		m.scrollIntoView()
	}
	return m, ok
}

// Items returns the IDs of the items in list order.
func (m Model) Items() []string {
	out := make([]string, 0, len(m.byID))
	for _, rw := range m.rows {
		if rw.item >= 0 {
			out = append(out, m.groups[rw.group].Items[rw.item].ID)
		}
	}
	return out
}

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	has := m.Len() > 0
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Top, &k.Bottom, &k.PageUp, &k.PageDown, &k.HalfUp, &k.HalfDown} {
		b.SetEnabled(has)
	}
	return k
}

// ShortHelp implements help.KeyMap of bubbles.
func (m Model) ShortHelp() []key.Binding { return m.Keys().ShortHelp() }

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Update moves the cursor on the list keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	page := max(m.height-1, 1)
	switch {
	case key.Matches(k, m.keys.Up):
		m.MoveBy(-1)
	case key.Matches(k, m.keys.Down):
		m.MoveBy(1)
	case key.Matches(k, m.keys.PageUp):
		m.MoveBy(-page)
	case key.Matches(k, m.keys.PageDown):
		m.MoveBy(page)
	case key.Matches(k, m.keys.HalfUp):
		m.MoveBy(-max(m.height/2, 1))
	case key.Matches(k, m.keys.HalfDown):
		m.MoveBy(max(m.height/2, 1))
	case key.Matches(k, m.keys.Top):
		m.MoveBy(-len(m.rows))
	case key.Matches(k, m.keys.Bottom):
		m.MoveBy(len(m.rows))
	}
	return m, nil
}

// MoveBy moves the cursor d items (|d| > 1: d rows, then the nearest item
// in that direction).
func (m *Model) MoveBy(d int) {
	if len(m.rows) == 0 || d == 0 {
		return
	}
	if d == 1 || d == -1 {
		for j := m.cursor + d; j >= 0 && j < len(m.rows); j += d {
			if m.rows[j].item >= 0 {
				m.cursor = j
				break
			}
		}
	} else {
		dir := 1
		if d < 0 {
			dir = -1
		}
		m.cursor = m.itemRow(m.cursor+d, dir)
	}
	m.scrollIntoView()
}

// Click selects the item at row y of the pane (0 = first row), or the
// first item below a heading.
func (m Model) Click(y int) Model {
	if i := m.top + y; y >= 0 && i < len(m.rows) {
		m.cursor = m.itemRow(i, 1)
		m.scrollIntoView()
	}
	return m
}

// itemRow returns the first item row at or after i (dir 1) or at or before
// i (dir -1), falling back to the other direction; 0 when there is none.
func (m Model) itemRow(i, dir int) int {
	i = max(0, min(i, len(m.rows)-1))
	for _, d := range []int{dir, -dir} {
		for j := i; j >= 0 && j < len(m.rows); j += d {
			if m.rows[j].item >= 0 {
				return j
			}
		}
	}
	return 0
}

// scrollIntoView keeps the cursor, and its group heading when it fits, in
// the window.
func (m *Model) scrollIntoView() {
	h := m.height
	if h <= 0 || len(m.rows) == 0 {
		return
	}
	top := m.cursor
	if top > 0 && m.rows[top-1].item < 0 {
		top-- // show the heading above the first item of a group
	}
	if top < m.top {
		m.top = top
	}
	if m.cursor >= m.top+h {
		m.top = m.cursor - h + 1
	}
	m.top = max(0, min(m.top, len(m.rows)-h))
}

// View renders the rows in the window, exactly height lines.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	out := make([]string, 0, m.height)
	for i := m.top; i < min(m.top+m.height, len(m.rows)); i++ {
		out = append(out, m.renderRow(i))
	}
	for len(out) < m.height {
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}

func (m Model) renderRow(i int) string {
	s, rw, w := m.styles, m.rows[i], m.width
	g := m.groups[rw.group]
	if rw.item < 0 {
		return ansi.Truncate(" "+s.Tree.Group.Render(visible.Line(g.Title))+s.Tree.Count.Render(fmt.Sprintf(" %d", len(g.Items))), w, "…")
	}
	it := g.Items[rw.item]
	if i == m.cursor {
		tag := " "
		if it.Tag != "" {
			tag = theme.Glyph(it.Tag)
		}
		style := s.Tree.Cursor
		if !m.focused {
			style = s.Tree.CursorBl
		}
		mark := ""
		if it.Mark != "" {
			mark = " " + theme.Glyph(it.Mark)
		}
		return style.Render(frame.PadRight(fmt.Sprintf("   %s %s%s  %s %s", theme.Glyph(it.Kind), visible.Line(it.Label), mark, tag, it.Tag), w))
	}
	line := "   " + s.StatusStyle(it.Kind).Render(theme.Glyph(it.Kind)) + " " + s.Tree.Leaf.Render(visible.Line(it.Label))
	if it.Mark != "" {
		line += " " + s.StatusStyle(it.Mark).Render(theme.Glyph(it.Mark))
	}
	if it.Tag != "" {
		line += "  " + s.StatusStyle(it.Tag).Render(theme.Glyph(it.Tag)+" "+it.Tag)
	}
	return ansi.Truncate(line, w, "…")
}
