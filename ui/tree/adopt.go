package tree

// Adopt puts in m the recordings of t, a tree that m.Reset() returned and
// Add filled, possibly on another goroutine: a rescan that keeps the tree
// on screen until the new one is whole (nothing of what Add changes is
// shared between the two). It keeps what is m's: size, focus, styles,
// filters, marks (less those of recordings no longer there) and which
// suites and cases are open (a new one opens as Add opened it). Its cost
// is one visit per suite and case and the rebuild of the visible rows
// (the text filter again only when it changed since m.Reset). The cursor
// keeps its row; the caller puts it back on its recording (SelectID).
func (m Model) Adopt(t Model) Model {
	openAs(t.root, m.root)
	m.root, m.leaves, m.byID = t.root, t.leaves, t.byID
	for id := range m.marks {
		if _, ok := m.byID[id]; !ok {
			delete(m.marks, id)
		}
	}
	if t.filter.text != m.filter.text || t.filter.status != m.filter.status {
		return m.applyFilter()
	}
	m.filter.kind = t.filter.kind
	m.rebuild()
	return m
}

// openAs opens or closes the suites and cases below n as those of the same
// names below old are. Children are sorted by name, so one pass over both
// lists pairs them.
func openAs(n, old *node) {
	i := 0
	for _, c := range n.children {
		if c.kind == KindLeaf {
			continue
		}
		for i < len(old.children) && old.children[i].name < c.name {
			i++
		}
		if i < len(old.children) && old.children[i].name == c.name && old.children[i].kind == c.kind {
			c.expanded = old.children[i].expanded
			openAs(c, old.children[i])
		}
	}
}
