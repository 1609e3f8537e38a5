package gen

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyvalue"
)

// A tool template: name, description and argument names with types.
type toolTemplate struct {
	name, desc string
	args       []argSpec
}

type argSpec struct {
	name, typ string // typ: string | integer | number
	prefix    string // value prefix for strings
}

var toolCatalog = []toolTemplate{
	{"lookup_order", "Retrieve order details by order ID.", []argSpec{{"order_id", "string", "A-"}}},
	{"issue_refund", "Issue a refund against an order.", []argSpec{{"order_id", "string", "B-"}, {"amount", "number", ""}}},
	{"search_flights", "Search direct and connecting flights for a date.", []argSpec{{"origin", "string", "city:"}, {"destination", "string", "city:"}, {"date", "string", "2026-09-"}}},
	{"get_weather", "Current weather and a three-day forecast for a city.", []argSpec{{"city", "string", "city:"}, {"unit", "string", "unit:"}}},
	{"query_metrics", "Query a service's error rate and latency percentiles.", []argSpec{{"service", "string", "svc-"}, {"window_minutes", "integer", ""}}},
	{"create_ticket", "Open a ticket in the support queue.", []argSpec{{"title", "string", "ticket "}, {"severity", "string", "sev"}}},
	{"search_docs", "Full-text search over the product documentation.", []argSpec{{"query", "string", "how to "}, {"limit", "integer", ""}}},
	{"get_customer", "Look up a customer profile by email address.", []argSpec{{"email", "string", "customer"}}},
	{"check_inventory", "Stock level of a SKU in a warehouse.", []argSpec{{"sku", "string", "SKU-"}, {"warehouse", "string", "wh-"}}},
	{"send_email", "Send an email to a customer.", []argSpec{{"to", "string", "customer"}, {"subject", "string", "Re: "}, {"body", "string", "Hello, "}}},
}

// unmockedTool is in every suite and has no mock rules: calling it ends the
// loop (on_unmocked: error) or yields "" (on_unmocked: "null").
var unmockedTool = toolTemplate{"page_oncall", "Page the on-call engineer of a team.", []argSpec{{"team", "string", "team-"}, {"reason", "string", "because "}}}

var words = strings.Fields(`the order was delivered on time and the customer asked about a refund
because the package arrived damaged; we checked the policy, the warehouse stock and the carrier
status before answering politely with the next steps, a summary of totals, and a short apology
for the delay while the flight options were compared by price duration and number of stops
latency p95 error budget incident timeline rollback deploy service healthy degraded
documentation section example configuration retry backoff timeout escalation ticket queue`)

var cities = []string{"Lisbon", "Oslo", "Nairobi", "Osaka", "Quito", "Perth", "Tallinn", "Recife", "Hanoi", "Zagreb"}

func sentence(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[rng.IntN(len(words))])
	}
	return b.String()
}

func appendWords(rng *rand.Rand, s string, chars int) string {
	var b strings.Builder
	b.WriteString(s)
	for b.Len() < len(s)+chars {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[rng.IntN(len(words))])
	}
	return b.String()
}

// A mock outcome: content (string, mapping or null) and is_error.
type outcome struct {
	isErr   bool
	content jsonv.Value
}

type rule struct {
	when  jsonv.Value // Null: no when
	steps []outcome   // one step, or a sequence
	seq   bool
}

type tool struct {
	tmpl  toolTemplate
	desc  jsonv.Value // String or Null
	rules []rule
}

type suiteSpec struct {
	plan     *suitePlan
	name     string
	provider string
	model    string // "" = defaults
	temp     string // YAML literal, "" = defaults (0)
	system   string
	tools    []*tool
	cases    []*caseSpec
	file     string // suite path relative to the root
}

type caseSpec struct {
	plan       *casePlan
	name       string
	dir        string // case directory name (before sanitising)
	input      string
	listInput  bool
	model      string
	temp       string
	maxTurns   int // 0 = not set
	unmockNull bool
	override   map[string][]rule // case mocks, recorded and current
	overTool   string            // staleMock: tool whose result now differs
}

func (s *suiteSpec) modelFor(c *caseSpec) string {
	if c.model != "" {
		return c.model
	}
	if s.model != "" {
		return s.model
	}
	return "claude-sonnet-4-6"
}

