package yamlnode

import (
	"encoding/base64"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// constructor turns composed nodes into Nodes as ruamel's round-trip
// constructor turns them into Python objects: scalars typed by their tag,
// merge keys applied, duplicate keys refused, each node built once (an
// alias shares the node it names).
//
// Only a node with an anchor can be reached twice (the composer makes a
// tree, and an alias points at an anchored node), and the mappings of a
// merge key's list, which are built with the list and then merged: only
// those are tracked in built and building.
type constructor struct {
	version [2]int
	built   map[*yamlrt.Node]*Node
	// building holds the collections being built, each with whether it
	// is built "deep" (deep > 0 when it started: inside a mapping, a set
	// or a key), which decides what an alias inside it gives.
	building map[*yamlrt.Node]bool
	// shared are the nodes without an anchor that are reached twice.
	shared map[*yamlrt.Node]bool
	deep   int
	// ids is the stack of the key ids of the mappings being built (see
	// [keyIndex]); new Nodes are taken from the arena when there is one,
	// else from slab.
	ids   []keyID
	arena *Arena
	slab  []Node
}

func newConstructor(version [2]int, arena *Arena) *constructor {
	return &constructor{version: version, built: map[*yamlrt.Node]*Node{}, building: map[*yamlrt.Node]bool{}, arena: arena}
}

// newNode returns a zero Node. Nodes are allocated in blocks, which cost
// one allocation for many: a document's nodes live and die together.
func (c *constructor) newNode() *Node {
	if c.arena != nil {
		return c.arena.newNode()
	}
	if len(c.slab) == 0 {
		c.slab = make([]Node, 64)
	}
	y := &c.slab[0]
	c.slab = c.slab[1:]
	return y
}

// tracked reports whether n can be reached twice.
func (c *constructor) tracked(n *yamlrt.Node) bool {
	return n.Anchor != "" || (len(c.shared) > 0 && c.shared[n])
}

// fail stops construction with a load error. An argument that is a
// [docText] is left out of the error's Redacted message.
func fail(kind string, m yamlrt.Mark, format string, args ...any) {
	var redacted []any
	for i, a := range args {
		if _, ok := a.(docText); ok {
			if redacted == nil {
				redacted = slices.Clone(args)
			}
			redacted[i] = redactedText
		}
	}
	if redacted == nil {
		redacted = args
	}
	panic(&LoadError{Fatal: kind, Line: m.Line + 1, Column: m.Column + 1,
		Message: fmt.Sprintf(format, args...), Redacted: fmt.Sprintf(format, redacted...)})
}

// docText is text of the document quoted in an error message (a tag, a
// scalar), as the message quotes it.
type docText string

// redactedText stands for the document's text in a Redacted message.
const redactedText = "'…'"

// failValue stops construction the way a Python exception does: no position
// of ruamel's own, but ours for the reader.
func failValue(m yamlrt.Mark, format string, args ...any) {
	fail(FatalValue, m, format, args...)
}

func (c *constructor) document(root *yamlrt.Node) (out *Node, err error) {
	defer func() {
		if v := recover(); v != nil {
			le, ok := v.(*LoadError)
			if !ok {
				panic(v)
			}
			out, err = nil, le
		}
	}()
	return c.object(root), nil
}

func at(n *yamlrt.Node) (int, int) { return n.Start.Line + 1, n.Start.Column + 1 }

func (c *constructor) object(n *yamlrt.Node) *Node {
	if !c.tracked(n) {
		y := c.newNode()
		y.Line, y.Column = at(n)
		c.build(n, y)
		return y
	}
	if y, ok := c.built[n]; ok {
		return y
	}
	if deep, ok := c.building[n]; ok {
		// An alias inside the collection it names. ruamel builds a
		// collection inside a mapping at once, before it registers it,
		// and gives such an alias None; the document's root, and a
		// collection reached through sequences only, it registers first
		// and fills later, and the alias makes the value contain itself.
		if !deep {
			fail(FatalLimit, n.Start, "an alias makes this collection contain itself (dryfire-tui refuses a document that does)")
		}
		y := &Node{Kind: jsonv.Null}
		y.Line, y.Column = at(n)
		return y
	}
	y := c.newNode()
	y.Line, y.Column = at(n)
	if n.Kind != yamlrt.ScalarNode {
		c.building[n] = c.deep > 0
		defer delete(c.building, n)
	}
	c.build(n, y)
	c.built[n] = y
	return y
}

// build fills y from n by n's tag.
func (c *constructor) build(n *yamlrt.Node, y *Node) {
	switch n.Tag {
	case yamlrt.TagNull:
		c.scalarValue(n)
	case yamlrt.TagBool:
		c.boolean(n, y)
	case yamlrt.TagInt:
		c.integer(n, y)
	case yamlrt.TagFloat:
		c.float(n, y)
	case yamlrt.TagStr:
		if n.TagHandle != "" {
			c.unknown(n, y)
			return
		}
		y.Kind, y.Scalar = jsonv.String, jsonv.StringValue(c.scalarValue(n))
		y.class = strClass(n)
	case yamlrt.TagTimestamp:
		c.timestamp(n, y)
	case yamlrt.TagBinary:
		c.binary(n, y)
	case yamlrt.TagSeq:
		if n.Kind != yamlrt.SequenceNode {
			fail(FatalYAML, n.Start, "expected a sequence node, but found %s", nodeID(n))
		}
		c.sequence(n, y)
	case yamlrt.TagMap:
		if n.Kind != yamlrt.MappingNode {
			fail(FatalYAML, n.Start, "expected a mapping node, but found %s", nodeID(n))
		}
		c.mapping(n, y)
	case yamlrt.TagOmap, yamlrt.TagPairs:
		c.pairs(n, y)
	case yamlrt.TagSet:
		c.set(n, y)
	default:
		c.unknown(n, y)
	}
}

func nodeID(n *yamlrt.Node) string {
	switch n.Kind { //nolint:exhaustive // the other kinds need nothing here
	case yamlrt.SequenceNode:
		return "sequence"
	case yamlrt.MappingNode:
		return "mapping"
	}
	return "scalar"
}

// scalarValue is construct_scalar: the text of a scalar node.
func (c *constructor) scalarValue(n *yamlrt.Node) string {
	if n.Kind != yamlrt.ScalarNode {
		fail(FatalYAML, n.Start, "expected a scalar node, but found %s", nodeID(n))
	}
	return n.Value
}

// boolean: true/false (yes/no/on/off/y/n too when tagged); an anchored
// boolean is ruamel's ScalarBoolean, an int.
func (c *constructor) boolean(n *yamlrt.Node, y *Node) {
	var b bool
	switch strings.ToLower(c.scalarValue(n)) {
	case "yes", "y", "true", "on":
		b = true
	case "no", "n", "false", "off":
	default:
		failValue(n.Start, "KeyError: %s is not a boolean", docText(jsonv.PyRepr(strings.ToLower(n.Value))))
	}
	if n.Anchor != "" {
		y.Kind, y.Scalar = jsonv.Number, jsonv.IntValue(map[bool]int64{false: 0, true: 1}[b])
		y.class = scalarBoolean
		return
	}
	y.Kind, y.Scalar = jsonv.Bool, jsonv.BoolValue(b)
}

func (c *constructor) after11() bool {
	return c.version[0] > 1 || (c.version[0] == 1 && c.version[1] > 1)
}

// integer is ruamel's construct_yaml_int for round trip.
func (c *constructor) integer(n *yamlrt.Node, y *Node) {
	su := c.scalarValue(n)
	s := strings.ReplaceAll(su, "_", "")
	if s == "" {
		failValue(n.Start, "IndexError: string index out of range")
	}
	sign := ""
	if s[0] == '+' || s[0] == '-' {
		if s[0] == '-' {
			sign = "-"
		}
		s = s[1:]
	}
	base, digits := 10, s
	y.class = c.intClass(n, su, s)
	switch {
	case strings.HasPrefix(s, "0b"), strings.HasPrefix(s, "0x"), strings.HasPrefix(s, "0o"):
		if len(s) < 3 && c.after11() {
			failValue(n.Start, "IndexError: string index out of range")
		}
		base, digits = map[byte]int{'b': 2, 'x': 16, 'o': 8}[s[1]], s[2:]
	case c.version != [2]int{1, 2} && len(s) > 1 && s[0] == '0':
		base = 8
	case c.version != [2]int{1, 2} && strings.Contains(s, ":"):
		c.sexagesimalInt(n, y, sign, s)
		return
	}
	if base == 10 && len(digits) <= 18 && allDigits(digits) {
		// The common case, which fits an int64: no math/big.
		u, _ := strconv.ParseUint(digits, 10, 64)
		text := strconv.FormatUint(u, 10)
		if sign == "-" && u != 0 {
			text = "-" + text
		}
		y.Kind, y.Scalar = jsonv.Number, jsonv.NumberValue(text)
		return
	}
	v, ok := pyInt(digits, base)
	if !ok {
		failValue(n.Start, "ValueError: invalid literal for int() with base %d: %s", base, docText(jsonv.PyRepr(digits)))
	}
	if base == 10 && countDigits(digits) > 4300 {
		failValue(n.Start, "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", countDigits(digits))
	}
	if sign == "-" {
		v.Neg(v)
	}
	y.Kind, y.Scalar = jsonv.Number, jsonv.NumberValue(v.String())
}

// intClass is the class ruamel's construct_yaml_int builds for the int
// written su (s: without underscores and sign).
func (c *constructor) intClass(n *yamlrt.Node, su, s string) pyClass {
	switch {
	case strings.HasPrefix(s, "0b"):
		return binaryInt
	case strings.HasPrefix(s, "0x"):
		for _, ch := range s[2:] {
			if ch >= 'A' && ch <= 'F' {
				return hexCapsInt
			}
			if ch >= 'a' && ch <= 'f' {
				break
			}
		}
		return hexInt
	case strings.HasPrefix(s, "0o"):
		return octalInt
	case c.version != [2]int{1, 2} && len(s) > 1 && s[0] == '0':
		return octalInt
	case c.version != [2]int{1, 2} && strings.Contains(s, ":"):
		return plainClass
	case c.after11() && s != "" && s[0] == '0',
		strings.Contains(strings.TrimRight(su, "_"), "_"),
		n.Anchor != "":
		return scalarInt
	}
	return plainClass
}

// strClass is the class ruamel builds a string as: a block scalar keeps
// its style, an anchored plain one its anchor.
func strClass(n *yamlrt.Node) pyClass {
	switch {
	case n.Style == '|':
		return literalString
	case n.Style == '>':
		return foldedString
	case n.Anchor != "":
		return plainScalarString
	}
	return plainClass
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// pyInt is Python's int(s, base) for the ASCII spellings YAML allows:
// surrounding white space is ignored.
func pyInt(s string, base int) (*big.Int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, false
	}
	return new(big.Int).SetString(s, base)
}

func (c *constructor) sexagesimalInt(n *yamlrt.Node, y *Node, sign, s string) {
	v := new(big.Int)
	for part := range strings.SplitSeq(s, ":") {
		d, ok := pyInt(part, 10)
		if !ok {
			failValue(n.Start, "ValueError: invalid literal for int() with base 10: %s", docText(jsonv.PyRepr(part)))
		}
		v.Mul(v, big.NewInt(60)).Add(v, d)
	}
	if sign == "-" {
		v.Neg(v)
	}
	y.Kind, y.Scalar = jsonv.Number, jsonv.NumberValue(v.String())
}

// binary is !!binary: base64 bytes, which have no JSON form.
func (c *constructor) binary(n *yamlrt.Node, y *Node) {
	s := c.scalarValue(n)
	clean := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' {
			return -1
		}
		return r
	}, s)
	data, err := base64.StdEncoding.DecodeString(clean)
	if err != nil {
		fail(FatalYAML, n.Start, "failed to decode base64 data: %v", err)
	}
	// The bytes themselves: pydantic takes them as a str where one is
	// needed, when they are UTF-8.
	y.Kind, y.Scalar, y.PyType = jsonv.String, jsonv.StringValue(string(data)), "bytes"
}

