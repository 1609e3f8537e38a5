package yamlrt

import (
	"errors"
	"fmt"
	"regexp"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"
)

// NodeKind is the kind of a [Node].
type NodeKind uint8

// The node kinds.
const (
	ScalarNode NodeKind = iota
	SequenceNode
	MappingNode
)

// Node is one node of a composed document.
type Node struct {
	Kind NodeKind
	// Tag is the resolved tag ("tag:yaml.org,2002:int", "!foo", ...).
	Tag string
	// TagHandle is the handle of an explicit tag ("!!", "!", "!e!"), ""
	// when the tag was resolved or written verbatim.
	TagHandle string
	// Value is a scalar's text; Style its quote or block indicator (0 for
	// plain).
	Value string
	Style rune
	// Anchor is the node's anchor, "" when it has none.
	Anchor string
	// Start is where the node starts (its anchor or tag when it has one).
	Start Mark
	// Flow is set on a flow collection.
	Flow bool
	// Items are a sequence's entries; Pairs a mapping's keys and values,
	// alternately. An alias makes two places share one node.
	Items []*Node
	Pairs []*Node
	// size is the number of nodes of the tree under this one, aliases
	// expanded (saturated).
	size int64
}

// Limits of a composed document.
const (
	// MaxDepth is how deeply collections may nest. dryfire itself fails
	// (a Python RecursionError) at about 245 levels.
	MaxDepth = 200
	// MaxAliasNodes is how many nodes aliases may add to a document when
	// expanded (the nodes an alias repeats, summed over every alias): it
	// stops a "billion laughs" document, which a few hundred bytes can
	// write and nothing can hash.
	MaxAliasNodes = 100_000
	// MaxNodes is how many nodes (scalars, sequences and mappings, keys
	// included; an alias adds none) one document may hold: it stops a
	// document of a few megabytes, such as a flow sequence of a million
	// scalars, from costing hundreds of megabytes to build. The largest
	// suite of the golden and generated projects holds about 400.
	MaxNodes = 250_000
)

const sizeCap = 1 << 40

// Document is a composed document: its root (nil for an empty stream) and
// the YAML version it was read with.
type Document struct {
	Root    *Node
	Version [2]int
	// Nodes is how many nodes the document holds (at most [MaxNodes]);
	// AliasNodes how many its aliases repeat (at most [MaxAliasNodes]).
	Nodes, AliasNodes int
	// chunks are the blocks the nodes were allocated in (see [Document.Release]).
	chunks *chunks
}

// Release hands the document's nodes back for the next documents to
// reuse: neither the document nor any of its nodes may be used after.
// A document never released is left to the garbage collector.
func (d *Document) Release() {
	if d.chunks != nil {
		d.chunks.release()
		d.chunks = nil
	}
}

// chunks are the blocks of nodes and of child pointers a composer took,
// which go back to their pools together.
type chunks struct {
	nodes []*[nodeChunk]Node
	ptrs  []*[ptrChunk]*Node
}

// The sizes of the blocks nodes and child pointers are allocated in.
const (
	nodeChunk = 64
	ptrChunk  = 256
)

var (
	nodePool = sync.Pool{New: func() any { return new([nodeChunk]Node) }}
	ptrPool  = sync.Pool{New: func() any { return new([ptrChunk]*Node) }}
)

func (ch *chunks) release() {
	for _, b := range ch.nodes {
		*b = [nodeChunk]Node{}
		nodePool.Put(b)
	}
	for _, b := range ch.ptrs {
		*b = [ptrChunk]*Node{}
		ptrPool.Put(b)
	}
	ch.nodes, ch.ptrs = nil, nil
}

// Session is the state ruamel's loader carries from one file to the next
// within a dryfire command: dryfire loads every file through one YAML
// instance, which keeps the YAML version of the last explicit document
// ("---", after a %YAML directive or none) it read. A file without "---"
// is read with that version, so one suite's "%YAML 1.1" makes every later
// file without its own "---" YAML 1.1. The zero Session is a fresh one.
type Session struct {
	version [2]int // {0, 0}: none (YAML 1.2)
}

