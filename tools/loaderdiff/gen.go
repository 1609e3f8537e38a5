package loaderdiff

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Doc is one generated document: a suite file, the files it references,
// the environment it reads and the tool calls the scripted model makes on
// its first turn.
type Doc struct {
	ID    string `json:"id"`
	Class string `json:"class"`
	// Files maps a slash path relative to the suite's directory to its
	// bytes; the suite itself is SuiteFile.
	Files map[string][]byte `json:"files"`
	Env   map[string]string `json:"env,omitempty"`
	Calls []Call            `json:"calls,omitempty"`
}

// Call is one tool call of the scripted model's first turn; Arguments is
// JSON text.
type Call struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// SuiteFile is the name of the suite in every document.
const SuiteFile = "suite.eval.yaml"

// Classes are the families of YAML constructs the generator draws from;
// each document is built around one of them (its Class) and may use the
// others in passing.
var Classes = []string{
	"merge", "bom", "quoted-whitespace", "line-breaks", "numbers", "anchors",
	"dates", "ref-escapes", "encoding", "big-ints", "keys", "tags",
	"block-scalars", "plain-scalars", "env", "directives", "flow", "settings",
	"structure", "comments", "pyvalues",
}

// Generate builds document index of the stream seeded by seed. The same
// pair always gives the same document.
func Generate(seed uint64, index int) Doc {
	r := rand.New(rand.NewPCG(seed, uint64(index)))
	g := &gen{r: r, class: Classes[r.IntN(len(Classes))], files: map[string][]byte{}, env: map[string]string{}}
	g.id = fmt.Sprintf("%d-%06d", seed, index)
	root := g.suite()
	if g.is("structure") {
		g.restructure(root)
	}
	text := render(root)
	if g.is("comments") {
		text = g.mutateLines(text)
	}
	data := g.finish(text)
	g.files[SuiteFile] = data
	d := Doc{ID: g.id, Class: g.class, Files: g.files, Calls: g.calls}
	if len(g.env) > 0 {
		d.Env = g.env
	}
	return d
}

// gen holds the state of one document being generated.
type gen struct {
	r       *rand.Rand
	id      string
	class   string
	files   map[string][]byte
	env     map[string]string
	calls   []Call
	anchors []*node // anchored nodes, in document order
	nextID  int
}

func (g *gen) p(prob float64) bool { return g.r.Float64() < prob }

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// is reports whether the document's class is c, with a small chance of
// using c in a document of another class.
func (g *gen) is(c string) bool { return g.class == c || g.p(0.03) }

// anchor gives n an anchor that later aliases may refer to.
func (g *gen) anchor(n *node) {
	g.nextID++
	n.anchor = fmt.Sprintf("a%d", g.nextID)
	g.anchors = append(g.anchors, n)
}

