package loaderdiff

import (
	"fmt"
	"strings"
)

// refNode writes content to a file next to the suite (JSON or YAML) and
// returns the {$ref: path} mapping that pulls it in; now and then the
// mapping has sibling keys, or points at a file that does not exist.
func (g *gen) refNode(base string, content *node) *node {
	ext := g.pick(".json", ".json", ".yaml", ".yml")
	path := base + ext
	var data []byte
	if ext == ".json" {
		data = []byte(g.jsonText(content))
	} else {
		data = []byte(render(content))
	}
	data = g.fileBytes(data)
	g.files[path] = data
	ref := mapping(g.p(0.5))
	target := g.pick(path, path, path, "./"+path, path+"x")
	ref.add("$ref", scalar(target, quoteJSON(target)))
	if g.p(0.1) {
		ref.add("description", scalar("sibling", ""))
	}
	return ref
}

// jsonText writes a node as JSON text, spelling strings with the escapes
// of the ref-escapes class; nodes whose JSON is not known are written as
// their YAML flow text quoted.
func (g *gen) jsonText(n *node) string {
	var b strings.Builder
	g.writeJSON(&b, n, 0)
	if g.p(0.5) {
		b.WriteByte('\n')
	}
	return b.String()
}

func (g *gen) writeJSON(b *strings.Builder, n *node, indent int) {
	nl := func(d int) {
		if indent >= 0 {
			b.WriteByte('\n')
			pad(b, 2*d)
		}
	}
	switch n.kind {
	case mapNode:
		b.WriteByte('{')
		for i := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(indent + 1)
			b.WriteString(g.jsonKey(n.keys[i]))
			b.WriteString(": ")
			g.writeJSON(b, n.vals[i], indent+1)
		}
		if len(n.keys) > 0 {
			nl(indent)
		}
		b.WriteByte('}')
	case seqNode:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteString(", ")
			}
			g.writeJSON(b, it, indent+1)
		}
		b.WriteByte(']')
	default:
		if g.is("ref-escapes") && g.p(0.5) {
			b.WriteString(g.jsonEscapes())
			return
		}
		if n.json != "" {
			b.WriteString(n.json)
			return
		}
		b.WriteString(g.pick(`1`, `1.0`, `-0`, `1E+2`, `1e5`, `true`, `null`, `"x"`, `0.1`, `12345678901234567890`))
	}
}

func (g *gen) jsonKey(k *node) string {
	if k.json != "" && strings.HasPrefix(k.json, `"`) {
		return k.json
	}
	return quoteJSON(strings.Trim(k.text, `'"`))
}

// jsonEscapes is a JSON string with escapes YAML reads its own way.
func (g *gen) jsonEscapes() string {
	parts := []string{}
	for range 1 + g.r.IntN(3) {
		parts = append(parts, g.pick(`\ud83d\ude00`, `\ud800`, `\udc00`, `\udc00\ud800`, `\u00e9`, `\u0065\u0301`, `\/`,
			`\b`, `\f`, `\n`, `\r`, `\t`, `\"`, `\\`, `\u0000`, `\u001f`, `\u2028`, `\u0085`, `\uFEFF`, "plain",
			`\U0001F600`, `\x41`, `\'`, "\t", "é", `\uD83D\uDE00`, `\ud83d`+"x"))
	}
	return `"` + strings.Join(parts, "") + `"`
}

// fileBytes applies the byte-level classes to a file: a byte-order mark,
// other line breaks, bytes that are not UTF-8 or characters YAML forbids.
func (g *gen) fileBytes(data []byte) []byte {
	s := string(data)
	if g.is("line-breaks") && g.p(0.4) {
		switch g.r.IntN(5) {
		case 0, 1:
			s = strings.ReplaceAll(s, "\n", "\r\n")
		case 2:
			s = strings.ReplaceAll(s, "\n", "\r")
		default:
			br := g.pick("\u0085", "\u2028", "\u2029")
			s = replaceNth(s, "\n", br, g.r.IntN(strings.Count(s, "\n")+1))
		}
	}
	if g.is("encoding") && g.p(0.6) {
		bad := g.pick("\xff", "\xc3", "\xed\xa0\x80", "\xc0\xaf", "\x00", "\x01", "\x7f", "\x1b", "\x0b", "\u0085",
			"\u00a0", "\ufffe", "\ufeff", "\u200b", "\U0001F600", "\x80", "\xf4\x90\x80\x80", "\x9f")
		at := g.r.IntN(len(s) + 1)
		for at > 0 && at < len(s) && s[at]&0xc0 == 0x80 {
			at--
		}
		s = s[:at] + bad + s[at:]
	}
	if g.is("bom") && g.p(0.7) {
		switch g.r.IntN(6) {
		case 0:
			s = "\ufeff\ufeff" + s
		case 1:
			s = "\ufeff---\n" + s
		case 2:
			s = "# c\n\ufeff" + s
		default:
			s = "\ufeff" + s
		}
	}
	return []byte(s)
}

func replaceNth(s, old, repl string, n int) string {
	i := -1
	for range n + 1 {
		j := strings.Index(s[i+1:], old)
		if j < 0 {
			return s
		}
		i += 1 + j
	}
	return s[:i] + repl + s[i+len(old):]
}

