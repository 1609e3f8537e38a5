// Package tree is the left pane of the browser: recordings grouped as
// suite ▸ case ▸ turn (dryfire) or tape ▸ key ▸ entry (cassette-fn), with a
// status glyph and per-node counts, collapse/expand, a text filter (as
// typed, then by words, then fuzzily inside one name: [MatchKind]), a
// status filter, marks for prune, and walks in tree order ([Model.Next],
// [Model.Jump], [Model.First], [Model.Last]) that take the cursor to the
// next recording of a kind and say its place among them.
//
// Cost model: the tree keeps a flattened slice of the rows that are visible
// (expanded and matching). Moving the cursor is O(1) and View renders only
// the rows that fit, so a key press costs the same with 20 or 20,000
// recordings. The slice is rebuilt only when the shape changes: a batch
// arrives, a node is expanded or collapsed, or a filter changes.
package tree

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// Item is one recording as the tree shows it: a dryfire cassette file or one
// entry of a tape. The root model builds items from the scan results.
type Item struct {
	ID     string // unique within a workspace
	Path   string // relative to the project root, slash-separated
	Format format.Kind
	Group  string // suite name, or the tape path
	Sub    string // case name, or the tape key
	Label  string // leaf text, e.g. "01 3d3d45" or "#0"
	Turn   int
	Repeat int
	Entry  int
	Key    string
	Status string // the status name as docs/statuses.md spells it
	Reason string
	// Secrets is how many secrets were found in the recording.
	Secrets int
	// Prunable is true when prune may remove the file.
	Prunable bool
	// Verdict is the run verdict of the recording's case: "passed" (an
	// unmocked tool that ended the loop included, as dryfire passes it),
	// "failing", "errored" (its assertions pass but its loop ended in a
	// provider error, which dryfire exits 3 for) or "flaky" (its
	// repetitions disagree); "" when the case was not graded (no such
	// case, or it needs Python).
	Verdict string
	// Case is what the owner shows about the recording's case (the same
	// value for every recording of a case).
	Case any
	// Ref is whatever the owner needs to find the recording again.
	Ref any
}

// Fails reports whether a case verdict keeps a run from passing: a
// failing case, or one whose loop ended in an error (dryfire exits 3).
func Fails(verdict string) bool { return verdict == "failing" || verdict == "errored" }

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
	search   string   // searchFields of a leaf's item
	ends     [4]int32 // where the suite, case, label and key end in search
	status   string   // a leaf's status, lower-cased
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
		if Fails(it.Verdict) {
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

// drop removes the child c.
func (n *node) drop(c *node) {
	n.children = slices.DeleteFunc(n.children, func(x *node) bool { return x == c })
}

func (n *node) insertLeaf(l *node) {
	i := sort.Search(len(n.children), func(i int) bool { return leafLess(l.item, n.children[i].item) })
	n.children = append(n.children, nil)
	copy(n.children[i+1:], n.children[i:])
	n.children[i] = l
}

// searchFields is what the text filter matches against, lower-cased,
// less the status (a leaf keeps it apart, as the classification changes
// it): the suite, the case, the leaf's label and the key, joined as
// "suite/case/label key", and where each ends (fuzzy matching stays
// inside one of them). The filter matches "suite/case/label key status".
func searchFields(it *Item) (string, [4]int32) {
	fields := [...]string{it.Group, it.Sub, it.Label, it.Key}
	n := len(fields) - 1 // the separators
	for _, f := range fields {
		n += len(f)
	}
	var b strings.Builder
	b.Grow(n) // one allocation: lower-casing keeps the length of ASCII text
	var ends [4]int32
	for i, f := range fields {
		switch i {
		case 1, 2:
			b.WriteByte('/')
		case 3:
			b.WriteByte(' ')
		}
		writeLower(&b, f)
		ends[i] = int32(b.Len())
	}
	return b.String(), ends
}

// lower is strings.ToLower(s), s itself when it is lower-case ASCII (a
// status as the scan names it), without allocating.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// contains reports whether the filter text of the leaf n,
// "suite/case/label key status", holds needle, without joining it: in
// the first part, in the status, or across the space between them.
func (n *node) contains(needle string) bool {
	if strings.Contains(n.search, needle) || strings.Contains(n.status, needle) {
		return true
	}
	for i := 0; i < len(needle); i++ {
		if needle[i] == ' ' && strings.HasSuffix(n.search, needle[:i]) && strings.HasPrefix(n.status, needle[i+1:]) {
			return true
		}
	}
	return false
}

// writeLower writes strings.ToLower(s) to b, without the copy ToLower
// makes of ASCII text with capitals.
func writeLower(b *strings.Builder, s string) {
	upper := false
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			b.WriteString(strings.ToLower(s))
			return
		}
		upper = upper || 'A' <= s[i] && s[i] <= 'Z'
	}
	if !upper {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
}

