package tree

import (
	"slices"
	"sort"
)

// The classified rows of a scan arrive in place of its pending ones, in
// one batch, nearly in tree order (the store's files are sorted as paths
// are). A row that replaces another keeps its node, its place when its
// suite, case and order in the case are the same, and its filter text
// when its suite, case, label and key are: only what the classification
// changed is worked out again (its status, secrets and verdict in the
// counts above it). The leaf after the one replaced is tried before the
// index of IDs.

// slabSize is how many new leaves [Model.Add] allocates at once, at most.
const slabSize = 256

// place puts the leaf l under the suite and case its item names, in
// order, with its counts, making them as needed.
func (m Model) place(l *node) {
	it := l.item
	open := len(m.leaves) < autoExpandLimit
	s := m.root.child(KindGroup, it.Group, open).child(KindSub, it.Sub, open)
	l.parent = s
	s.insertLeaf(l)
	s.add(it, 1)
	s.setCase(it)
}

// detach takes the leaf l out of its case, with its counts; a case or
// suite left with no recording goes too.
func (m Model) detach(l *node) {
	l.parent.add(l.item, -1)
	for n := l; n.parent != nil && (n == l || len(n.children) == 0); n = n.parent {
		n.parent.drop(n)
		if n.kind == KindSub && Fails(n.verdict) {
			m.root.failingCases--
		}
	}
}

// replace gives the leaf l the item it in place of its own; at is l's
// place in its case, or -1 when not known. It returns the leaf after l
// in tree order and its place, when l kept its own.
func (m Model) replace(l *node, at int, it *Item) (*node, int) {
	old := l.item
	l.item, l.name = it, it.Label
	l.status = lower(it.Status)
	if old.Label != it.Label || old.Key != it.Key || old.Group != it.Group || old.Sub != it.Sub {
		l.search, l.ends = searchFields(it)
	}
	if old.Group != it.Group || old.Sub != it.Sub {
		l.item = old
		m.detach(l)
		l.item = it
		m.place(l)
		return nil, 0
	}
	s := l.parent
	s.swap(old, it)
	s.setCase(it)
	if old.Turn != it.Turn || old.Repeat != it.Repeat || old.Entry != it.Entry || old.Path != it.Path {
		// Its order in the case may differ.
		s.drop(l)
		s.insertLeaf(l)
		return nil, 0
	}
	if at < 0 || at >= len(s.children) || s.children[at] != l {
		at = slices.Index(s.children, l)
	}
	return leafAfter(s, at)
}

// swap changes the counts of n and the nodes above it from those of the
// item old to those of it, one recording in place of the other.
func (n *node) swap(old, it *Item) {
	secrets := it.Secrets - old.Secrets
	recs := oneIf(it.Secrets > 0) - oneIf(old.Secrets > 0)
	failing := oneIf(Fails(it.Verdict)) - oneIf(Fails(old.Verdict))
	same := old.Status == it.Status
	for p := n; p != nil; p = p.parent {
		p.secrets += secrets
		p.secretRecs += recs
		p.failing += failing
		if !same {
			p.counts[old.Status]--
			p.counts[it.Status]++
		}
	}
}

func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// leafAfter is the leaf after the at-th of case s in tree order, and its
// place in its case; nil when there is none. Suites and cases are sorted
// by name, so each is found by a binary search among its siblings.
func leafAfter(s *node, at int) (*node, int) {
	if at+1 < len(s.children) {
		return s.children[at+1], at + 1
	}
	for n := s; n.parent != nil; n = n.parent {
		sib := n.parent.children
		i := sort.Search(len(sib), func(i int) bool { return sib[i].name >= n.name })
		if i == len(sib) || sib[i] != n {
			return nil, 0
		}
		for _, c := range sib[i+1:] {
			if l := firstLeaf(c); l != nil {
				return l, 0
			}
		}
	}
	return nil, 0
}

// firstLeaf is the first leaf under n in tree order, or nil.
func firstLeaf(n *node) *node {
	for n.kind != KindLeaf {
		if len(n.children) == 0 {
			return nil
		}
		n = n.children[0]
	}
	return n
}