// Version is the YAML version a file without "---" is read with next.
func (s *Session) Version() [2]int {
	if s.version == ([2]int{}) {
		return [2]int{1, 2}
	}
	return s.version
}

// Compose reads a single YAML document as ruamel's round-trip loader
// composes it, in a fresh session. A refused document is an *[Error].
func Compose(data []byte) (*Document, error) {
	var s Session
	return s.Compose(data)
}

// Compose reads a single YAML document in this session.
func (s *Session) Compose(data []byte) (doc *Document, err error) {
	b := bufferPool.Get().(*buffers)
	r, err := chars.New(data, &b.chars)
	if err != nil {
		bufferPool.Put(b)
		var ce *chars.Error
		if errors.As(err, &ce) {
			err = encodingError(ce)
		}
		return nil, err
	}
	sc := newScanner(r, s, b)
	p := newParser(sc)
	c := &composer{p: p, anchors: map[string]*Node{}, kids: b.kids[:0], chunks: &chunks{}}
	defer func() {
		b.keep(r, sc, c)
		if v := recover(); v != nil {
			switch e := v.(type) {
			case *Error:
				doc, err = nil, e
			case *chars.Error: // a bad chunk, met by reading on
				doc, err = nil, encodingError(e)
			default:
				panic(v)
			}
			c.chunks.release()
		}
	}()
	root := c.single()
	return &Document{Root: root, Version: sc.processingVersion(), Nodes: c.nodes, AliasNodes: int(c.aliasSize), chunks: c.chunks}, nil
}

// buffers are the buffers of one Compose, kept for the next: the
// reader's (characters and their offsets), the token queue, the scanner's
// scratch for values and the composer's stack of children.
type buffers struct {
	chars   chars.Buffers
	tokens  []token
	scratch []byte
	kids    []*Node
	// strs are the scanner's shared values (see [scanner.valueString]),
	// kept from one document to the next: the files of a project repeat
	// their keys and words.
	strs map[string]string
}

// maxKeptStrs is the most shared values kept for the next Compose; past
// it the next document starts with none (and with a new map past four
// times as many).
const maxKeptStrs = 8192

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// keep puts the buffers of a finished Compose back in the pool, holding
// no pointer into the document; a huge document's (past
// [chars.MaxKept] characters) are left to the garbage collector.
func (b *buffers) keep(r *chars.Reader, sc *scanner, c *composer) {
	if !b.chars.Keep(r) {
		return
	}
	q := sc.tokens.buf // the queue keeps its unused tail zero
	clear(q)
	b.tokens = q[:0]
	b.scratch = sc.scratch[:0]
	clear(c.kids)
	b.kids = c.kids[:0]
	switch n := len(sc.strs); {
	case n > 4*maxKeptStrs: // a map that large is not kept in the pool
		b.strs = nil
	case n > maxKeptStrs:
		clear(sc.strs)
	}
	bufferPool.Put(b)
}

type composer struct {
	p         *parser
	anchors   map[string]*Node
	depth     int
	aliasSize int64
	nodes     int // the nodes composed so far
	// kids is the stack of the children of the collections being
	// composed; slab and ptrs are where nodes and the slices of their
	// children are taken from (a document's nodes live and die together,
	// so they are allocated in blocks, which chunks records).
	kids   []*Node
	slab   []Node
	ptrs   []*Node
	chunks *chunks
}

// newNode takes the node that starts at mark, counting it against
// [MaxNodes].
func (c *composer) newNode(mark Mark) *Node {
	c.nodes++
	if c.nodes > MaxNodes {
		panic(&Error{Kind: KindLimit, Mark: mark, Problem: fmt.Sprintf(
			"this document holds more than %s nodes (the limit on nodes per document)", thousands(MaxNodes))})
	}
	if len(c.slab) == 0 {
		b := nodePool.Get().(*[nodeChunk]Node)
		c.chunks.nodes = append(c.chunks.nodes, b)
		c.slab = b[:]
	}
	n := &c.slab[0]
	c.slab = c.slab[1:]
	return n
}

