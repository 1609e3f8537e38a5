package detail

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// jsonLines pretty-prints v with two-space indentation, keeping key order
// and number spellings, and colours keys, strings, numbers and literals.
func jsonLines(v jsonv.Value, s *theme.Styles) []string {
	return jsonTree(&v, s, nil).text
}

// jsonView is a value pretty-printed line by line, with what each line
// shows: the line's text, the JSON path and the value it belongs to (a
// container's opening and closing lines both belong to it).
type jsonView struct {
	text  []string
	nodes []jsonNode
}

type jsonNode struct {
	path string
	v    *jsonv.Value
}

// jsonTree pretty-prints v as jsonLines does; a container whose path is
// in folded is one line, "{…} 3 keys".
func jsonTree(v *jsonv.Value, s *theme.Styles, folded map[string]bool) jsonView {
	p := jsonPrinter{s: s, folded: folded}
	p.node = jsonNode{v: v}
	p.value(v, 0, "", "")
	p.flush()
	return jsonView{text: p.out, nodes: p.nodes}
}

func foldable(v jsonv.Value) bool {
	return (v.Kind == jsonv.Object || v.Kind == jsonv.Array) && v.Len() > 0
}

type jsonPrinter struct {
	s      *theme.Styles
	folded map[string]bool
	out    []string
	nodes  []jsonNode
	node   jsonNode // the node the current line belongs to
	cur    strings.Builder
}

func (p *jsonPrinter) flush() {
	p.out = append(p.out, p.cur.String())
	p.nodes = append(p.nodes, p.node)
	p.cur.Reset()
}

// newline ends the line and starts one at depth belonging to n.
func (p *jsonPrinter) newline(depth int, n jsonNode) {
	p.flush()
	p.node = n
	p.cur.WriteString(strings.Repeat("  ", depth))
}

// childPath is the JSON path of a member or item: a.b, a["odd key"], a[3].
func childPath(parent, key string, index int) string {
	switch {
	case index >= 0:
		return fmt.Sprintf("%s[%d]", parent, index)
	case identifier(key) && parent == "":
		return key
	case identifier(key):
		return parent + "." + key
	}
	return parent + "[" + strconv.Quote(key) + "]"
}

func identifier(k string) bool {
	if k == "" {
		return false
	}
	for i, r := range k {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func quote(s string) string {
	b, err := jsonv.Encode(jsonv.StringValue(s), jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		return `"?"`
	}
	// JSON escapes C0 controls; C1 and bidi controls it leaves raw.
	return visible.Line(string(b))
}

func (p *jsonPrinter) value(v *jsonv.Value, depth int, comma, path string) {
	js := p.s.JSON
	switch v.Kind {
	case jsonv.Null:
		p.cur.WriteString(js.Literal.Render("null"))
	case jsonv.Bool:
		t := "false"
		if v.Bool {
			t = "true"
		}
		p.cur.WriteString(js.Literal.Render(t))
	case jsonv.Number:
		p.cur.WriteString(js.Number.Render(v.Text))
	case jsonv.String:
		p.cur.WriteString(js.String.Render(quote(v.Text)))
	case jsonv.Array, jsonv.Object:
		p.container(v, depth, path)
	}
	if comma != "" {
		p.cur.WriteString(js.Punct.Render(comma))
	}
}

// container prints an object or an array, or its folded line.
func (p *jsonPrinter) container(v *jsonv.Value, depth int, path string) {
	js := p.s.JSON
	open, closing := "{", "}"
	if v.Kind == jsonv.Array {
		open, closing = "[", "]"
	}
	n := v.Len()
	switch {
	case n == 0:
		p.cur.WriteString(js.Punct.Render(open + closing))
		return
	case p.folded[path]:
		what := fmt.Sprintf(" %d keys", n)
		if v.Kind == jsonv.Array {
			what = fmt.Sprintf(" %d items", n)
		}
		p.cur.WriteString(js.Punct.Render(open+"…"+closing) + p.s.Muted.Render(what))
		return
	}
	p.cur.WriteString(js.Punct.Render(open))
	self := p.node
	for i := range n {
		c := ","
		if i == n-1 {
			c = ""
		}
		if v.Kind == jsonv.Array {
			it := &v.Items[i]
			cp := childPath(path, "", i)
			p.newline(depth+1, jsonNode{path: cp, v: it})
			p.value(it, depth+1, c, cp)
			continue
		}
		m := &v.Members[i]
		cp := childPath(path, m.Key, -1)
		p.newline(depth+1, jsonNode{path: cp, v: &m.Value})
		p.cur.WriteString(js.Key.Render(quote(m.Key)) + js.Punct.Render(": "))
		p.value(&m.Value, depth+1, c, cp)
	}
	p.newline(depth, self)
	p.cur.WriteString(js.Punct.Render(closing))
}
