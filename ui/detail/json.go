package detail

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// jsonLines pretty-prints v with two-space indentation, keeping key order
// and number spellings, and colours keys, strings, numbers and literals.
func jsonLines(v jsonv.Value, s *theme.Styles) []string {
	p := jsonPrinter{s: s}
	p.value(v, 0, "")
	p.flush()
	return p.out
}

type jsonPrinter struct {
	s   *theme.Styles
	out []string
	cur strings.Builder
}

func (p *jsonPrinter) flush() {
	p.out = append(p.out, p.cur.String())
	p.cur.Reset()
}

func (p *jsonPrinter) newline(depth int) {
	p.flush()
	p.cur.WriteString(strings.Repeat("  ", depth))
}

func quote(s string) string {
	b, err := jsonv.Encode(jsonv.StringValue(s), jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		return `"?"`
	}
	// JSON escapes C0 controls; C1 and bidi controls it leaves raw.
	return visible.Line(string(b))
}

func (p *jsonPrinter) value(v jsonv.Value, depth int, comma string) {
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
	case jsonv.Array:
		if len(v.Items) == 0 {
			p.cur.WriteString(js.Punct.Render("[]"))
			break
		}
		p.cur.WriteString(js.Punct.Render("["))
		for i, it := range v.Items {
			p.newline(depth + 1)
			c := ","
			if i == len(v.Items)-1 {
				c = ""
			}
			p.value(it, depth+1, c)
		}
		p.newline(depth)
		p.cur.WriteString(js.Punct.Render("]"))
	case jsonv.Object:
		if len(v.Members) == 0 {
			p.cur.WriteString(js.Punct.Render("{}"))
			break
		}
		p.cur.WriteString(js.Punct.Render("{"))
		for i, m := range v.Members {
			p.newline(depth + 1)
			p.cur.WriteString(js.Key.Render(quote(m.Key)) + js.Punct.Render(": "))
			c := ","
			if i == len(v.Members)-1 {
				c = ""
			}
			p.value(m.Value, depth+1, c)
		}
		p.newline(depth)
		p.cur.WriteString(js.Punct.Render("}"))
	}
	if comma != "" {
		p.cur.WriteString(js.Punct.Render(comma))
	}
}