// children returns the children pushed on kids since base as a slice of
// their own (nil when there are none), and pops them.
func (c *composer) children(base int) []*Node {
	k := len(c.kids) - base
	if k == 0 {
		return nil
	}
	if len(c.ptrs) < k {
		if k <= ptrChunk {
			b := ptrPool.Get().(*[ptrChunk]*Node)
			c.chunks.ptrs = append(c.chunks.ptrs, b)
			c.ptrs = b[:]
		} else {
			c.ptrs = make([]*Node, k)
		}
	}
	out := c.ptrs[:k:k]
	c.ptrs = c.ptrs[k:]
	copy(out, c.kids[base:])
	clear(c.kids[base:])
	c.kids = c.kids[:base]
	return out
}

func (c *composer) single() *Node {
	c.p.getEvent() // stream start
	var doc *Node
	var docStart Mark
	if !c.p.checkEvent(eStreamEnd) {
		doc = c.document()
		docStart = doc.Start
	}
	if !c.p.checkEvent(eStreamEnd) {
		e := c.p.getEvent()
		c.p.fail("expected a single document in the stream", &docStart, "but found another document", e.start)
	}
	c.p.getEvent()
	return doc
}

func (c *composer) document() *Node {
	c.anchors = map[string]*Node{}
	c.p.getEvent()
	n := c.node()
	c.p.getEvent()
	return n
}

func (c *composer) node() *Node {
	if c.p.checkEvent(eAlias) {
		e := c.p.getEvent()
		n, ok := c.anchors[e.anchor]
		if !ok {
			c.p.failQuoting("", nil, "found undefined alias ", pyReprID(e.anchor), e.start)
		}
		// An alias inside the node it names (size 0: not composed yet)
		// repeats nothing: ruamel's constructor reads it as None, or as
		// the node itself (a cycle), which package suite refuses.
		c.aliasSize += max(n.size, 1)
		if c.aliasSize > MaxAliasNodes {
			panic(&Error{Kind: KindLimit, Mark: e.start, Problem: fmt.Sprintf(
				"the aliases of this document repeat more than %s nodes (the limit on alias expansion)", thousands(MaxAliasNodes))})
		}
		return n
	}
	e := c.p.peekEvent()
	switch e.kind { //nolint:exhaustive // any other event is the error below
	case eScalar:
		return c.scalar()
	case eSequenceStart:
		return c.collection(SequenceNode, eSequenceEnd)
	case eMappingStart:
		return c.collection(MappingNode, eMappingEnd)
	}
	c.p.fail("", nil, "expected a node", e.start)
	return nil
}

func (c *composer) scalar() *Node {
	e := c.p.getEvent()
	n := c.newNode(e.start)
	*n = Node{Kind: ScalarNode, Value: e.value, Style: e.style, Anchor: e.anchor, Start: e.start, size: 1}
	if !c.explicitTag(n, &e) {
		n.Tag = c.resolveScalar(e.value, e.implicit[0])
	}
	if e.hasAnchor {
		c.anchors[e.anchor] = n
	}
	return n
}

// explicitTag sets the tag of n as written, if it has one (other than
// "!", which leaves the tag to be resolved).
func (c *composer) explicitTag(n *Node, e *event) bool {
	if e.hasTag && e.tag.String() != "!" {
		n.Tag = e.tag.String()
		if !e.tag.NoHandle {
			n.TagHandle = e.tag.Handle
		}
		return true
	}
	return false
}

func (c *composer) collection(kind NodeKind, endKind eventKind) *Node {
	if c.depth == MaxDepth {
		panic(&Error{Kind: KindLimit, Mark: c.p.peekEvent().start, Problem: fmt.Sprintf(
			"collections nest more than %d levels deep (the limit on nesting depth)", MaxDepth)})
	}
	c.depth++
	e := c.p.getEvent()
	n := c.newNode(e.start)
	*n = Node{Kind: kind, Anchor: e.anchor, Start: e.start, Flow: e.flow}
	if !c.explicitTag(n, &e) {
		n.Tag = TagMap
		if kind == SequenceNode {
			n.Tag = TagSeq
		}
	}
	if e.hasAnchor {
		c.anchors[e.anchor] = n // before the children: an alias inside may refer to it
	}
	size := int64(1)
	base := len(c.kids)
	for !c.p.checkEvent(endKind) {
		child := c.node()
		size = min(size+max(child.size, 1), sizeCap)
		c.kids = append(c.kids, child)
	}
	if kind == SequenceNode {
		n.Items = c.children(base)
	} else {
		n.Pairs = c.children(base)
	}
	c.p.getEvent()
	n.size = size
	c.depth--
	return n
}

