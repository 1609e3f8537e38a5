package tree

// Tree order is the order of the rows with every node expanded: suites by
// name, their cases by name, each case's recordings by turn. The walks
// below visit the nodes in that order (a node before what it holds), skip
// what the filters hide, and allocate nothing, so a jump costs one pass
// over the recordings however many there are.

// walkOrder calls f on every shown node in tree order until f returns
// false.
func walkOrder(n *node, f func(*node) bool) bool {
	for _, c := range n.children {
		if !c.shown {
			continue
		}
		if !f(c) {
			return false
		}
		if c.kind != KindLeaf && !walkOrder(c, f) {
			return false
		}
	}
	return true
}

// Next puts the cursor on the next (dir > 0) or previous (dir < 0)
// recording in tree order that passes the filters and match: after the
// row under the cursor (a suite or case comes before what it holds), or
// before it. Past the last one it wraps around to the first (or the last,
// going back). It reports whether it found one and whether it wrapped;
// the parents of the recording are expanded.
func (m Model) Next(dir int, match func(*Item) bool) (Model, bool, bool) {
	m, j := m.Jump(dir, match)
	return m, j.Found, j.Wrapped
}

// A Jump is where [Model.Jump] went: whether it found a recording, whether
// it wrapped around, and the recording's place among those that match, in
// tree order (from 1).
type Jump struct {
	Found, Wrapped bool
	Place          int
}

// Jump is [Model.Next] that also says the place of the recording it went
// to, counted on the way (one walk, as Next).
func (m Model) Jump(dir int, match func(*Item) bool) (Model, Jump) {
	cur := m.current()
	var first, last, before, after *node
	seen, beforeAt, afterAt := 0, 0, 0
	passed := cur == nil
	walkOrder(m.root, func(n *node) bool {
		if n == cur {
			passed = true
			if n.kind != KindLeaf || !match(n.item) {
				return true
			}
		}
		if n.kind != KindLeaf || !match(n.item) {
			return true
		}
		seen++
		if n == cur {
			return true // counted for the places, never the answer
		}
		if first == nil {
			first = n
		}
		last = n
		if !passed {
			before, beforeAt = n, seen
			return true
		}
		if after == nil {
			after, afterAt = n, seen
		}
		// Going forward the first match after the cursor is the answer;
		// going back only the matches before it count.
		return dir < 0
	})
	j := Jump{}
	target := after
	j.Place = afterAt
	if dir < 0 {
		target, j.Place = before, beforeAt
		if target == nil {
			target, j.Wrapped, j.Place = last, last != nil, seen
		}
	} else if target == nil {
		target, j.Wrapped, j.Place = first, first != nil, 1
	}
	j.Found = target != nil
	if target == nil || (target == cur && j.Wrapped) {
		j.Wrapped = false
		return m, j
	}
	m, ok := m.SelectID(target.item.ID)
	m.center()
	j.Found = ok
	return m, j
}

// center scrolls the window so that a cursor that jumped there sits a
// third of the way down, with what comes before it in view, rather than
// on the last row; and, when they fit above it in the top two thirds, with
// the suite and case it is in on screen (a recording shown without its
// suite row says nothing of where it is).
func (m *Model) center() {
	if m.cursor >= m.offset+m.height/3 && m.cursor < m.offset+m.height*2/3 && m.parentsShown() {
		return
	}
	off := m.cursor - m.height/3
	for p := m.current(); p != nil && p.parent != nil && p.parent != m.root; {
		p = p.parent
		if i := m.rowOf(p); i >= 0 && i < off && m.cursor-i < m.height*2/3 {
			off = i
		}
	}
	m.offset = max(0, min(off, len(m.rows)-m.height))
}

// parentsShown reports whether the suite and case rows of the cursor are
// in the window.
func (m *Model) parentsShown() bool {
	for p := m.current(); p != nil && p.parent != nil && p.parent != m.root; {
		p = p.parent
		if i := m.rowOf(p); i >= 0 && i < m.offset {
			return false
		}
	}
	return true
}

