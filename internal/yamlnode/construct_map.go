package yamlnode

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// mapping is ruamel's round-trip construct_mapping: merge keys first (each
// merged mapping built, the mapping's own "<<" entries removed), then the
// own entries in order, each key checked against the earlier ones as a
// Python dict compares keys, then the merged entries the mapping does not
// have yet, first merged mapping first.
func (c *constructor) mapping(n *yamlrt.Node, y *Node) {
	y.Kind = jsonv.Object
	c.deep++ // construct_mapping(deep=True): keys and values are built deep
	defer func() { c.deep-- }()
	merged, pairs := c.merges(n)
	y.Members = make([]Member, 0, len(pairs)/2)
	keys := c.keyIndex()
	defer keys.release()
	for i := 0; i < len(pairs); i += 2 {
		kn, vn := pairs[i], pairs[i+1]
		k := c.key(kn)
		v := c.object(vn)
		id := idOf(k)
		if at, ok := keys.find(y.Members, k, id); ok {
			m := y.Members[at]
			if hugeInt(k) || hugeInt(v) || hugeInt(m.Value) {
				// ruamel's message writes the key and both values with
				// str(), which Python refuses for such an integer.
				failValue(kn.Start, "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit")
			}
			fail(FatalYAML, kn.Start, "while constructing a mapping: found duplicate key %q (first at line %d, column %d)",
				PyStr(k), m.KeyNode.Line, m.KeyNode.Column)
		}
		keys.add(id)
		y.Members = append(y.Members, Member{Key: PyStr(k), KeyNode: k, Value: v})
	}
	for _, src := range merged {
		for _, m := range src.Members {
			id := idOf(m.KeyNode)
			if _, ok := keys.find(y.Members, m.KeyNode, id); ok {
				continue
			}
			keys.add(id)
			y.Members = append(y.Members, Member{Key: m.Key, KeyNode: m.KeyNode, Value: m.Value, Merged: true})
		}
	}
}

// keyIndex finds the members of a mapping being built by key, as a Python
// dict does: by a hash first (keyID), then by equality (KeyEqual). A
// small mapping is searched in order; past manyKeys keys a map finds the
// candidates, so that a mapping of many keys is built in linear time.
// The ids of its members, by index, are the constructor's stack from
// base on (the ids of mappings built inside this one come and go above
// them), until release.
type keyIndex struct {
	c      *constructor
	base   int
	lookup map[keyID][]int
}

// manyKeys is the size from which a mapping's keys are looked up in a map.
const manyKeys = 32

// keyID is a key's hash bucket: a str key by its text (which costs
// nothing), any other by [keyBucket]. A str key only equals a str key.
type keyID struct {
	str  bool
	text string
}

func idOf(k *Node) keyID {
	if k.IsStr() {
		return keyID{str: true, text: k.Scalar.Text}
	}
	return keyID{text: keyBucket(k)}
}

func (c *constructor) keyIndex() keyIndex { return keyIndex{c: c, base: len(c.ids)} }

// release drops the mapping's ids from the constructor's stack.
func (ix *keyIndex) release() {
	clear(ix.c.ids[ix.base:])
	ix.c.ids = ix.c.ids[:ix.base]
}

// find returns the index in members of the key equal to k, whose id is id.
func (ix *keyIndex) find(members []Member, k *Node, id keyID) (int, bool) {
	if ix.lookup != nil {
		for _, i := range ix.lookup[id] {
			if KeyEqual(members[i].KeyNode, k) {
				return i, true
			}
		}
		return 0, false
	}
	for i, x := range ix.c.ids[ix.base:] {
		if x == id && KeyEqual(members[i].KeyNode, k) {
			return i, true
		}
	}
	return 0, false
}

// add records the id of the next member.
func (ix *keyIndex) add(id keyID) {
	ix.c.ids = append(ix.c.ids, id)
	ids := ix.c.ids[ix.base:]
	switch {
	case ix.lookup != nil:
		ix.lookup[id] = append(ix.lookup[id], len(ids)-1)
	case len(ids) == manyKeys:
		ix.lookup = make(map[keyID][]int, 2*manyKeys)
		for i, x := range ids {
			ix.lookup[x] = append(ix.lookup[x], i)
		}
	}
}

// keyBucket is a hash of a key: keys KeyEqual finds equal have the same
// bucket (1, 1.0 and true share "n:1").
func keyBucket(k *Node) string {
	switch {
	case k.PyType != "":
		return "p:" + k.PyType + ":" + k.Scalar.Text
	case k.Kind == jsonv.Object:
		return "o"
	case k.Kind == jsonv.Array:
		var b strings.Builder
		b.WriteString("a(")
		for _, it := range k.Items {
			b.WriteString(keyBucket(it))
			b.WriteByte(',')
		}
		b.WriteByte(')')
		return b.String()
	}
	if r, ok := pyNumber(k); ok {
		if r == nil {
			return fmt.Sprint("n?", pyInf(k))
		}
		return "n:" + r.RatString()
	}
	return k.Kind.String() + ":" + k.Scalar.Text
}

