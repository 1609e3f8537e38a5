package tree

import (
	"slices"
	"sort"

	"charm.land/bubbles/v2/key"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Model is the tree pane. It is a value type; see the package doc for the
// cost model.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	root    *node
	leaves  []*node // every leaf, in arrival order
	byID    map[string]*node
	rows    []*node // the flattened visible rows
	cursor  int
	offset  int
	width   int
	height  int
	focused bool
	filter  filterState
	marks   map[string]bool
}

// New returns an empty tree.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys, root: &node{expanded: true, shown: true}, byID: map[string]*node{}, marks: map[string]bool{}, focused: true}
}

// Reset drops every recording but keeps size, focus, filters and marks.
func (m Model) Reset() Model {
	m.root = &node{expanded: true, shown: true}
	m.leaves, m.rows = nil, nil
	m.byID = map[string]*node{}
	m.cursor, m.offset = 0, 0
	return m
}

// SetSize sets the pane size in cells.
func (m *Model) SetSize(w, h int) {
	old := m.height
	m.width, m.height = w, max(h, 1)
	if m.height != old {
		// A screen that grows (from too small to use, say) puts what
		// comes before the cursor back in view.
		m.center()
		return
	}
	m.clampOffset()
}

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = &s }

// Focus gives the tree the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the tree has the keyboard.
func (m Model) Focused() bool { return m.focused }

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	has := len(m.rows) > 0
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Top, &k.Bottom, &k.PageUp, &k.PageDown, &k.HalfUp, &k.HalfDown, &k.Mark} {
		b.SetEnabled(has)
	}
	n := m.current()
	// On a suite or case, space marks its prunable recordings: with none,
	// it does nothing.
	k.Mark.SetEnabled(has && n != nil && (n.kind == KindLeaf || m.prunableUnder(n) > 0))
	k.Collapse.SetEnabled(n != nil && (n.kind != KindLeaf && n.expanded || n.parent != nil && n.parent != m.root))
	k.Expand.SetEnabled(n != nil && n.kind != KindLeaf && !n.expanded)
	return k
}

// ShortHelp implements help.KeyMap of bubbles: the keys that apply now.
func (m Model) ShortHelp() []key.Binding { return m.Keys().ShortHelp() }

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Add inserts a batch of recordings. An item whose ID is already present
// replaces the old one, in its row (under another suite or case, or at
// another turn, when the new one says so; see replace.go for what is
// worked out again). The tree keeps the items where they are, in the
// slice it is given, instead of a copy of each: the caller hands them over
// and does not change them afterwards.
func (m Model) Add(items []Item) Model {
	if len(items) == 0 {
		return m
	}
	fresh := make([]*node, 0, len(items))
	var next *node // the leaf after the last one replaced, in tree order
	nextAt := 0    // its place in its case
	var slab []node
	for i := range items {
		it := &items[i]
		l, at := next, nextAt
		if l == nil || l.item.ID != it.ID {
			l, at = m.byID[it.ID], -1
		}
		if l != nil {
			next, nextAt = m.replace(l, at, it)
			fresh = append(fresh, l)
			continue
		}
		next = nil
		if len(slab) == 0 {
			// New leaves are allocated a slab at a time, sized for the
			// rest of the batch up to slabSize.
			slab = make([]node, min(len(items)-i, slabSize))
		}
		l, slab = &slab[0], slab[1:]
		*l = node{kind: KindLeaf, name: it.Label, item: it, shown: true}
		l.search, l.ends = searchFields(it)
		l.status = lower(it.Status)
		m.place(l)
		m.leaves = append(m.leaves, l)
		m.byID[it.ID] = l
		fresh = append(fresh, l)
	}
	switch {
	case m.filter.text != "" && m.filter.kind == MatchNone:
		// Nothing matched so far: the new recordings may change how the
		// text matches, so match everything again.
		return m.applyFilter()
	case m.filter.active():
		ok, _ := m.filter.matchItems(fresh, m.filter.kind)
		for i := range fresh {
			fresh[i].shown = ok[i]
		}
		m.propagateShown()
	}
	m.rebuild()
	return m
}

// Remove drops the recordings with these IDs (those a prune removed), with
// their counts and marks; a case or suite left with none goes too. IDs
// not in the tree are ignored.
func (m Model) Remove(ids []string) Model {
	gone := map[*node]bool{}
	for _, id := range ids {
		l, ok := m.byID[id]
		if !ok {
			continue
		}
		delete(m.byID, id)
		delete(m.marks, id)
		m.detach(l)
		gone[l] = true
	}
	if len(gone) == 0 {
		return m
	}
	m.leaves = slices.DeleteFunc(slices.Clone(m.leaves), func(n *node) bool { return gone[n] })
	m.rebuild()
	return m
}

