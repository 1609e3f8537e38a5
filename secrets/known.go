package secrets

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// Known secrets are found with one automaton (Aho–Corasick) over all of
// them, so that masking a value costs one pass over each of its strings
// however many secrets the masker knows: a cassette that holds 80,000
// distinct keys, each learned and then looked for in every string, would
// otherwise cost the number of keys times the bytes of the value.

// knownSet finds the places of known secrets in a string.
type knownSet struct {
	secrets []knownSecret
	// nodes is the trie of the secrets' bytes, breadth first: node 0 is
	// the root, and the children of a node are next to each other, in
	// byte order.
	nodes []knownNode
	// root are the root's children by byte (0 for none): most steps start
	// there.
	root [256]int32
}

// knownNode is one prefix of one or more known secrets.
type knownNode struct {
	first int32 // the first child
	fail  int32 // the longest proper suffix that is also a prefix
	// out is the longest secret that ends at this prefix (itself or a
	// suffix of it): an index in secrets, or -1.
	out      int32
	children uint16
	b        byte
}

// testOnlyKnownSteps, when set by a test, is told the steps each search
// took: one per byte read, fallback followed and child compared.
var testOnlyKnownSteps func(steps int)

// span is a node being built and the secrets below it: order[lo:hi].
type span struct{ node, lo, hi int32 }

// newKnownSet builds the automaton of secrets, which hold distinct values
// of at least one byte; nil when there are none.
//
// The trie is built a level at a time from the secrets in sorted order:
// the secrets below a node are a run of them, split by their next byte
// into its children. Each level costs one look at each secret long enough
// to reach it, so building costs the secrets' bytes (and the sort).
func newKnownSet(secrets []knownSecret) *knownSet {
	if len(secrets) == 0 {
		return nil
	}
	order := make([]int32, len(secrets))
	size := 1
	for i, x := range secrets {
		order[i] = int32(i)
		size += len(x.value)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return strings.Compare(secrets[a].value, secrets[b].value) })
	ks := &knownSet{secrets: secrets, nodes: make([]knownNode, 1, size)}
	ks.nodes[0].out = -1
	level := []span{{0, 0, int32(len(order))}}
	var next []span
	for depth := 0; len(level) > 0; depth++ {
		next = next[:0]
		for _, sp := range level {
			next = ks.grow(sp, order, depth, next)
		}
		level, next = next, level
	}
	for _, x := range ks.childrenOf(0) {
		ks.root[ks.nodes[x].b] = x
	}
	ks.link()
	return ks
}

// grow adds the children of the node of sp, whose prefix is depth bytes
// long, and appends their spans to next.
func (ks *knownSet) grow(sp span, order []int32, depth int, next []span) []span {
	value := func(i int32) string { return ks.secrets[order[i]].value }
	lo := sp.lo
	for ; lo < sp.hi && len(value(lo)) == depth; lo++ {
		if ks.nodes[sp.node].out < 0 {
			ks.nodes[sp.node].out = order[lo]
		}
	}
	ks.nodes[sp.node].first = int32(len(ks.nodes))
	for lo < sp.hi {
		c := value(lo)[depth]
		hi := lo + 1
		for hi < sp.hi && value(hi)[depth] == c {
			hi++
		}
		next = append(next, span{int32(len(ks.nodes)), lo, hi})
		ks.nodes = append(ks.nodes, knownNode{out: -1, b: c})
		ks.nodes[sp.node].children++
		lo = hi
	}
	return next
}

// childrenOf returns the indexes of the children of n.
func (ks *knownSet) childrenOf(n int32) []int32 {
	nd := ks.nodes[n]
	out := make([]int32, nd.children)
	for i := range out {
		out[i] = nd.first + int32(i)
	}
	return out
}

// childOf returns the child of n for byte c, or 0, and the children
// compared to find it.
func (ks *knownSet) childOf(n int32, c byte) (child int32, steps int) {
	if n == 0 {
		return ks.root[c], 0
	}
	nd := ks.nodes[n]
	lo, hi := nd.first, nd.first+int32(nd.children)
	for lo < hi {
		steps++
		mid := int32(uint32(lo+hi) >> 1)
		switch b := ks.nodes[mid].b; {
		case b == c:
			return mid, steps
		case b < c:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, steps
}

// link sets every node's fallback and longest secret. The nodes are in
// breadth-first order, so a node's fallback (shallower) is done before it,
// and so is its parent's.
func (ks *knownSet) link() {
	for n := range int32(len(ks.nodes)) {
		nd := ks.nodes[n]
		for x := nd.first; x < nd.first+int32(nd.children); x++ {
			if n != 0 {
				ks.nodes[x].fail = ks.fallback(nd.fail, ks.nodes[x].b)
			}
			if ks.nodes[x].out < 0 {
				ks.nodes[x].out = ks.nodes[ks.nodes[x].fail].out
			}
		}
	}
}

// fallback returns where byte c leads from node f or its fallbacks.
func (ks *knownSet) fallback(f int32, c byte) int32 {
	for {
		if y, _ := ks.childOf(f, c); y != 0 {
			return y
		}
		if f == 0 {
			return 0
		}
		f = ks.nodes[f].fail
	}
}

// appendMatches appends to ms the places of known secrets in s: for each
// end, the longest secret that ends there, leaving out those another place
// holds whole. The places appended start and end in increasing order;
// they may overlap each other and the matches already in ms (see
// [replaceMatches]).
func (ks *knownSet) appendMatches(s string, ms []detect.Match) []detect.Match {
	if ks == nil {
		return ms
	}
	from := len(ms)
	n, steps := int32(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		for {
			x, st := ks.childOf(n, c)
			steps += st
			if x != 0 {
				n = x
				break
			}
			if n == 0 {
				break
			}
			n = ks.nodes[n].fail
			steps++
		}
		steps++
		out := ks.nodes[n].out
		if out < 0 {
			continue
		}
		k := ks.secrets[out]
		m := detect.Match{Rule: k.rule, Start: i + 1 - len(k.value), End: i + 1, Keep: k.keep}
		// A place that starts no later than the ones before holds them.
		for len(ms) > from && ms[len(ms)-1].Start >= m.Start {
			ms = ms[:len(ms)-1]
		}
		ms = append(ms, m)
	}
	if testOnlyKnownSteps != nil {
		testOnlyKnownSteps(steps)
	}
	return ms
}