// autoExpandLimit: below this many recordings, new nodes start expanded so a
// small project is visible at once; above it they start collapsed.
const autoExpandLimit = 300

// MatchKind says how the text filter matched.
type MatchKind int

// The ways the text filter matches, tried in this order; the first that
// matches any recording is the one used.
const (
	MatchNone  MatchKind = iota // nothing matched (or no text filter)
	MatchExact                  // the text as typed, in any case
	MatchWords                  // every word of the text, anywhere
	MatchFuzzy                  // the text's letters in order, inside one name
)

func (k MatchKind) String() string {
	switch k {
	case MatchExact:
		return "exact"
	case MatchWords:
		return "all words"
	case MatchFuzzy:
		return "fuzzy"
	case MatchNone:
	}
	return "none"
}

// minFuzzy is the shortest text matched fuzzily: one or two letters in
// order are in nearly every name.
const minFuzzy = 3

// filterState holds the text and status filters, and how the text
// matched.
type filterState struct {
	text   string
	status string
	kind   MatchKind
}

func (f filterState) active() bool { return f.text != "" || f.status != "" }

// statusOK reports whether a recording passes the status filter.
func (f filterState) statusOK(it *Item) bool {
	return f.status == "" || it.Status == f.status || (f.status == "secret" && it.Secrets > 0) ||
		(f.status == "failing" && Fails(it.Verdict))
}

// textOK reports whether a recording matches the text filter one way.
func textOK(l *node, needle string, words []string, kind MatchKind) bool {
	switch kind {
	case MatchExact:
		return l.contains(needle)
	case MatchWords:
		for _, w := range words {
			if !l.contains(w) {
				return false
			}
		}
		return true
	case MatchFuzzy:
		from := 0
		for _, end := range l.ends {
			if subsequence(l.search[from:end], needle) {
				return true
			}
			from = int(end) + 1
		}
	case MatchNone:
	}
	return false
}

// subsequence reports whether needle's runes appear in hay in order.
func subsequence(hay, needle string) bool {
	for _, r := range needle {
		i := strings.IndexRune(hay, r)
		if i < 0 {
			return false
		}
		hay = hay[i+utf8.RuneLen(r):]
	}
	return true
}

// matchItems returns which of items pass the filters, and how the text
// matched. With kind MatchNone it tries each way in turn over items (the
// first that matches anything wins); otherwise it matches that way.
//
// The text as typed wins, so "lookups" shows the lookups case and not
// every path that holds those letters in order. Then every word of a text
// with spaces ("refund stale"). Only when neither matches anything, and
// the text has three letters or more and no space, the letters in order
// inside one name: a suite, a case, a turn's label, a key or a status, so
// "parlook" finds parallel_lookups but "case_01" does not gather every
// recording whose path holds those letters somewhere (it listed 19,811
// of 20,000). The lower-cased text of each leaf is kept on the node: a key
// press costs a few substring tests per recording, no allocation.
func (f filterState) matchItems(items []*node, kind MatchKind) ([]bool, MatchKind) {
	ok := make([]bool, len(items))
	for i, l := range items {
		ok[i] = f.statusOK(l.item)
	}
	if f.text == "" {
		return ok, MatchNone
	}
	needle := strings.ToLower(f.text)
	words := strings.Fields(needle)
	kinds := []MatchKind{kind}
	if kind == MatchNone {
		kinds = []MatchKind{MatchExact}
		if len(words) > 1 {
			kinds = append(kinds, MatchWords)
		}
		if utf8.RuneCountInString(needle) >= minFuzzy && len(words) == 1 {
			kinds = append(kinds, MatchFuzzy)
		}
	}
	hit := make([]bool, len(items))
	for _, k := range kinds {
		found := false
		for i, l := range items {
			if ok[i] && textOK(l, needle, words, k) {
				hit[i], found = true, true
			}
		}
		if found {
			for i := range ok {
				ok[i] = ok[i] && hit[i]
			}
			return ok, k
		}
	}
	for i := range ok {
		ok[i] = false
	}
	return ok, MatchNone
}

// statusOrder is the order of the status filter cycle and the header counts.
var statusOrder = []string{
	"live", "stale", "unrecorded", "stale schema_version", "superseded", "orphaned case", "orphaned suite",
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