// rowOf is the row of node n, or -1; it looks back from the cursor, where
// the parents of the row under it are.
func (m *Model) rowOf(n *node) int {
	for i := min(m.cursor, len(m.rows)-1); i >= 0; i-- {
		if m.rows[i] == n {
			return i
		}
	}
	return -1
}

// First puts the cursor on the first recording in tree order that passes
// the filters and match, and reports whether there is one.
func (m Model) First(match func(*Item) bool) (Model, bool) {
	var found *node
	walkOrder(m.root, func(n *node) bool {
		if n.kind == KindLeaf && match(n.item) {
			found = n
			return false
		}
		return true
	})
	if found == nil {
		return m, false
	}
	m, ok := m.SelectID(found.item.ID)
	m.center()
	return m, ok
}

// Last puts the cursor on the last recording in tree order that passes
// the filters and match, and reports whether there is one.
func (m Model) Last(match func(*Item) bool) (Model, bool) {
	var found *node
	walkOrder(m.root, func(n *node) bool {
		if n.kind == KindLeaf && match(n.item) {
			found = n
		}
		return true
	})
	if found == nil {
		return m, false
	}
	m, ok := m.SelectID(found.item.ID)
	m.center()
	return m, ok
}

// Rank says where the recording under the cursor stands among those that
// pass the filters and match, in tree order: its place (from 1; 0 when it
// does not match, or the cursor is on a suite or case) and how many there
// are.
func (m Model) Rank(match func(*Item) bool) (place, total int) {
	cur := m.current()
	if cur != nil && cur.kind == KindLeaf && match(cur.item) {
		// The walk in tree order stops at the cursor; the total needs no
		// order.
		walkOrder(m.root, func(n *node) bool {
			if n.kind == KindLeaf && match(n.item) {
				place++
			}
			return n != cur
		})
	}
	return place, m.Count(match)
}

// Each calls f on every recording that passes the filters, in arrival
// order (one pass, for counting several things at once).
func (m Model) Each(f func(*Item)) {
	for _, l := range m.leaves {
		if l.shown {
			f(l.item)
		}
	}
}

// Count is the number of recordings that pass the filters and match.
func (m Model) Count(match func(*Item) bool) int {
	n := 0
	for _, l := range m.leaves {
		if l.shown && match(l.item) {
			n++
		}
	}
	return n
}

// Anchors are the IDs to put the cursor back on after the recordings are
// read again, best first: the recording under the cursor, then up to k
// recordings after it in tree order, then up to k before it, nearest
// first. A prune removes the recording under the cursor; the cursor then
// lands on its neighbour rather than at the top. With the cursor on a
// suite or case, the anchors are the recordings it holds.
func (m Model) Anchors(k int) []string {
	cur := m.current()
	if cur == nil {
		return nil
	}
	var out, before []string
	after, passed := 0, false
	walkOrder(m.root, func(n *node) bool {
		if n == cur {
			passed = true
		}
		if n.kind != KindLeaf {
			return true
		}
		switch {
		case passed && after <= k:
			out = append(out, n.item.ID)
			after++
		case !passed:
			before = append(before, n.item.ID)
		}
		return !passed || after <= k
	})
	for i := len(before) - 1; i >= 0 && i >= len(before)-k; i-- {
		out = append(out, before[i])
	}
	return out
}

// SelectPath puts the cursor on the suite (one name) or case (two names)
// with these names, and reports whether it is visible.
func (m Model) SelectPath(names []string) (Model, bool) {
	n := m.root
	for _, name := range names {
		var next *node
		for _, c := range n.children {
			if c.kind != KindLeaf && c.name == name {
				next = c
				break
			}
		}
		if next == nil || !next.shown {
			return m, false
		}
		n = next
	}
	if n == m.root {
		return m, false
	}
	for p := n.parent; p != nil && p != m.root; p = p.parent {
		p.expanded = true
	}
	m.rebuild()
	m.follow(n)
	return m, m.current() == n
}