// finish turns the rendered suite into its file: directives and document
// markers, then the byte-level classes.
func (g *gen) finish(text string) []byte {
	if g.is("directives") && g.p(0.8) {
		switch g.r.IntN(10) {
		case 0:
			text = "%YAML 1.1\n---\n" + text
		case 1:
			text = "%YAML 1.2\n---\n" + text
		case 2:
			text = "%TAG !e! tag:example.com,2024:\n---\n" + text
		case 3:
			text = "--- # suite\n" + text + "...\n"
		case 4:
			text = "---\n" + text + "---\nname: other\n"
		case 5:
			text = text + "...\n# trailing\n"
		case 6:
			text = "%YAML 1.3\n---\n" + text
		case 7:
			text = "%FOO bar\n---\n" + text
		case 8:
			text = "---\n" + text + "...\n---\n"
		default:
			text = "# header\n\n" + text + "\n# footer"
		}
	}
	return g.fileBytes([]byte(text))
}

// mergeCases rewrites some mappings to use merge keys: a case shares its
// input and settings with an earlier one through `<<: *anchor`, with its
// own keys before, after or around the merge; mock rules and schema
// objects get the same treatment.
func (g *gen) mergeCases(cases *node) {
	if len(cases.items) < 2 {
		cases.push(g.caseNode(len(cases.items)))
	}
	base := cases.items[0]
	if base.anchor == "" {
		g.nextID++
		base.anchor = fmt.Sprintf("m%d", g.nextID)
	}
	for _, c := range cases.items[1:] {
		if !g.p(0.8) || c.kind != mapNode {
			continue
		}
		var val *node
		switch g.r.IntN(6) {
		case 0:
			val = sequence(true).push(alias(base.anchor))
		case 1:
			inline := mapping(true).add("input", scalar("inline merge", `"inline merge"`))
			val = sequence(true).push(alias(base.anchor), inline)
		case 2:
			val = mapping(true).add("expect", sequence(true))
		case 3:
			val = scalar(g.pick("*"+base.anchor, "x", "[1]", "null"), "")
		default:
			val = alias(base.anchor)
		}
		keep := []int{}
		for i, k := range c.keys {
			if k.text == "name" || g.p(0.4) {
				keep = append(keep, i)
			}
		}
		keys, vals := []*node{}, []*node{}
		for _, i := range keep {
			keys, vals = append(keys, c.keys[i]), append(vals, c.vals[i])
		}
		at := g.r.IntN(len(keys) + 1)
		merge := scalar("<<", "")
		keys = append(keys[:at], append([]*node{merge}, keys[at:]...)...)
		vals = append(vals[:at], append([]*node{val}, vals[at:]...)...)
		if g.p(0.1) {
			keys, vals = append(keys, scalar("<<", "")), append(vals, alias(base.anchor))
		}
		c.keys, c.vals = keys, vals
		c.flow = c.flow && c.flowable()
	}
}

// mergeInto makes m merge src: through an alias when src is in the
// document before m (anchoring it on the spot), else inline, at a random place among m's own keys,
// sometimes with a key of m that src also has.
func (g *gen) mergeInto(m, src *node, inDoc bool) {
	if m.kind != mapNode || src.kind != mapNode {
		return
	}
	val := src
	if inDoc {
		if src.anchor == "" {
			g.anchor(src)
		}
		val = alias(src.anchor)
	}
	if len(src.keys) > 0 && g.p(0.5) {
		m.addNode(scalar(src.keys[0].text, src.keys[0].json), scalar("own", `"own"`))
	}
	at := g.r.IntN(len(m.keys) + 1)
	m.keys = append(m.keys[:at], append([]*node{scalar("<<", "")}, m.keys[at:]...)...)
	m.vals = append(m.vals[:at], append([]*node{val}, m.vals[at:]...)...)
	m.flow = m.flow && m.flowable()
}

// restructure gives some nodes of the tree other block styles: explicit
// "?" keys, scalar values on the next line, flow collections in block
// ones and the reverse.
func (g *gen) restructure(n *node) {
	switch n.kind { //nolint:exhaustive // the other kinds need nothing here
	case mapNode:
		for i := range n.keys {
			if g.p(0.1) {
				n.keys[i].explicit = true
			}
			v := n.vals[i]
			if v.kind == scalarNode && !v.multiline() && g.p(0.1) {
				v.below = true
			}
			g.restructure(v)
		}
		if g.p(0.1) {
			n.flow = !n.flow && n.flowable()
		}
	case seqNode:
		for _, it := range n.items {
			g.restructure(it)
		}
		if g.p(0.1) {
			n.flow = !n.flow && n.flowable()
		}
	}
}

// mutateLines inserts comment and blank lines (some holding spaces or
// tabs) between lines, and appends comments and white space to lines.
func (g *gen) mutateLines(text string) string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out []string
	for _, l := range lines {
		if g.p(0.08) {
			out = append(out, g.pick("", "  ", "\t", "# comment", "  # indented comment", "#", " \t ", "#\ttab"))
		}
		if g.p(0.08) {
			l += g.pick(" # trailing", "  ", "\t", " #", "\t# tab comment", " ")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + g.pick("\n", "\n", "", "\n\n", "\n# end\n")
}
