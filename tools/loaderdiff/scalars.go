package loaderdiff

import (
	"fmt"
	"strings"
)

// text builds a scalar for a string slot (a prompt, a description, an
// input): mostly strings, in the spellings of the document's class.
func (g *gen) text() *node {
	switch {
	case g.is("quoted-whitespace") && g.p(0.6):
		return g.quotedWhitespace()
	case g.is("line-breaks") && g.p(0.5):
		return g.lineBreakScalar()
	case g.is("block-scalars") && g.p(0.6):
		return g.blockScalar()
	case g.is("plain-scalars") && g.p(0.6):
		return g.plainScalar()
	case g.is("env") && g.p(0.6):
		return g.envScalar()
	case g.is("tags") && g.p(0.3):
		return g.tagged()
	case g.is("dates") && g.p(0.2):
		return g.date()
	case g.is("numbers") && g.p(0.1):
		return g.number()
	case g.is("anchors") && g.p(0.3):
		if a := g.aliasOf(scalarNode); a != nil {
			return a
		}
	}
	s := g.pick("What is the weather in Paris?", "hello", "Résumé café", "e\u0301te\u0301", "🙂 ok",
		"refund order #12", "a: b", "x # not a comment", "100% sure", "'quoted'", `say "hi"`, "", "tab\there", "-dash", "C:\\path")
	return strScalar(g, s)
}

// strScalar writes s in a style that keeps it a string: plain when that is
// safe, otherwise single or double quoted.
func strScalar(g *gen, s string) *node {
	j := quoteJSON(s)
	if plainSafe(s) && g.p(0.6) {
		return scalar(s, j)
	}
	if !strings.ContainsAny(s, "\t\\") && g.p(0.5) {
		return scalar("'"+strings.ReplaceAll(s, "'", "''")+"'", j)
	}
	return scalar(doubleQuote(s), j)
}

// plainSafe is a conservative test for a string that reads back as the
// same string when written plain.
func plainSafe(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || strings.ContainsAny(s, ":#'\"\\{}[],&*!|>%@`\t\n\r") {
		return false
	}
	if strings.ContainsAny(s[:1], "-?~0123456789.+") {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "null", "y", "n", "yes", "no", "on", "off":
		return false
	}
	return true
}

func doubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func (g *gen) quotedWhitespace() *node {
	ws := func() string { return g.pick("\t", " ", "\t\t", " \t", "\t ", "") }
	word := func() string { return g.pick("a", "b c", "tab", "x\ty", "é") }
	switch g.r.IntN(9) {
	case 0: // literal tabs and spaces inside double quotes, edges included
		return scalar(`"`+ws()+word()+ws()+word()+ws()+`"`, "")
	case 1: // the same in single quotes
		return scalar("'"+ws()+word()+ws()+"'", "")
	case 2: // escapes
		esc := g.pick(`\t`, `\n`, `\r`, `\\`, `\"`, `\/`, `\ `, `\0`, `\a`, `\b`, `\e`, `\f`, `\v`, `\N`, `\_`, `\L`, `\P`,
			`\x41`, `\u00e9`, `\U0001F600`, `\ud83d\ude00`, `\ud800`, `\x7f`, `\	`, `\q`, `\u00`, `\x4`)
		return scalar(`"`+word()+esc+word()+`"`, "")
	default: // multi-line quoted scalars: folding, blank lines, edges
		q := g.pick(`"`, "'")
		lines := []string{word() + ws()}
		for range 1 + g.r.IntN(3) {
			switch g.r.IntN(5) {
			case 0:
				lines = append(lines, "\x00")
			case 1:
				lines = append(lines, "\x00"+ws())
			case 2:
				if q == `"` {
					lines[len(lines)-1] += `\`
				}
				lines = append(lines, ws()+word())
			default:
				lines = append(lines, ws()+word()+ws())
			}
		}
		first, rest := lines[0], lines[1:]
		rest[len(rest)-1] = strings.TrimPrefix(rest[len(rest)-1], "\x00") + q
		if rest[len(rest)-1] == q {
			rest[len(rest)-1] = "x" + q
		}
		return &node{kind: scalarNode, header: q + first, body: rest}
	}
}

func (g *gen) lineBreakScalar() *node {
	br := g.pick("\u0085", "\u2028", "\u2029", "\r", "\r\n", "\u000b", "\u000c")
	w1, w2 := g.pick("a", "line one", "x"), g.pick("b", "line two", "y")
	switch g.r.IntN(5) {
	case 0:
		return scalar(w1+br+w2, "")
	case 1:
		return scalar(`"`+w1+br+w2+`"`, "")
	case 2:
		return scalar("'"+w1+br+w2+"'", "")
	case 3:
		return &node{kind: scalarNode, header: g.pick("|", ">", "|-", ">-"), body: []string{w1 + br + w2, w2}}
	default:
		return scalar(w1+" "+br, "")
	}
}

func (g *gen) blockScalar() *node {
	header := g.pick("|", ">", "|-", ">-", "|+", ">+", "|2", ">2-", "|-2", "|1")
	var body []string
	for range 1 + g.r.IntN(4) {
		switch g.r.IntN(8) {
		case 0:
			body = append(body, "\x00")
		case 1:
			body = append(body, "  more indented")
		case 2:
			body = append(body, "\ttab first")
		case 3:
			body = append(body, "trailing tab\t")
		case 4:
			body = append(body, "# not a comment")
		case 5:
			body = append(body, "\x00 ")
		default:
			body = append(body, g.pick("line", "second line", "a: b", "\"q\"", "é"))
		}
	}
	if g.p(0.3) {
		body = append(body, "\x00", "\x00")
	}
	if g.p(0.2) {
		header += g.pick(" # comment", "  ")
	}
	return &node{kind: scalarNode, header: header, body: body}
}

func (g *gen) plainScalar() *node {
	switch g.r.IntN(4) {
	case 0: // a multi-line plain scalar
		body := []string{g.pick("continued", "  deeper", "\x00", "third line")}
		if g.p(0.5) {
			body = append(body, g.pick("end", "\x00", "x # comment"))
		}
		if body[len(body)-1] == "\x00" {
			body = append(body, "tail")
		}
		return &node{kind: scalarNode, header: g.pick("first", "a b", "k:v"), body: body}
	default:
		return scalar(g.pick("a:b", "a#b", "a #b", "x -y", "-x", "?x", ":x", "a' b", `a" b`, "50%", "a,b", "a]b",
			"x  y", "~x", "a\tb", "@x", "`x", "%x", "!x", "&x", "*x", "|x", ">x", "? x", "- x", "a:  b", "a:\tb"), "")
	}
}

func (g *gen) envScalar() *node {
	name := g.pick("FZ_SET", "FZ_EMPTY", "FZ_UNSET", "FZ_UNICODE", "1BAD", "FZ_SET}", "")
	if g.p(0.5) {
		g.env["FZ_SET"] = g.pick("value", "with space", "${FZ_EMPTY}", "$X", "ünï")
		g.env["FZ_EMPTY"] = ""
		g.env["FZ_UNICODE"] = "e\u0301"
	}
	s := g.pick("${"+name+"}", "pre ${"+name+"} post", "$"+name, "${"+name+"}${"+name+"}", "${ "+name+" }")
	return strScalar(g, s)
}

// lookalike gives a scalar that loads as no JSON value (a date, a tagged
// scalar) the JSON string it looks like, for the call arguments a `when`
// holding it seems to expect: dryfire never matches them.
func lookalike(n *node) *node {
	text := n.text
	if strings.HasPrefix(text, "!") {
		_, text, _ = strings.Cut(text, " ")
	}
	n.json = quoteJSON(strings.Trim(text, "'"))
	return n
}

func (g *gen) tagged() *node {
	return lookalike(scalar(g.pick("!!str 123", "!!str", "!!str true", "!!int 42", "!!int '7'", "!!float 1", "!!float '1.5'",
		"!!bool true", "!!null ''", "!!null", "!foo bar", "!!binary aGVsbG8=", "!<tag:yaml.org,2002:str> x",
		"!!timestamp 2024-01-01", "!!str 2024-01-01", "!!int 0x1F", "!!float .inf", "!!bool yes", "!!int 1.5",
		"!local x", "!!str &x y"), ""))
}