// hugeInt reports whether n holds, at any depth, an integer Python will
// not write in decimal (more than 4,300 digits).
func hugeInt(n *Node) bool {
	switch n.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Number:
		return n.keyFailure() != ""
	case jsonv.Array:
		for _, it := range n.Items {
			if hugeInt(it) {
				return true
			}
		}
	case jsonv.Object:
		for _, m := range n.Members {
			if hugeInt(m.KeyNode) || hugeInt(m.Value) {
				return true
			}
		}
	}
	return false
}

// merges is flatten_mapping: it builds the mappings the merge key brings in
// and returns them with the mapping's other entries. A second merge key,
// or a merge of something that is not a mapping, fails.
func (c *constructor) merges(n *yamlrt.Node) ([]*Node, []*yamlrt.Node) {
	var merged []*Node
	seen := false
	pairs := n.Pairs
	for i := 0; i < len(n.Pairs); i += 2 {
		kn, vn := n.Pairs[i], n.Pairs[i+1]
		if kn.Tag != yamlrt.TagMerge {
			continue
		}
		if seen {
			fail(FatalYAML, kn.Start, `while constructing a mapping: found duplicate merge key "<<"`)
		}
		seen = true
		if _, ok := c.building[vn]; ok {
			fail(FatalLimit, vn.Start, "a merge key merges the mapping that holds it (dryfire-tui refuses a document that does)")
		}
		switch vn.Kind {
		case yamlrt.MappingNode:
			merged = append(merged, c.object(vn))
		case yamlrt.SequenceNode:
			// The list's mappings are built with the list, then merged:
			// each is reached twice.
			for _, sub := range vn.Items {
				if sub.Kind == yamlrt.MappingNode && sub.Anchor == "" {
					if c.shared == nil {
						c.shared = map[*yamlrt.Node]bool{}
					}
					c.shared[sub] = true
				}
			}
			c.object(vn)
			for _, sub := range vn.Items {
				if sub.Kind != yamlrt.MappingNode {
					fail(FatalYAML, sub.Start, "while constructing a mapping: expected a mapping for merging, but found %s", nodeID(sub))
				}
				if _, ok := c.building[sub]; ok {
					fail(FatalLimit, sub.Start, "a merge key merges the mapping that holds it (dryfire-tui refuses a document that does)")
				}
				merged = append(merged, c.object(sub))
			}
		default:
			fail(FatalYAML, vn.Start, "while constructing a mapping: expected a mapping or list of mappings for merging, but found %s", nodeID(vn))
		}
	}
	if seen {
		pairs = make([]*yamlrt.Node, 0, len(n.Pairs))
		for i := 0; i < len(n.Pairs); i += 2 {
			if n.Pairs[i].Tag != yamlrt.TagMerge {
				pairs = append(pairs, n.Pairs[i], n.Pairs[i+1])
			}
		}
	}
	return merged, pairs
}

// key builds a mapping key; a "=" key (the value tag) is read as a string
// there, and a list key becomes a tuple.
func (c *constructor) key(kn *yamlrt.Node) *Node {
	if kn.Tag == yamlrt.TagValue {
		track := c.tracked(kn)
		if y, ok := c.built[kn]; ok && track {
			return y
		}
		y := &Node{Kind: jsonv.String, Scalar: jsonv.StringValue(kn.Value)}
		y.Line, y.Column = at(kn)
		if track {
			c.built[kn] = y
		}
		return y
	}
	k := c.object(kn)
	if k.PyType == "CommentedSet" {
		// Neither a sequence nor a mapping, which ruamel makes hashable
		// keys of: a set (an alias to one too) cannot be a key.
		fail(FatalYAML, kn.Start, "while constructing a mapping: found unhashable key")
	}
	switch k.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Array:
		for _, it := range k.Items {
			if !hashable(it) {
				failValue(kn.Start, "TypeError: unhashable type: 'CommentedSeq'")
			}
		}
	case jsonv.Object:
		for _, m := range k.Members {
			if !hashable(m.Value) {
				failValue(kn.Start, "TypeError: unhashable type: 'CommentedSeq'")
			}
		}
	}
	return k
}

// hashable reports whether Python can hash a value inside a key (a list
// key becomes a tuple, a mapping key a frozen mapping; their elements must
// hash).
func hashable(n *Node) bool {
	return n.Kind != jsonv.Array && n.Kind != jsonv.Object && n.PyType != "CommentedSet"
}