// aliasOf returns an alias to an earlier anchored node of the wanted kind,
// or nil when there is none.
func (g *gen) aliasOf(kind nodeKind) *node {
	var cands []*node
	for _, a := range g.anchors {
		if a.kind == kind {
			cands = append(cands, a)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	t := cands[g.r.IntN(len(cands))]
	a := alias(t.anchor)
	a.json = t.json
	return a
}

// suite builds the root mapping of a suite.
func (g *gen) suite() *node {
	root := mapping(false)
	root.add("name", g.name())
	if g.p(0.2) {
		root.add("description", g.text())
	}
	g.settings(root)
	if g.p(0.7) {
		root.add("system", g.text())
	}
	nTools := g.r.IntN(3)
	tools := sequence(g.p(0.1))
	for i := range nTools {
		tools.push(g.tool(i))
	}
	if nTools > 0 || g.p(0.2) {
		root.add("tools", tools)
	}
	var rules map[string]*node
	if nTools > 0 && g.p(0.8) {
		var mocks *node
		mocks, rules = g.mocks(nTools)
		root.add("mocks", mocks)
	}
	cases := sequence(false)
	cases.wide = g.p(0.5)
	for i := range 1 + g.r.IntN(3) {
		cases.push(g.caseNode(i))
	}
	root.add("cases", cases)
	g.callsFor(rules)
	if g.is("merge") {
		g.mergeCases(cases)
		if g.p(0.2) {
			g.mergeInto(root, mapping(true).add("description", g.text()), false)
		}
	}
	return root
}

func (g *gen) name() *node {
	if g.p(0.8) {
		return scalar(g.pick("weather", "checkout", "s1", "refund_flow", "naïve"), "")
	}
	return g.text()
}

func (g *gen) tool(i int) *node {
	name := fmt.Sprintf("t%d", i)
	if (g.is("ref-escapes") || g.class == "directives") && g.p(0.4) {
		return g.refNode(fmt.Sprintf("tools/t%d", i), g.toolBody(name))
	}
	return g.toolBody(name)
}

func (g *gen) toolBody(name string) *node {
	t := mapping(g.p(0.15))
	t.add("name", scalar(name, quoteJSON(name)))
	if g.p(0.7) {
		t.add("description", g.text())
	}
	if g.is("ref-escapes") && g.p(0.5) {
		t.add("input_schema", g.refNode("schemas/"+name, g.schema()))
	} else {
		t.add("input_schema", g.schema())
	}
	return t
}

// schema builds a JSON-Schema-like mapping with arbitrary values.
func (g *gen) schema() *node {
	s := mapping(g.p(0.3))
	s.add("type", scalar("object", `"object"`))
	props := mapping(g.p(0.4))
	for i := range 1 + g.r.IntN(3) {
		k := g.key(fmt.Sprintf("p%d", i))
		p := mapping(g.p(0.5))
		p.add("type", scalar(g.pick("string", "integer", "number", "boolean"), ""))
		if g.p(0.5) {
			p.add(g.pick("description", "default", "example", "enum"), g.value(2))
		}
		props.addNode(k, p)
	}
	if g.is("anchors") && g.p(0.5) {
		g.anchor(props.vals[0])
	}
	if g.is("merge") && len(props.keys) >= 2 && g.p(0.7) {
		g.mergeInto(props.vals[1], props.vals[0], true)
	}
	s.add("properties", props)
	if g.p(0.3) {
		s.add("required", sequence(g.p(0.5)).push(scalar("p0", `"p0"`)))
	}
	if g.p(0.3) {
		s.addNode(g.key("x-extra"), g.value(2))
	}
	return s
}

// mocks builds the suite's mocks for the tools t0..; it returns the
// mapping and each tool's first rule.
func (g *gen) mocks(nTools int) (*node, map[string]*node) {
	m := mapping(g.p(0.1))
	first := map[string]*node{}
	for i := range nTools {
		if i > 0 && g.p(0.3) {
			continue
		}
		name := fmt.Sprintf("t%d", i)
		rules := sequence(g.p(0.1))
		for j := range 1 + g.r.IntN(3) {
			rule := g.rule(j)
			rules.push(rule)
			if j == 0 {
				first[name] = rule
			}
		}
		m.add(name, rules)
	}
	return m, first
}

func (g *gen) rule(j int) *node {
	rule := mapping(g.p(0.3))
	// A pyvalues document's point is what its mock results look like,
	// so its first rule is often a catch-all that every call reaches.
	if (j == 0 && (g.class != "pyvalues" || g.p(0.4))) || (j > 0 && g.p(0.5)) {
		when := mapping(g.p(0.5))
		for k := range 1 + g.r.IntN(2) {
			when.addNode(g.key(fmt.Sprintf("w%d", k)), g.value(1))
		}
		if g.is("anchors") && g.p(0.3) {
			g.anchor(when)
		}
		rule.add("when", when)
	}
	if g.is("merge") && len(rule.keys) > 0 && g.p(0.4) {
		g.mergeInto(rule.vals[0], g.whenLike(), false)
	}
	switch g.r.IntN(6) {
	case 0:
		rule.add("error", g.text())
	case 1:
		seq := sequence(g.p(0.5))
		for range 1 + g.r.IntN(2) {
			step := mapping(true)
			if g.p(0.3) {
				step.add("error", g.text())
			} else {
				step.add("return", g.value(2))
			}
			seq.push(step)
		}
		rule.add("sequence", seq)
	case 2:
		rule.add("return", g.text())
	default:
		ret := mapping(g.p(0.4))
		for k := range 1 + g.r.IntN(3) {
			ret.addNode(g.key(fmt.Sprintf("r%d", k)), g.value(2))
		}
		rule.add("return", ret)
	}
	return rule
}

// callsFor makes the first turn call each mocked tool with arguments its
// first rule's `when` expects (so that a loader that reads the `when` as
// dryfire does matches it), or with other arguments now and then.
func (g *gen) callsFor(rules map[string]*node) {
	if len(rules) == 0 || (g.class != "pyvalues" && g.p(0.15)) {
		return
	}
	for i := range 3 {
		name := fmt.Sprintf("t%d", i)
		rule, ok := rules[name]
		if !ok {
			continue
		}
		args := "{}"
		if len(rule.keys) > 0 && rule.keys[0].text == "when" && !g.p(0.1) {
			args = objectJSON(rule.vals[0])
		}
		g.calls = append(g.calls, Call{ID: fmt.Sprintf("toolu_%02d", i), Name: name, Arguments: args})
	}
}

// objectJSON is the JSON object a reader expects a mapping to load as;
// members whose value is not known are left out.
func objectJSON(n *node) string {
	if n.kind != mapNode {
		return "{}"
	}
	var parts []string
	for i := range n.keys {
		k, v := n.keys[i], n.vals[i]
		kj, vj := k.json, v.json
		if v.kind == mapNode && vj == "" {
			vj = objectJSON(v)
		}
		if kj == "" || vj == "" || !strings.HasPrefix(kj, `"`) {
			continue
		}
		parts = append(parts, kj+": "+vj)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (g *gen) caseNode(i int) *node {
	c := mapping(g.p(0.15))
	c.add("name", scalar(g.pick("c", "happy path", "c-"+fmt.Sprint(i), "édge"), ""))
	if g.p(0.7) {
		c.add("input", g.text())
	} else {
		c.add("input", g.messages())
	}
	expect := sequence(g.p(0.5))
	if g.p(0.5) {
		expect.push(mapping(g.p(0.5)).add("final_contains", g.text()))
	}
	c.add("expect", expect)
	g.caseSettings(c)
	return c
}

// messages builds a list input: user and assistant messages, sometimes a
// seeded tool call and its result.
func (g *gen) messages() *node {
	l := sequence(g.p(0.2))
	l.push(mapping(g.p(0.4)).add("role", scalar("user", "")).add("content", g.text()))
	if g.p(0.4) {
		call := mapping(true).add("id", g.text()).add("name", scalar("t0", "")).add("arguments", g.whenLike())
		l.push(mapping(g.p(0.3)).add("role", scalar("assistant", "")).
			add("content", g.text()).add("tool_calls", sequence(g.p(0.5)).push(call)))
		res := mapping(g.p(0.5)).add("call_id", g.text()).add("content", g.value(2))
		if g.p(0.3) {
			res.add("is_error", g.value(0))
		}
		l.push(mapping(false).add("role", scalar("tool", "")).add("tool_results", sequence(false).push(res)))
		l.push(mapping(g.p(0.4)).add("role", scalar("user", "")).add("content", g.text()))
	}
	if g.p(0.2) {
		blocks := sequence(false).push(mapping(true).add("type", scalar("text", "")).add("text", g.text()))
		l.push(mapping(false).add("role", scalar("user", "")).add("content", blocks))
	}
	return l
}

func (g *gen) whenLike() *node {
	m := mapping(g.p(0.5))
	for k := range 1 + g.r.IntN(2) {
		m.addNode(g.key(fmt.Sprintf("k%d", k)), g.value(1))
	}
	return m
}

// value builds any value: a scalar, or a container when depth allows.
func (g *gen) value(depth int) *node {
	if depth > 0 && g.p(0.25) {
		if g.p(0.5) {
			m := mapping(g.p(0.5))
			for k := range 1 + g.r.IntN(3) {
				m.addNode(g.key(fmt.Sprintf("v%d", k)), g.value(depth-1))
			}
			return g.maybeAnchor(m)
		}
		s := sequence(g.p(0.5))
		for range g.r.IntN(3) {
			s.push(g.value(depth - 1))
		}
		return g.maybeAnchor(s)
	}
	if g.is("anchors") && g.p(0.3) {
		if a := g.aliasOf(scalarNode); a != nil {
			return a
		}
	}
	return g.maybeAnchor(g.scalarValue())
}

func (g *gen) maybeAnchor(n *node) *node {
	if g.is("anchors") && g.p(0.3) && !n.multiline() {
		g.anchor(n)
	}
	return n
}
