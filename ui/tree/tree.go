// Package tree is the left pane of the browser: recordings grouped as
// suite ▸ case ▸ turn (dryfire) or tape ▸ key ▸ entry (cassette-fn), with a
// status glyph and per-node counts, collapse/expand, a fuzzy text filter, a
// status filter and marks for prune.
//
// Cost model: the tree keeps a flattened slice of the rows that are visible
// (expanded and matching). Moving the cursor is O(1) and View renders only
// the rows that fit, so a key press costs the same with 20 or 20,000
// recordings. The slice is rebuilt only when the shape changes: a batch
// arrives, a node is expanded or collapsed, or a filter changes.
package tree

import (
	"sort"
	"strings"

	"github.com/sahilm/fuzzy"
)

// Item is one recording as the tree shows it: a dryfire cassette file or one
// entry of a tape. The root model builds items from the scan results.
type Item struct {
	ID     string // unique within a workspace
	Path   string // relative to the project root, slash-separated
	Format string // "dryfire" | "tape"
	Group  string // suite name, or the tape path
	Sub    string // case name, or the tape key
	Label  string // leaf text, e.g. "01 3d3d45" or "#0"
	Turn   int
	Repeat int
	Entry  int
	Key    string
	Status string // the status name as DESIGN.md spells it
	Reason string
	// Secrets is how many secrets were found in the recording.
	Secrets int
	// Prunable is true when prune may remove the file.
	Prunable bool
	// Verdict is the run verdict of the recording's case: "passed",
	// "failing" or "flaky" (its repetitions disagree); "" when the case
	// was not graded (no such case, or it needs Python).
	Verdict string
	// Case is what the owner shows about the recording's case (the same
	// value for every recording of a case).
	Case any
	// Ref is whatever the owner needs to find the recording again.
	Ref any
}

// Kind says which level of the tree a node is on.
type Kind int

// The three levels.
const (
	KindGroup Kind = iota
	KindSub
	KindLeaf
)

func (k Kind) String() string {
	switch k {
	case KindGroup:
		return "group"
	case KindSub:
		return "sub"
	default:
		return "leaf"
	}
}

// node is one row of the tree. Nodes are shared by copies of the Model (the
// usual bubbles trade-off); only Update methods change them.
type node struct {
	kind     Kind
	name     string
	parent   *node
	children []*node
	item     *Item
	search   string // searchText of a leaf's item, lower-cased
	expanded bool
	shown    bool // passes the filters
	total    int
	secrets  int
	// secretRecs is how many recordings under the node hold a secret.
	secretRecs int
	failing    int // recordings of failing cases
	// failingCases counts the failing case nodes (kept on the root).
	failingCases int
	counts       map[string]int
	// verdict and caseInfo are a case node's (from its recordings).
	verdict  string
	caseInfo any
}

func (n *node) add(it *Item, delta int) {
	for p := n; p != nil; p = p.parent {
		p.total += delta
		p.secrets += delta * it.Secrets
		if it.Secrets > 0 {
			p.secretRecs += delta
		}
		if it.Verdict == "failing" {
			p.failing += delta
		}
		if p.counts == nil {
			p.counts = map[string]int{}
		}
		p.counts[it.Status] += delta
	}
}

// leafLess orders leaves by turn, repetition, entry and path.
func leafLess(a, b *Item) bool {
	if a.Turn != b.Turn {
		return a.Turn < b.Turn
	}
	if a.Repeat != b.Repeat {
		return a.Repeat < b.Repeat
	}
	if a.Entry != b.Entry {
		return a.Entry < b.Entry
	}
	return a.Path < b.Path
}

// insertChild returns the child called name, creating it in sorted order.
func (n *node) child(kind Kind, name string, expanded bool) *node {
	i := sort.Search(len(n.children), func(i int) bool { return n.children[i].name >= name })
	if i < len(n.children) && n.children[i].name == name {
		return n.children[i]
	}
	c := &node{kind: kind, name: name, parent: n, expanded: expanded, shown: true}
	n.children = append(n.children, nil)
	copy(n.children[i+1:], n.children[i:])
	n.children[i] = c
	return c
}

func (n *node) insertLeaf(l *node) {
	i := sort.Search(len(n.children), func(i int) bool { return leafLess(l.item, n.children[i].item) })
	n.children = append(n.children, nil)
	copy(n.children[i+1:], n.children[i:])
	n.children[i] = l
}

// searchText is what the fuzzy filter matches against.
func searchText(it *Item) string {
	return it.Group + "/" + it.Sub + "/" + it.Label + " " + it.Key + " " + it.Status
}

// autoExpandLimit: below this many recordings, new nodes start expanded so a
// small project is visible at once; above it they start collapsed.
const autoExpandLimit = 300

// filterState holds the text and status filters.
type filterState struct {
	text   string
	status string
}

func (f filterState) active() bool { return f.text != "" || f.status != "" }

// matchItems returns which of items pass the filters.
func (f filterState) matchItems(items []*node) []bool {
	ok := make([]bool, len(items))
	for i, l := range items {
		ok[i] = f.status == "" || l.item.Status == f.status || (f.status == "secret" && l.item.Secrets > 0) ||
			(f.status == "failing" && l.item.Verdict == "failing")
	}
	if f.text == "" {
		return ok
	}
	// Recordings that contain the text as written (any case) win; only when
	// none does, the filter falls back to fuzzy matching, so "lookups" shows
	// the lookups case and not every path that holds those letters in order.
	// The lower-cased text of each leaf is kept on the node: a key press
	// costs one substring test per recording, no allocation.
	hit := make([]bool, len(items))
	needle, exact := strings.ToLower(f.text), false
	for i, l := range items {
		if ok[i] && strings.Contains(l.search, needle) {
			hit[i], exact = true, true
		}
	}
	if !exact {
		texts := make([]string, len(items))
		for i, l := range items {
			texts[i] = searchText(l.item)
		}
		for _, m := range fuzzy.FindNoSort(f.text, texts) {
			hit[m.Index] = true
		}
	}
	for i := range ok {
		ok[i] = ok[i] && hit[i]
	}
	return ok
}

// statusOrder is the order of the status filter cycle and the header counts.
var statusOrder = []string{
	"live", "stale", "stale schema_version", "superseded", "orphaned case", "orphaned suite",
	"in use", "protected", "invalid", "unknown", "ok", "key mismatch", "error entry", "empty",
}

// StatusOrder returns the statuses in display order.
func StatusOrder() []string { return append([]string(nil), statusOrder...) }

func statusRank(s string) int {
	for i, x := range statusOrder {
		if x == s {
			return i
		}
	}
	return len(statusOrder)
}