func (c *constructor) sequence(n *yamlrt.Node, y *Node) {
	y.Kind = jsonv.Array
	y.Items = make([]*Node, 0, len(n.Items))
	for _, it := range n.Items {
		y.Items = append(y.Items, c.object(it))
	}
}

// unknown is construct_unknown: a mapping or a sequence keeps its content
// (the tag is only remembered), a scalar becomes a TaggedScalar. Any
// failure inside becomes ruamel's "could not determine a constructor".
func (c *constructor) unknown(n *yamlrt.Node, y *Node) {
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(*LoadError); !ok {
				panic(v)
			}
			fail(FatalYAML, n.Start, "could not determine a constructor for the tag %s", docText(jsonv.PyRepr(n.Tag)))
		}
	}()
	switch n.Kind {
	case yamlrt.MappingNode:
		c.mapping(n, y)
	case yamlrt.SequenceNode:
		c.sequence(n, y)
	default:
		y.Kind, y.Scalar, y.PyType = jsonv.String, jsonv.StringValue(n.Value), "TaggedScalar"
		y.Style, y.Detail = byte(n.Style), n.Tag
	}
}

// pairs is !!omap and !!pairs: a sequence of one-entry mappings, read as
// a mapping (omap) or a list of [key, value] pairs.
func (c *constructor) pairs(n *yamlrt.Node, y *Node) {
	what := "an ordered map"
	if n.Tag == yamlrt.TagPairs {
		what = "pairs"
	}
	if n.Kind != yamlrt.SequenceNode {
		fail(FatalYAML, n.Start, "while constructing %s: expected a sequence, but found %s", what, nodeID(n))
	}
	var out []Member
	for _, sub := range n.Items {
		if sub.Kind != yamlrt.MappingNode {
			fail(FatalYAML, sub.Start, "while constructing %s: expected a mapping of length 1, but found %s", what, nodeID(sub))
		}
		if len(sub.Pairs) != 2 {
			fail(FatalYAML, sub.Start, "while constructing %s: expected a single mapping item, but found %d items", what, len(sub.Pairs)/2)
		}
		k, v := c.object(sub.Pairs[0]), c.object(sub.Pairs[1])
		out = append(out, Member{Key: PyStr(k), KeyNode: k, Value: v})
	}
	if n.Tag == yamlrt.TagPairs {
		y.Kind = jsonv.Array
		for _, m := range out {
			y.Items = append(y.Items, &Node{Kind: jsonv.Array, Items: []*Node{m.KeyNode, m.Value}, Line: y.Line, Column: y.Column, tuple: true})
		}
		return
	}
	y.Kind = jsonv.Object
	keys := c.keyIndex()
	defer keys.release()
	for _, m := range out {
		id := idOf(m.KeyNode)
		if _, ok := keys.find(y.Members, m.KeyNode, id); ok {
			failValue(n.Start, "AssertionError: duplicate key in an ordered map")
		}
		keys.add(id)
		y.Members = append(y.Members, m)
	}
}

// set is !!set: a mapping whose keys form a Python set (no JSON form).
func (c *constructor) set(n *yamlrt.Node, y *Node) {
	if n.Kind != yamlrt.MappingNode {
		fail(FatalYAML, n.Start, "expected a mapping node, but found %s", nodeID(n))
	}
	var members []Member // the set's keys, as members for keyIndex
	keys := c.keyIndex()
	defer keys.release()
	c.deep++ // construct_setting builds keys and values deep
	defer func() { c.deep-- }()
	for i := 0; i < len(n.Pairs); i += 2 {
		k := c.object(n.Pairs[i])
		c.object(n.Pairs[i+1])
		id := idOf(k)
		if _, ok := keys.find(members, k, id); ok {
			fail(FatalYAML, n.Pairs[i].Start, "while constructing a mapping: found duplicate key %s", jsonv.PyRepr(PyStr(k)))
		}
		keys.add(id)
		members = append(members, Member{KeyNode: k})
	}
	y.Kind, y.Scalar, y.PyType = jsonv.String, jsonv.StringValue(""), "CommentedSet"
	y.Members = members
}
