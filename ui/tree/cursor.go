package tree

// The cursor: what it is on, and the keys, clicks and calls that move it.

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func (m Model) current() *node {
	if m.cursor < 0 || m.cursor >= len(m.rows) {
		return nil
	}
	return m.rows[m.cursor]
}

// Selected returns the recording under the cursor, if the cursor is on one.
func (m Model) Selected() (Item, bool) {
	n := m.current()
	if n == nil || n.kind != KindLeaf {
		return Item{}, false
	}
	return *n.item, true
}

// SelectedPath describes the node under the cursor: its kind and names.
func (m Model) SelectedPath() (Kind, []string) {
	n := m.current()
	if n == nil {
		return KindGroup, nil
	}
	var names []string
	for p := n; p != nil && p != m.root; p = p.parent {
		names = append([]string{p.name}, names...)
	}
	return n.kind, names
}

// Cursor returns the cursor row.
func (m Model) Cursor() int { return m.cursor }

// Rows is the number of visible rows.
func (m Model) Rows() int { return len(m.rows) }

// Update handles the tree keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	switch {
	case key.Matches(k, m.keys.Up):
		m.MoveBy(-1)
	case key.Matches(k, m.keys.Down):
		m.MoveBy(1)
	case key.Matches(k, m.keys.Top):
		m.MoveTo(0)
	case key.Matches(k, m.keys.Bottom):
		m.MoveTo(len(m.rows) - 1)
	case key.Matches(k, m.keys.PageUp):
		m.MoveBy(-m.height)
	case key.Matches(k, m.keys.PageDown):
		m.MoveBy(m.height)
	case key.Matches(k, m.keys.HalfUp):
		m.halfPage(-1)
	case key.Matches(k, m.keys.HalfDown):
		m.halfPage(1)
	case key.Matches(k, m.keys.Collapse):
		m = m.collapse()
	case key.Matches(k, m.keys.Expand):
		m = m.SetExpanded(true)
	case key.Matches(k, m.Keys().Mark):
		m = m.ToggleMark()
		m.MoveBy(1)
	}
	return m, nil
}

// halfPage is ctrl+d (dir 1) or ctrl+u (-1), as in less and vim: the
// window and the cursor move by half a page, the cursor staying on its
// screen row until an end is reached.
func (m *Model) halfPage(dir int) {
	d := max(m.height/2, 1) * dir
	m.offset = max(0, min(m.offset+d, len(m.rows)-m.height))
	m.MoveTo(m.cursor + d)
}

// MoveBy moves the cursor by d rows.
func (m *Model) MoveBy(d int) { m.MoveTo(m.cursor + d) }

// MoveTo puts the cursor on row i (clamped).
func (m *Model) MoveTo(i int) {
	m.cursor = max(0, min(i, len(m.rows)-1))
	m.clampOffset()
}

// ScrollBy scrolls the window by d rows, dragging the cursor along when it
// would leave the window (mouse wheel).
func (m *Model) ScrollBy(d int) {
	m.offset = max(0, min(m.offset+d, len(m.rows)-m.height))
	if m.cursor < m.offset {
		m.cursor = m.offset
	}
	if m.cursor >= m.offset+m.height {
		m.cursor = m.offset + m.height - 1
	}
}

// Click handles a click on row y of the pane (0 = first row): it selects
// the row, and a click on the selected group or case toggles it.
func (m Model) Click(y int) Model {
	i := m.offset + y
	if i < 0 || i >= len(m.rows) {
		return m
	}
	if i == m.cursor && m.rows[i].kind != KindLeaf {
		return m.Toggle()
	}
	m.MoveTo(i)
	return m
}

// Toggle expands or collapses the group or case under the cursor.
func (m Model) Toggle() Model {
	n := m.current()
	if n == nil || n.kind == KindLeaf {
		return m
	}
	return m.SetExpanded(!n.expanded)
}

// SetExpanded expands or collapses the node under the cursor.
func (m Model) SetExpanded(open bool) Model {
	n := m.current()
	if n == nil || n.kind == KindLeaf || n.expanded == open {
		return m
	}
	n.expanded = open
	m.rebuild()
	return m
}

// collapse closes the node under the cursor, or moves to its parent.
func (m Model) collapse() Model {
	n := m.current()
	if n == nil {
		return m
	}
	if n.kind != KindLeaf && n.expanded && !m.filter.active() {
		return m.SetExpanded(false)
	}
	if n.parent != nil && n.parent != m.root {
		m.follow(n.parent)
	}
	return m
}

func (m *Model) clampOffset() {
	if m.height <= 0 {
		return
	}
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+m.height {
		m.offset = m.cursor - m.height + 1
	}
	m.offset = max(0, min(m.offset, len(m.rows)-m.height))
}

// SelectID puts the cursor on the recording with this ID, expanding its
// parents; it reports whether the recording is visible.
func (m Model) SelectID(id string) (Model, bool) {
	l, ok := m.byID[id]
	if !ok || !l.shown {
		return m, false
	}
	for p := l.parent; p != nil && p != m.root; p = p.parent {
		p.expanded = true
	}
	m.rebuild()
	m.follow(l)
	return m, m.current() == l
}

// SelectedCase returns the case of the node under the cursor (a case
// row, or a recording's case): the Case value its recordings carry and
// the case's verdict.
func (m Model) SelectedCase() (info any, verdict string, ok bool) {
	n := m.current()
	if n != nil && n.kind == KindLeaf {
		n = n.parent
	}
	if n == nil || n.kind != KindSub || n.caseInfo == nil {
		return nil, "", false
	}
	return n.caseInfo, n.verdict, true
}

// SelectedPrunable is how many recordings that pass the filters space
// would mark under the cursor: on a recording 1 (a recording that is not
// prunable may be marked: the prune dialog says why it is kept), on a
// suite or case its prunable recordings.
func (m Model) SelectedPrunable() int {
	n := m.current()
	switch {
	case n == nil:
		return 0
	case n.kind == KindLeaf:
		return 1
	}
	return m.prunableUnder(n)
}

func (m Model) prunableUnder(n *node) int {
	c := 0
	eachLeaf(n, func(l *node) {
		if l.shown && l.item.Prunable {
			c++
		}
	})
	return c
}

// SelectedCounts returns the counts of the node under the cursor.
func (m Model) SelectedCounts() (total, secrets int, counts map[string]int) {
	n := m.current()
	if n == nil {
		return 0, 0, nil
	}
	return n.total, n.secrets, n.counts
}