// number spells a number (or something that looks like one) as the YAML
// 1.2 core schema and its neighbours do.
func (g *gen) number() *node {
	sign := g.pick("", "", "-", "+")
	digits := func() string {
		return g.pick("0", "1", "7", "12", "017", "08", "1_000", "00", "123456789012345678901234567890")
	}
	switch g.r.IntN(10) {
	case 0:
		return scalar(sign+digits(), "")
	case 1:
		return scalar(sign+g.pick("0o17", "0o", "0x1F", "0xff", "0x_1", "0b101", "0b_", "0b", "0o8", "0X1F", "0B1", "0x"), "")
	case 2:
		return scalar(sign+g.pick(".5", ".5e3", ".5e+3", ".5e-3", "._5", ".", "._"), "")
	case 3:
		return scalar(sign+digits()+"."+g.pick("", "0", "5", "50", "_5", "5e3", "e3", "5E+3", "5e-3", "0e0"), "")
	case 4:
		return scalar(sign+digits()+g.pick("e3", "E3", "e+3", "e-3", "e400", "e-400"), "")
	case 5:
		return scalar(sign+g.pick(".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN", "inf", "nan", ".iNf"), "")
	case 6:
		return scalar(g.pick("1:30", "190:20:30", "1,000", "1 000", "0.1.2", "1e", "e3", "1__0", "_1", "1_"), "")
	case 7:
		return scalar(g.pick("780.00", "1.0", "0.0", "-0.0", "-0", "1e-5", "9007199254740993", "1e16", "123456789.123456789"), "")
	default:
		v := g.r.IntN(1000)
		return scalar(fmt.Sprint(v), fmt.Sprint(v))
	}
}

func (g *gen) date() *node {
	return lookalike(scalar(g.pick("2024-01-01", "2024-1-1", "2024-01-01 12:00:00", "2024-01-01T12:00:00Z", "2024-01-01t12:00:00",
		"2024-1-1 1:02:03.5 +05:30", "2024-01-01T12:00:00.123456789-08:00", "2024-01-01 12:00:00 Z", "2024-02-30",
		"2024-13-01", "'2024-01-01'", "2024-01-01T12:00:00+5", "2024-01-01T25:00:00", "2024-01-01   12:00:00",
		"2024-01-01\t12:00:00", "20240101", "2024-01-01T12:00", "2024-01-01 12:00:00.", "1999-12-31T23:59:60Z"), ""))
}

// scalarValue builds a scalar for a value slot of any type.
func (g *gen) scalarValue() *node {
	switch {
	case g.is("numbers") && g.p(0.6):
		return g.number()
	case g.is("dates") && g.p(0.5):
		return g.date()
	case g.is("tags") && g.p(0.5):
		return g.tagged()
	case g.is("big-ints") && g.p(0.5):
		return g.bigInt()
	case g.is("pyvalues") && g.p(0.6):
		return g.pyValue()
	}
	switch g.r.IntN(8) {
	case 0:
		v := g.r.IntN(100)
		return scalar(fmt.Sprint(v), fmt.Sprint(v))
	case 1:
		return scalar(g.pick("true", "false"), "")
	case 2:
		return scalar(g.pick("null", "~", ""), "null")
	case 3:
		return scalar(g.pick("1.5", "780.00", "0.25"), "")
	default:
		return g.text()
	}
}

func (g *gen) bigInt() *node {
	width := []int{4299, 4300, 4301, 5000}[g.r.IntN(4)]
	digits := strings.Repeat("9", width)
	switch g.r.IntN(5) {
	case 0:
		return scalar(digits, "")
	case 1:
		return scalar("-"+digits, "")
	case 2:
		return scalar("0x"+strings.Repeat("f", width), "")
	case 3:
		return scalar("0"+digits[1:]+"1", "")
	default:
		return scalar(digits+".5", "")
	}
}