// Len is the number of recordings in the tree.
func (m Model) Len() int { return len(m.leaves) }

// Counts returns how many recordings have each status.
func (m Model) Counts() map[string]int { return m.root.counts }

// Secrets is the number of secrets found in all recordings.
func (m Model) Secrets() int { return m.root.secrets }

// FailingRecordings is the number of recordings of the cases that fail
// or end in an error (see [Fails]).
func (m Model) FailingRecordings() int { return m.root.failing }

// SecretRecordings is the number of recordings holding a secret.
func (m Model) SecretRecordings() int { return m.root.secretRecs }

// Statuses lists the statuses present, in display order, followed by
// "secret" when any recording has one and "failing" when a case fails.
func (m Model) Statuses() []string {
	var out []string
	for st, n := range m.root.counts {
		if n > 0 {
			out = append(out, st)
		}
	}
	sort.Slice(out, func(i, j int) bool { return statusRank(out[i]) < statusRank(out[j]) })
	if m.root.secrets > 0 {
		out = append(out, "secret")
	}
	if m.root.failing > 0 {
		out = append(out, "failing")
	}
	return out
}

// Filter returns the text filter.
func (m Model) Filter() string { return m.filter.text }

// StatusFilter returns the status filter ("" = all).
func (m Model) StatusFilter() string { return m.filter.status }

// FilterMatch says how the text filter matched: exactly, by all its words,
// fuzzily, or not at all.
func (m Model) FilterMatch() MatchKind { return m.filter.kind }

// SetFilter sets the text filter and rebuilds the rows.
func (m Model) SetFilter(text string) Model {
	m.filter.text = text
	return m.applyFilter()
}

// SetStatusFilter keeps only recordings with this status ("" = all;
// "secret" = recordings with a secret; "failing" = recordings of cases
// that fail or end in an error, see [Fails]).
func (m Model) SetStatusFilter(status string) Model {
	m.filter.status = status
	return m.applyFilter()
}

func (m Model) applyFilter() Model {
	sel := m.current()
	var ok []bool
	ok, m.filter.kind = m.filter.matchItems(m.leaves, MatchNone)
	for i, l := range m.leaves {
		l.shown = ok[i]
	}
	m.propagateShown()
	m.rebuild()
	m.follow(sel)
	return m
}

// propagateShown marks a group or case shown when any leaf under it is.
func (m Model) propagateShown() {
	for _, g := range m.root.children {
		g.shown = false
		for _, s := range g.children {
			s.shown = false
			for _, l := range s.children {
				s.shown = s.shown || l.shown
			}
			g.shown = g.shown || s.shown
		}
	}
}

// rebuild flattens the visible rows. With an active filter every shown node
// is expanded, so matches are never hidden.
func (m *Model) rebuild() {
	sel := m.current()
	rows := m.rows[:0:0]
	force := m.filter.active()
	var walk func(n *node)
	walk = func(n *node) {
		for _, c := range n.children {
			if !c.shown {
				continue
			}
			rows = append(rows, c)
			if c.kind != KindLeaf && (c.expanded || force) {
				walk(c)
			}
		}
	}
	walk(m.root)
	m.rows = rows
	m.follow(sel)
}

// follow puts the cursor back on n if it is still visible.
func (m *Model) follow(n *node) {
	if n != nil {
		for i, r := range m.rows {
			if r == n {
				m.cursor = i
				m.clampOffset()
				return
			}
		}
	}
	m.cursor = min(m.cursor, max(len(m.rows)-1, 0))
	m.clampOffset()
}

// setCase takes a case node's verdict from a recording that has one.
func (n *node) setCase(it *Item) {
	if it.Case == nil || it.Verdict == n.verdict && it.Case == n.caseInfo {
		return
	}
	root := n
	for root.parent != nil {
		root = root.parent
	}
	if Fails(n.verdict) {
		root.failingCases--
	}
	if Fails(it.Verdict) {
		root.failingCases++
	}
	n.verdict, n.caseInfo = it.Verdict, it.Case
}

// FailingCases is the number of cases whose run verdict is failing.
func (m Model) FailingCases() int { return m.root.failingCases }