func (s *suiteSpec) tempFor(c *caseSpec) jsonv.Value {
	lit := c.temp
	if lit == "" {
		lit = s.temp
	}
	if lit == "" {
		lit = "0"
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		f = 0 // the generator's own literals always parse
	}
	return jsonv.FloatValue(f)
}

func (s *suiteSpec) toolByName(name string) *tool {
	for _, t := range s.tools {
		if t.tmpl.name == name {
			return t
		}
	}
	return nil
}

// newSuite builds a suite's tools, mocks and cases from its own stream.
func newSuite(rng *rand.Rand, sp *suitePlan) *suiteSpec {
	s := &suiteSpec{plan: sp, name: sp.name, provider: "anthropic"}
	s.file = fmt.Sprintf("evals/group_%02d/%s.eval.yaml", sp.index/50, cassette.Sanitise(sp.name))
	switch r := rng.IntN(10); {
	case r < 2:
		s.provider, s.model = "openai", "gpt-4.1-mini"
	case r < 3:
		s.model = "claude-opus-4-1"
	}
	s.temp = []string{"", "", "0.0", "0.2", "0.7", "1"}[rng.IntN(6)]
	lines := []string{
		fmt.Sprintf("You are the assistant behind %s.", sp.name),
		"Use the tools to look facts up; never invent order numbers, prices or times.",
	}
	for range 1 + rng.IntN(4) {
		lines = append(lines, strings.ToUpper(sentence(rng, 1))+" "+sentence(rng, 8+rng.IntN(10))+".")
	}
	s.system = strings.Join(lines, "\n") + "\n"

	perm := rng.Perm(len(toolCatalog))
	for _, i := range perm[:2+rng.IntN(3)] {
		s.tools = append(s.tools, newTool(rng, toolCatalog[i]))
	}
	s.tools = append(s.tools, &tool{tmpl: unmockedTool, desc: jsonv.StringValue(unmockedTool.desc)})

	for _, cp := range sp.cases {
		c := &caseSpec{plan: cp, name: cp.name, dir: cp.dirName}
		c.input = fmt.Sprintf("[%s / %s] %s?", sp.name, cp.name, strings.ToUpper(sentence(rng, 1))+" "+sentence(rng, 6+rng.IntN(12)))
		c.listInput = rng.IntN(7) == 0
		if rng.IntN(10) == 0 {
			c.model = "claude-haiku-4-5"
			if s.provider == "openai" {
				c.model = "gpt-4.1"
			}
		}
		if rng.IntN(12) == 0 {
			c.temp = "0.5"
		}
		if cp.end == endMaxTurns {
			c.maxTurns = cp.turns[0]
		}
		if cp.end != endUnmocked && rng.IntN(15) == 0 {
			c.unmockNull = true
		}
		if cp.stale != staleMock && rng.IntN(10) == 0 {
			t := s.tools[rng.IntN(len(s.tools)-1)]
			c.override = map[string][]rule{t.tmpl.name: {{steps: []outcome{{content: resultMap(rng, t.tmpl, "case override")}}}}}
		}
		s.cases = append(s.cases, c)
	}
	return s
}

func newTool(rng *rand.Rand, tm toolTemplate) *tool {
	t := &tool{tmpl: tm, desc: jsonv.StringValue(tm.desc)}
	if rng.IntN(20) == 0 {
		t.desc = jsonv.NullValue()
	}
	a0 := tm.args[0]
	when := jsonv.ObjectValue(jsonv.M(a0.name, argValue(rng, a0, true)))
	switch rng.IntN(5) {
	case 0, 1:
		t.rules = []rule{
			{when: when, steps: []outcome{{content: resultMap(rng, tm, "match")}}},
			{steps: []outcome{{content: resultMap(rng, tm, "default")}}},
		}
	case 2:
		t.rules = []rule{
			{when: when, steps: []outcome{{isErr: true, content: jsonv.StringValue("upstream " + sentence(rng, 3))}}},
			{steps: []outcome{{content: resultMap(rng, tm, "default")}}},
		}
	case 3:
		t.rules = []rule{{seq: true, steps: []outcome{
			{isErr: true, content: jsonv.StringValue("gateway timeout")},
			{content: resultMap(rng, tm, "retry")},
		}}}
	default:
		if rng.IntN(2) == 0 {
			t.rules = []rule{{steps: []outcome{{content: jsonv.StringValue("ok: " + sentence(rng, 5))}}}}
		} else {
			t.rules = []rule{{steps: []outcome{{content: jsonv.NullValue()}}}}
		}
	}
	return t
}

