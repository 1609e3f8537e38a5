package loaderdiff

import (
	"strings"
)

// node is one node of a generated YAML document, rendered to text by
// [render]. Styles are chosen when the node is built, so rendering is
// deterministic.
type node struct {
	kind nodeKind
	// text is a scalar's source on one line, quotes, tag and escapes
	// included; a raw node's text is written as is.
	text string
	// header and body are a scalar's multi-line form, used as a block
	// mapping value or a block sequence item: the header follows "key: "
	// and each body line is written on its own line, indented deeper
	// than the parent (a leading "\x00" in a body line means "write no
	// indentation": an empty line or a line that starts at column 1).
	header string
	body   []string
	anchor string
	tag    string
	keys   []*node
	vals   []*node
	items  []*node
	flow   bool
	// wide indents a block sequence under a mapping key by two more
	// spaces than the key (the other common style puts the dash under
	// the key).
	wide bool
	// explicit writes a key with the "? key" / ": value" indicators;
	// below writes a scalar value on the next line, indented.
	explicit, below bool
	// json is the value a reader expects the node to load as, in JSON,
	// used to build tool-call arguments that a `when` should match; ""
	// when it is not known.
	json string
}

type nodeKind uint8

const (
	scalarNode nodeKind = iota
	mapNode
	seqNode
	aliasNode
)

func scalar(text, json string) *node { return &node{kind: scalarNode, text: text, json: json} }

func alias(name string) *node { return &node{kind: aliasNode, text: "*" + name} }

func mapping(flow bool) *node { return &node{kind: mapNode, flow: flow} }

func sequence(flow bool) *node { return &node{kind: seqNode, flow: flow} }

// add appends a member to a mapping and returns the mapping.
func (n *node) add(key string, v *node) *node {
	return n.addNode(scalar(key, quoteJSON(key)), v)
}

func (n *node) addNode(k, v *node) *node {
	n.keys = append(n.keys, k)
	n.vals = append(n.vals, v)
	return n
}

// push appends an item to a sequence and returns the sequence.
func (n *node) push(v ...*node) *node {
	n.items = append(n.items, v...)
	return n
}

func (n *node) multiline() bool { return n.kind == scalarNode && n.header != "" }

// flowable reports whether the node can be written in flow context.
func (n *node) flowable() bool {
	switch n.kind { //nolint:exhaustive // the other kinds need nothing here
	case scalarNode:
		return n.header == ""
	case mapNode:
		for i := range n.keys {
			if !n.keys[i].flowable() || !n.vals[i].flowable() {
				return false
			}
		}
	case seqNode:
		for _, it := range n.items {
			if !it.flowable() {
				return false
			}
		}
	}
	return true
}

// props is the tag and anchor prefix of a node ("" when it has none).
func (n *node) props() string {
	var p []string
	if n.anchor != "" {
		p = append(p, "&"+n.anchor)
	}
	if n.tag != "" {
		p = append(p, n.tag)
	}
	if len(p) == 0 {
		return ""
	}
	return strings.Join(p, " ") + " "
}

// inline writes the node on one line (flow style for containers).
func (n *node) inline(b *strings.Builder) {
	b.WriteString(n.props())
	switch n.kind {
	case scalarNode, aliasNode:
		b.WriteString(n.text)
	case mapNode:
		b.WriteByte('{')
		for i := range n.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			n.keys[i].inline(b)
			if n.keys[i].kind == aliasNode {
				b.WriteByte(' ')
			}
			b.WriteString(": ")
			n.vals[i].inline(b)
		}
		b.WriteByte('}')
	case seqNode:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.inline(b)
		}
		b.WriteByte(']')
	}
}

// render writes a whole document whose root is n.
func render(n *node) string {
	var b strings.Builder
	if n.kind == scalarNode || n.kind == aliasNode || n.flow || (n.kind != scalarNode && len(n.keys)+len(n.items) == 0) {
		n.inline(&b)
		b.WriteByte('\n')
		return b.String()
	}
	if p := n.props(); p != "" {
		b.WriteString(strings.TrimSpace(p))
		b.WriteByte('\n')
	}
	n.block(&b, 0)
	return b.String()
}

func pad(b *strings.Builder, indent int) {
	for range indent {
		b.WriteByte(' ')
	}
}

// isBlock reports whether the node is written in block style.
func (n *node) isBlock() bool {
	return (n.kind == mapNode && !n.flow && len(n.keys) > 0) || (n.kind == seqNode && !n.flow && len(n.items) > 0)
}

// block writes a block container's entries, each line starting at indent;
// the first line's indentation is assumed written when first is set.
func (n *node) block(b *strings.Builder, indent int) {
	n.blockFrom(b, indent, false)
}

func (n *node) blockFrom(b *strings.Builder, indent int, first bool) {
	switch n.kind { //nolint:exhaustive // the other kinds need nothing here
	case mapNode:
		for i := range n.keys {
			if i > 0 || !first {
				pad(b, indent)
			}
			k := n.keys[i]
			if k.explicit || !k.flowable() || k.kind == mapNode || k.kind == seqNode {
				b.WriteString("? ")
				k.inline(b)
				b.WriteByte('\n')
				pad(b, indent)
				b.WriteByte(':')
			} else {
				k.inline(b)
				if k.kind == aliasNode {
					b.WriteByte(' ')
				}
				b.WriteByte(':')
			}
			n.vals[i].value(b, indent, true)
		}
	case seqNode:
		for i, it := range n.items {
			if i > 0 || !first {
				pad(b, indent)
			}
			b.WriteByte('-')
			it.value(b, indent, false)
		}
	}
}

// value writes a mapping value or a sequence item after its ":" or "-".
func (n *node) value(b *strings.Builder, indent int, inMap bool) {
	switch {
	case n.multiline():
		b.WriteByte(' ')
		b.WriteString(n.props())
		b.WriteString(n.header)
		b.WriteByte('\n')
		for _, line := range n.body {
			if strings.HasPrefix(line, "\x00") {
				b.WriteString(line[1:])
			} else {
				pad(b, indent+2)
				b.WriteString(line)
			}
			b.WriteByte('\n')
		}
	case n.isBlock():
		child := indent + 2
		if inMap && n.kind == seqNode && !n.wide {
			child = indent
		}
		if p := n.props(); p != "" || inMap {
			if p != "" {
				b.WriteByte(' ')
				b.WriteString(strings.TrimSpace(p))
			}
			b.WriteByte('\n')
			n.block(b, child)
			return
		}
		// A block container as a sequence item starts on the dash's line.
		b.WriteByte(' ')
		n.blockFrom(b, indent+2, true)
	case n.below && n.kind == scalarNode && inMap:
		b.WriteByte('\n')
		pad(b, indent+2)
		n.inline(b)
		b.WriteByte('\n')
	default:
		b.WriteByte(' ')
		n.inline(b)
		b.WriteByte('\n')
	}
}

// quoteJSON writes s as a JSON string.
func quoteJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