// The tags of the core schema.
const (
	TagNull      = "tag:yaml.org,2002:null"
	TagBool      = "tag:yaml.org,2002:bool"
	TagInt       = "tag:yaml.org,2002:int"
	TagFloat     = "tag:yaml.org,2002:float"
	TagStr       = "tag:yaml.org,2002:str"
	TagTimestamp = "tag:yaml.org,2002:timestamp"
	TagMerge     = "tag:yaml.org,2002:merge"
	TagValue     = "tag:yaml.org,2002:value"
	TagSeq       = "tag:yaml.org,2002:seq"
	TagMap       = "tag:yaml.org,2002:map"
	TagBinary    = "tag:yaml.org,2002:binary"
	TagSet       = "tag:yaml.org,2002:set"
	TagOmap      = "tag:yaml.org,2002:omap"
	TagPairs     = "tag:yaml.org,2002:pairs"
)

// resolver is one implicit resolver: a tag, the first characters it
// applies to and its pattern.
type resolver struct {
	tag   string
	first string
	re    *regexp.Regexp
}

// The implicit resolvers of ruamel's VersionedResolver, in its order.
var (
	resolvers12 = []resolver{
		{TagBool, "tTfF", regexp.MustCompile(`^(?:true|True|TRUE|false|False|FALSE)$`)},
		{TagFloat, "-+0123456789.", regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)},
		{TagInt, "-+0123456789", regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$`)},
		{TagMerge, "<", regexp.MustCompile(`^(?:<<)$`)},
		{TagNull, "~nN\x00", regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)},
		{TagTimestamp, "0123456789", timestampRe},
		{TagValue, "=", regexp.MustCompile(`^(?:=)$`)},
	}
	resolvers11 = []resolver{
		{TagBool, "yYnNtTfFoO", regexp.MustCompile(`^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)},
		{TagFloat, "-+0123456789.", regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)},
		{TagInt, "-+0123456789", regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)},
		{TagMerge, "<", regexp.MustCompile(`^(?:<<)$`)},
		{TagNull, "~nN\x00", regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)},
		{TagTimestamp, "0123456789", timestampRe},
		{TagValue, "=", regexp.MustCompile(`^(?:=)$`)},
	}
	timestampRe = regexp.MustCompile(`^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)
)

// PyMatch is Python's re.match with a pattern anchored by "^...$": "$"
// also matches before a final line feed.
func PyMatch(re *regexp.Regexp, s string) bool {
	if re.MatchString(s) {
		return true
	}
	return len(s) > 0 && s[len(s)-1] == '\n' && re.MatchString(s[:len(s)-1])
}

// resolveScalar is the tag of a scalar without an explicit tag: only a
// plain scalar (or one tagged "!") is resolved; YAML versions other than
// 1.1 and 1.2 have no implicit resolvers at all.
func (c *composer) resolveScalar(value string, implicit bool) string {
	if !implicit {
		return TagStr
	}
	var rs []resolver
	switch c.p.s.processingVersion() {
	case [2]int{1, 2}:
		rs = resolvers12
	case [2]int{1, 1}:
		rs = resolvers11
	}
	first := rune(0)
	for _, r := range value {
		first = r
		break
	}
	for _, r := range rs {
		if !in(first, r.first) {
			continue
		}
		if PyMatch(r.re, value) {
			return r.tag
		}
	}
	return TagStr
}

// thousands writes n with a comma every three digits, as the limits are
// written in the documentation.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