// argValue returns a value for an argument; fixed picks the value mock
// rules match on.
func argValue(rng *rand.Rand, a argSpec, fixed bool) jsonv.Value {
	n := rng.IntN(10000)
	if fixed {
		n = 42
	}
	switch a.typ {
	case "integer":
		return jsonv.IntValue(int64(5 + n%120))
	case "number":
		return jsonv.FloatValue(float64(n%2000) + 0.5)
	}
	switch a.prefix {
	case "city:":
		return jsonv.StringValue(cities[n%len(cities)])
	case "unit:":
		return jsonv.StringValue([]string{"celsius", "fahrenheit"}[n%2])
	case "sev":
		return jsonv.StringValue(fmt.Sprintf("sev%d", 1+n%4))
	case "customer":
		return jsonv.StringValue(fmt.Sprintf("customer%d@example.com", n))
	}
	return jsonv.StringValue(fmt.Sprintf("%s%d", a.prefix, n))
}

func resultMap(rng *rand.Rand, tm toolTemplate, note string) jsonv.Value {
	a0 := tm.args[0]
	items := make([]jsonv.Value, max(0, rng.IntN(5)-3))
	for i := range items {
		items[i] = jsonv.ObjectValue(
			jsonv.M("name", jsonv.StringValue(sentence(rng, 2))),
			jsonv.M("qty", jsonv.IntValue(int64(1+rng.IntN(9)))),
			jsonv.M("price", jsonv.FloatValue(float64(rng.IntN(50000))/100+0.25)),
		)
	}
	v := jsonv.ObjectValue(
		jsonv.M(a0.name, argValue(rng, a0, note == "match")),
		jsonv.M("status", jsonv.StringValue([]string{"delivered", "pending", "ok", "degraded"}[rng.IntN(4)])),
		jsonv.M("total", jsonv.FloatValue(float64(rng.IntN(100000))/100+0.5)),
		jsonv.M("items", jsonv.ArrayValue(items...)),
		jsonv.M("note", jsonv.StringValue(note+": "+sentence(rng, 2))),
	)
	if len(items) == 0 {
		v.Delete("items")
	}
	if rng.IntN(3) == 0 {
		v.Set("meta", lookAlikes(rng))
	}
	return v
}

// deepSubset is dryfire's when matching: every key of when is in the
// arguments with an equal value (Python's ==), objects compared the same
// way, key by key.
func deepSubset(when, args jsonv.Value) bool {
	for _, m := range when.Members {
		v, ok := args.Get(m.Key)
		if !ok {
			return false
		}
		if m.Value.Kind == jsonv.Object && v.Kind == jsonv.Object {
			if !deepSubset(m.Value, v) {
				return false
			}
			continue
		}
		if !pyvalue.Equal(v, m.Value) {
			return false
		}
	}
	return true
}

// resolver resolves tool calls against the effective mocks of a case run.
type resolver struct {
	suite    *suiteSpec
	override map[string][]rule
	counts   map[string]int // sequence position per tool + rule index
}

func (r *resolver) rules(name string) []rule {
	if rs, ok := r.override[name]; ok {
		return rs
	}
	if t := r.suite.toolByName(name); t != nil {
		return t.rules
	}
	return nil
}

// resolve returns the result of a call; ok is false when no rule matched.
func (r *resolver) resolve(name string, args jsonv.Value) (outcome, bool) {
	for i, ru := range r.rules(name) {
		if ru.when.Kind != jsonv.Null && !deepSubset(ru.when, args) {
			continue
		}
		if !ru.seq {
			return ru.steps[0], true
		}
		k := fmt.Sprintf("%s/%d", name, i)
		n := r.counts[k]
		r.counts[k] = n + 1
		return ru.steps[min(n, len(ru.steps)-1)], true
	}
	return outcome{}, false
}
