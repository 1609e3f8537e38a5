package review

import (
	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

// itemRow returns the first item row at or after i (dir 1) or at or before
// i (dir -1), falling back to the other direction; 0 when there is none.
func (m Model) itemRow(i, dir int) int {
	i = max(0, min(i, len(m.rows)-1))
	for _, d := range []int{dir, -dir} {
		for j := i; j >= 0 && j < len(m.rows); j += d {
			if m.rows[j].item != nil {
				return j
			}
		}
	}
	return 0
}

// moveBy moves the cursor d item rows (|d| > 1: d rows, then the nearest
// item).
func (m *Model) moveBy(d int) {
	if len(m.rows) == 0 || d == 0 {
		return
	}
	prev := m.cursor
	if d == 1 || d == -1 {
		for j := m.cursor + d; j >= 0 && j < len(m.rows); j += d {
			if m.rows[j].item != nil {
				m.cursor = j
				break
			}
		}
	} else {
		m.cursor = m.itemRow(m.cursor+d, sign(d))
	}
	if m.cursor != prev {
		m.detailTop = 0
	}
	m.scrollIntoView()
}

func sign(d int) int {
	if d < 0 {
		return -1
	}
	return 1
}

// moveTo puts the cursor on the item with path p, if listed.
func (m *Model) moveTo(p string) {
	for i, rw := range m.rows {
		if rw.item != nil && rw.item.Path == p {
			if m.cursor != i {
				m.detailTop = 0
			}
			m.cursor = i
			m.scrollIntoView()
			return
		}
	}
}

// nextLeft moves to the next change not yet decided, wrapping around.
func (m *Model) nextLeft() {
	n := len(m.rows)
	for k := 1; k < n; k++ {
		rw := m.rows[(m.cursor+k)%n]
		if rw.item != nil && m.states[rw.item.Path] == "" {
			m.moveTo(rw.item.Path)
			return
		}
	}
}

func (m Model) itemByPath(p string) (*gitreview.ReviewItem, bool) {
	for _, rw := range m.rows {
		if rw.item != nil && rw.item.Path == p {
			return rw.item, true
		}
	}
	return nil, false
}

// scrollIntoView keeps the cursor, and its group heading when it fits, in
// the list window.
func (m *Model) scrollIntoView() {
	h := m.layout.BodyH
	if h <= 0 {
		return
	}
	top := m.cursor
	if top > 0 && m.rows[top-1].item == nil {
		top-- // show the heading above the first item of a group
	}
	if top < m.listTop {
		m.listTop = top
	}
	if m.cursor >= m.listTop+h {
		m.listTop = m.cursor - h + 1
	}
	m.listTop = max(0, min(m.listTop, len(m.rows)-h))
}

// scrollDetail scrolls the detail by d lines, within its content.
func (m *Model) scrollDetail(d int) {
	maxTop := max(len(m.detailLines())-m.layout.BodyH, 0)
	m.detailTop = max(0, min(m.detailTop+d, maxTop))
}