// pyValue is a value whose Python object has no JSON form of its own, or
// whose keys are not strings: what dryfire prints with repr(), writes with
// json.dumps and reports with pydantic's JSON mode each in its own way.
func (g *gen) pyValue() *node {
	return scalar(g.pick("!foo bar", "!foo 'q'", `!foo "q"`, "!!str 5", "!tm {a: 1}", "!tq [1, 2]", "!!set {x, y}",
		"!!set {7, x}", "!!set {}", "!!pairs [{k: v}, {k: w}]", "!!omap [{k: v}, {7: w}]", "!!binary aGk=", "!!binary /w==",
		"!!binary J2Mi", "2024-01-01", "2024-01-01 12:00:00", "2024-01-01 12:00:00.5", "2024-01-01T12:00:00Z",
		"2024-01-01 12:00:00.5 +05:30", "2024-01-01t12:00:00-08:00", "2024-01-01 12:00:00 Z", "2024-01-01T00:00:00+1",
		".nan", "-.inf", "-0.0", "{true: 1, ~: 2}", "{1: a, 2: b, 10: c}", "{1.5: x, 7: y, false: z}", "{b: 1, 7: 2}",
		"{7: 2, b: 1}", "{!k x: 1}", "{!k x: 1, !k y: 2}", "{2024-01-01: d}", "{[1, 2]: t}", "{[x]: t}", "{!!binary aGk=: b}",
		"{a: !foo x, 7: y}", "{2024-01-01: a, 2024-01-01 01:02:03: b}", "{2024-01-01 01:02:03: a, 2024-01-01T01:02:03Z: b}",
		"[!foo x, 1]", "{? {k: v} : m}", "{.inf: i}", "{.nan: n}", "{~: n, b: 1}", "{0x1f: h, 1_000: u}",
		"{2024-01-01T01:02:03Z: z}", "{'é\u2028': 1}", "[1.50, 0o17, 1e3]", "{a: [!!set {q}]}"), "")
}

// key builds a mapping key: usually the plain name given, sometimes a key
// of another type.
func (g *gen) key(name string) *node {
	if g.is("pyvalues") && g.p(0.2) {
		return scalar(g.pick("!k x", "2024-01-01 12:00:00", "2024-01-01T12:00:00+01:00", "!!binary aGk=", "[1, 2]",
			"[x]", "1.5", "7", "true", "~", ".inf"), "")
	}
	if g.is("keys") && g.p(0.3) {
		return scalar(g.pick("1", "1.0", "true", "True", "null", "~", "2024-01-01", "'1'", "0x1", "1e0", "-0",
			"0", "false", "0.0", ".inf", `"a b"`, "'null'", "[a, b]", "{a: 1}", "\"\"", "''"), "")
	}
	if g.is("anchors") && g.p(0.1) {
		if a := g.aliasOf(scalarNode); a != nil {
			return a
		}
	}
	if g.is("env") && g.p(0.2) {
		return scalar("${FZ_SET}", "")
	}
	return scalar(name, quoteJSON(name))
}

// settings adds some of the overridable settings to a suite or case.
func (g *gen) settings(m *node) {
	odd := g.is("settings")
	for _, k := range []string{"model", "temperature", "max_turns", "repeat", "on_unmocked", "require_pass_rate"} {
		if !g.p(0.15) && !(odd && g.p(0.4)) {
			continue
		}
		var v *node
		switch k {
		case "model":
			v = scalar(g.pick("claude-sonnet-4-6", "gpt-4o", "m"), "")
		case "temperature":
			v = scalar(g.pick("0", "0.0", "0.7", "1"), "")
		case "max_turns":
			v = scalar(g.pick("1", "2", "5", "0"), "")
		case "repeat":
			v = scalar(g.pick("1", "2"), "")
		case "on_unmocked":
			v = scalar(g.pick("error", "'null'", "passthrough", "null"), "")
		case "require_pass_rate":
			v = scalar(g.pick("1", "0.5", "1.0"), "")
		}
		if odd && g.p(0.6) {
			v = scalar(g.pick("'2'", "2.0", "2.5", "1e0", ".5", "+.5", "-.5", "true", "false", "0x2", "0b1", "0o2", "1_0",
				"!!float 1", "null", "~", "yes", "-1", "0", "'0.5'", "' 2 '", "2_", "\"1e1\"", "1e400", ".inf", ".nan",
				"99999999999999999999", "2147483648", "1001", "10000", "[1]", "{a: 1}", "''", "2024-01-01", "'1_0'", "&r 3"), "")
		}
		m.add(k, v)
	}
}

func (g *gen) caseSettings(c *node) {
	if g.p(0.3) || g.is("settings") {
		g.settings(c)
	}
}