// KeyEqual compares two keys as a Python dict does: 1, 1.0 and True are
// one key, None is None, dates compare by value, a tagged scalar only
// equals itself.
func KeyEqual(a, b *Node) bool {
	if a == b {
		return true
	}
	if a.PyType != "" || b.PyType != "" {
		if a.PyType != b.PyType || a.PyType == "TaggedScalar" || a.PyType == "CommentedSet" {
			return false
		}
		return a.Scalar.Text == b.Scalar.Text
	}
	if a.Kind == jsonv.Object || b.Kind == jsonv.Object {
		if a.Kind != b.Kind || len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			if !KeyEqual(a.Members[i].KeyNode, b.Members[i].KeyNode) || !KeyEqual(a.Members[i].Value, b.Members[i].Value) {
				return false
			}
		}
		return true
	}
	if a.Kind == jsonv.Array || b.Kind == jsonv.Array {
		if a.Kind != b.Kind || len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !KeyEqual(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	}
	an, aok := pyNumber(a)
	bn, bok := pyNumber(b)
	if aok || bok {
		if !aok || !bok {
			return false
		}
		if an == nil || bn == nil {
			// inf equals inf and -inf -inf. NaN equals nothing in Python,
			// but ruamel gives every .nan of a document one float object
			// (its nan_value), and a dict finds a key by identity first:
			// two .nan keys are one.
			return (an == nil) == (bn == nil) && pyInf(a) == pyInf(b)
		}
		return an.Cmp(bn) == 0
	}
	if a.Kind != b.Kind {
		return false
	}
	return a.Kind == jsonv.Null || a.Scalar.Text == b.Scalar.Text
}

// pyNumber is a bool, int or float key as an exact rational (nil for NaN
// and the infinities, which equal nothing here).
func pyNumber(n *Node) (*big.Rat, bool) {
	switch n.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Bool:
		if n.Scalar.Bool {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	case jsonv.Number:
		if n.Scalar.IsInt() {
			r, ok := new(big.Rat).SetString(n.Scalar.Text)
			return r, ok
		}
		f, _ := n.Scalar.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, true
		}
		return new(big.Rat).SetFloat64(f), true
	}
	return nil, false
}

// float is ruamel's construct_yaml_float: signs, .inf and .nan, an
// exponent split off the text as written, the rest read by Python's
// float().
func (c *constructor) float(n *yamlrt.Node, y *Node) {
	so := c.scalarValue(n)
	s := strings.ToLower(strings.ReplaceAll(so, "_", ""))
	if s == "" {
		failValue(n.Start, "IndexError: string index out of range")
	}
	sign := 1.0
	if s[0] == '-' {
		sign = -1
	}
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	y.Kind = jsonv.Number
	switch {
	case s == ".inf":
		y.Scalar = jsonv.NumberValue(map[bool]string{true: "Infinity", false: "-Infinity"}[sign > 0])
		return
	case s == ".nan":
		y.Scalar = jsonv.NumberValue("NaN")
		return
	case c.version != [2]int{1, 2} && strings.Contains(s, ":"):
		v := 0.0
		for part := range strings.SplitSeq(s, ":") {
			f, ok := ParseFloat(part)
			if !ok {
				failValue(n.Start, "ValueError: could not convert string to float: %s", docText(jsonv.PyRepr(part)))
			}
			v = v*60 + f
		}
		y.Scalar = floatValue(sign * v)
		return
	case strings.Contains(s, "e"):
		parts := strings.Split(so, "e")
		if len(parts) != 2 {
			parts = strings.Split(so, "E")
		}
		if len(parts) != 2 {
			failValue(n.Start, "ValueError: not enough values to unpack")
		}
		if parts[1] == "" {
			failValue(n.Start, "IndexError: string index out of range")
		}
	}
	f, ok := ParseFloat(s)
	if !ok {
		failValue(n.Start, "ValueError: could not convert string to float: %s", docText(jsonv.PyRepr(s)))
	}
	y.Scalar = floatValue(sign * f)
	y.class = scalarFloat
}

func floatValue(f float64) jsonv.Value {
	switch {
	case math.IsNaN(f):
		return jsonv.NumberValue("NaN")
	case math.IsInf(f, 1):
		return jsonv.NumberValue("Infinity")
	case math.IsInf(f, -1):
		return jsonv.NumberValue("-Infinity")
	}
	return jsonv.FloatValue(f)
}

// pyInf is 1 for a float key that is inf, -1 for -inf, 0 for any other
// (NaN included).
func pyInf(n *Node) int {
	if n.Kind != jsonv.Number || n.Scalar.IsInt() {
		return 0
	}
	f, _ := n.Scalar.Float()
	switch {
	case math.IsInf(f, 1):
		return 1
	case math.IsInf(f, -1):
		return -1
	}
	return 0
}
