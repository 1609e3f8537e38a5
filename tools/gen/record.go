package gen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// CassetteDir is where generated projects keep their cassettes.
const CassetteDir = ".dryfire/cassettes"

type fileOut struct {
	rel, status string
	secretRule  string
	secretCount int
}

type suiteResult struct {
	files    []fileOut
	bytes    int64
	caseRuns int
	hits     int
	misses   []Miss
}

type writer struct {
	root  string
	bytes int64 // project files written before the suites
}

// caseGen generates the recordings of one suite.
type caseGen struct {
	w     *writer
	cfg   Config
	s     *suiteSpec
	rng   *rand.Rand
	res   *suiteResult
	tools jsonv.Value // the tools as recorded
	cur   jsonv.Value // the tools as the suite file has them now
}

type call struct {
	id, name string
	args     jsonv.Value
}

// turn is one recorded model call.
type turn struct {
	index    int
	hashArgs jsonv.Value
	req      jsonv.Value
	key      string
	body     jsonv.Value
}

func (w *writer) suite(cfg Config, sp *suitePlan) (*suiteResult, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(sp.index)+1))
	s := newSuite(rng, sp)
	g := &caseGen{w: w, cfg: cfg, s: s, rng: rng, res: &suiteResult{}}
	g.tools = toolsValue(s.tools, false)
	g.cur = g.tools
	if sp.staleTool {
		g.cur = toolsValue(s.tools, true)
	}
	for _, c := range s.cases {
		var err error
		if sp.orphan {
			err = g.genOrphan(c, OrphanedSuite)
		} else {
			err = g.genCase(c)
		}
		if err != nil {
			return nil, err
		}
	}
	for j, k := range sp.orphanCases {
		c := &caseSpec{
			plan: &casePlan{reps: 1, turns: []int{k}, end: endTurn},
			name: fmt.Sprintf("old_case_%03d", j),
		}
		c.dir = c.name
		c.input = fmt.Sprintf("[%s / %s] %s?", s.name, c.name, sentence(rng, 9))
		if err := g.genOrphan(c, OrphanedCase); err != nil {
			return nil, err
		}
	}
	if sp.orphan {
		return g.res, nil
	}
	data := suiteYAML(s)
	path := filepath.Join(w.root, filepath.FromSlash(s.file))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return nil, err
	}
	g.res.bytes += int64(len(data))
	return g.res, nil
}

func toolsValue(tools []*tool, edited bool) jsonv.Value {
	items := make([]jsonv.Value, len(tools))
	for i, t := range tools {
		desc := t.desc
		if edited && i == 0 {
			desc = editedDesc(desc)
		}
		items[i] = jsonv.ObjectValue(
			jsonv.M("name", jsonv.StringValue(t.tmpl.name)),
			jsonv.M("description", desc),
			jsonv.M("input_schema", schemaValue(t.tmpl)),
		)
	}
	return jsonv.ArrayValue(items...)
}

func editedDesc(d jsonv.Value) jsonv.Value {
	if d.Kind != jsonv.String {
		return jsonv.StringValue("Look the record up.")
	}
	return jsonv.StringValue(d.Text + " Prefer exact matches.")
}

func schemaValue(tm toolTemplate) jsonv.Value {
	props := make([]jsonv.Member, len(tm.args))
	req := make([]jsonv.Value, len(tm.args))
	for i, a := range tm.args {
		props[i] = jsonv.M(a.name, jsonv.ObjectValue(jsonv.M("type", jsonv.StringValue(a.typ))))
		req[i] = jsonv.StringValue(a.name)
	}
	return jsonv.ObjectValue(
		jsonv.M("type", jsonv.StringValue("object")),
		jsonv.M("properties", jsonv.ObjectValue(props...)),
		jsonv.M("required", jsonv.ArrayValue(req...)),
	)
}

func message(role string, content jsonv.Value, calls, results []jsonv.Value) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("role", jsonv.StringValue(role)),
		jsonv.M("content", content),
		jsonv.M("tool_calls", jsonv.ArrayValue(calls...)),
		jsonv.M("tool_results", jsonv.ArrayValue(results...)),
	)
}

func (g *caseGen) hashArgs(c *caseSpec, msgs []jsonv.Value, tools jsonv.Value) jsonv.Value {
	sys := jsonv.StringValue(g.s.system)
	return jsonv.ObjectValue(
		jsonv.M("provider", jsonv.StringValue(g.s.provider)),
		jsonv.M("model", jsonv.StringValue(g.s.modelFor(c))),
		jsonv.M("system", sys),
		jsonv.M("messages", jsonv.ArrayValue(append([]jsonv.Value(nil), msgs...)...)),
		jsonv.M("tools", tools),
		jsonv.M("params", jsonv.ObjectValue(
			jsonv.M("temperature", g.s.tempFor(c)),
			jsonv.M("top_p", jsonv.NullValue()),
			jsonv.M("max_tokens", jsonv.NullValue()),
			jsonv.M("stop_sequences", jsonv.ArrayValue()),
		)),
	)
}

func keyOf(hashArgs jsonv.Value, rep int) (req jsonv.Value, key string, err error) {
	req, err = cassette.HashableRequest(hashArgs)
	if err != nil {
		return req, "", err
	}
	fp, err := cassette.FingerprintRequest(req)
	if err != nil {
		return req, "", err
	}
	return req, cassette.StorageKey(fp, rep), nil
}

func (g *caseGen) status(c *caseSpec, t int) string {
	switch {
	case c.plan.renamed:
		return InUse
	case c.plan.stale == staleMock && t >= 1, c.plan.stale == staleInput, c.plan.stale == staleTool:
		return Stale
	}
	return Live
}

func (g *caseGen) genCase(c *caseSpec) error {
	cp := c.plan
	turn0 := g.toolTurn(c, false, 0) // turn 0 is the same in every repetition
	if cp.stale == staleMock {
		c.overTool = turn0[0].name
	}
	var first *turn
	for rep := 0; rep < cp.reps; rep++ {
		g.res.caseRuns++
		turns, cur, err := g.run(c, rep, turn0)
		if err != nil {
			return err
		}
		if rep == 0 {
			first = &turns[0]
		}
		for _, t := range turns {
			st := g.status(c, t.index)
			if st != Stale {
				g.res.hits++
			}
			if err := g.write(c, t, st); err != nil {
				return err
			}
		}
		if cp.stale != notStale {
			miss := Miss{Suite: g.s.name, Case: c.name, RepeatIndex: rep, Key: cur}
			if cp.stale == staleMock {
				miss.Turn = 1
			}
			g.res.misses = append(g.res.misses, miss)
		}
	}
	for i := range cp.superseded {
		if err := g.extra(c, first, i, false); err != nil {
			return err
		}
	}
	for i := range cp.invalid {
		if err := g.extra(c, first, i, true); err != nil {
			return err
		}
	}
	return nil
}

func (g *caseGen) genOrphan(c *caseSpec, status string) error {
	turns, _, err := g.run(c, 0, g.toolTurn(c, false, 0))
	if err != nil {
		return err
	}
	for _, t := range turns {
		if err := g.write(c, t, status); err != nil {
			return err
		}
	}
	return nil
}

// toolTurn returns the tool calls of one tool_use turn.
func (g *caseGen) toolTurn(c *caseSpec, final bool, t int) []call {
	rng := g.rng
	mocked := g.s.tools[:len(g.s.tools)-1]
	n := 1
	switch r := rng.IntN(20); {
	case r < 3:
		n = 2
	case r < 4 && t < 2:
		n = 3
	}
	calls := make([]call, 0, n+1)
	for range n {
		t := mocked[rng.IntN(len(mocked))]
		calls = append(calls, call{name: t.tmpl.name, args: g.args(t.tmpl)})
	}
	if final && c.plan.end == endUnmocked || !final && c.unmockNull && rng.IntN(3) == 0 {
		calls = append(calls, call{name: unmockedTool.name, args: g.args(unmockedTool)})
	}
	for i := range calls {
		calls[i].id = g.callID()
	}
	return calls
}

func (g *caseGen) args(tm toolTemplate) jsonv.Value {
	ms := make([]jsonv.Member, len(tm.args))
	for i, a := range tm.args {
		ms[i] = jsonv.M(a.name, argValue(g.rng, a, i == 0 && g.rng.IntN(2) == 0))
	}
	return jsonv.ObjectValue(ms...)
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func randString(rng *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

func (g *caseGen) callID() string {
	if g.s.provider == "openai" {
		return "call_" + randString(g.rng, base62, 24)
	}
	return "toolu_01" + randString(g.rng, base62, 22)
}

// run records one repetition of a case: it walks dryfire's loop, with the
// model's answers invented on the way, and returns the turns and the key the
// case sends now at the turn it misses (stale cases only).
func (g *caseGen) run(c *caseSpec, rep int, turn0 []call) ([]turn, string, error) {
	cp := c.plan
	n := cp.turns[rep]
	msgs := []jsonv.Value{message("user", jsonv.StringValue(c.input), nil, nil)}
	res := &resolver{suite: g.s, override: c.override, counts: map[string]int{}}
	var turns []turn
	curKey := ""
	if cp.stale == staleInput {
		cm := []jsonv.Value{message("user", jsonv.StringValue(currentInput(c)), nil, nil)}
		_, k, err := keyOf(g.hashArgs(c, cm, g.tools), rep)
		if err != nil {
			return nil, "", err
		}
		curKey = k
	}
	for t := 0; t < n; t++ {
		ha := g.hashArgs(c, msgs, g.tools)
		req, key, err := keyOf(ha, rep)
		if err != nil {
			return nil, "", err
		}
		if t == 0 && cp.stale == staleTool {
			_, curKey, err = keyOf(g.hashArgs(c, msgs, g.cur), rep)
			if err != nil {
				return nil, "", err
			}
		}
		final := t == n-1
		var calls []call
		stop := "end_turn"
		switch {
		case !final:
			calls, stop = g.toolTurn(c, false, t), "tool_use"
			if t == 0 && len(turn0) > 0 {
				calls = turn0
			}
		case cp.end == endUnmocked || cp.end == endMaxTurns:
			calls, stop = g.toolTurn(c, true, t), "tool_use"
		case cp.end == endMaxTokens:
			stop = "max_tokens"
		}
		text := jsonv.NullValue()
		if stop != "tool_use" {
			text = jsonv.StringValue(strings.ToUpper(sentence(g.rng, 1)) + " " + sentence(g.rng, 8+g.rng.IntN(30)) + ".")
		} else if g.rng.IntN(5) < 3 {
			text = jsonv.StringValue("Let me check " + sentence(g.rng, 3) + ".")
		}
		body := g.body(c, t, key, req, stop, text, calls)
		turns = append(turns, turn{index: t, hashArgs: ha, req: req, key: key, body: body})
		if stop != "tool_use" || final {
			break
		}
		// The loop appends the assistant message and one tool message with
		// every result in call order.
		msgs = append(msgs, assistantMessage(text, calls))
		results := make([]jsonv.Value, 0, len(calls))
		var curResults []jsonv.Value
		for _, cl := range calls {
			o, ok := res.resolve(cl.name, cl.args)
			if !ok { // only reachable with on_unmocked: "null"
				o = outcome{content: jsonv.StringValue("")}
			}
			results = append(results, toolResult(cl.id, o))
			if t == 0 && cp.stale == staleMock {
				if cl.name == c.overTool {
					o = outcome{content: staleOverride(c)}
				}
				curResults = append(curResults, toolResult(cl.id, o))
			}
		}
		if t == 0 && cp.stale == staleMock {
			cm := append(append([]jsonv.Value(nil), msgs...), message("tool", jsonv.NullValue(), nil, curResults))
			_, curKey, err = keyOf(g.hashArgs(c, cm, g.tools), rep)
			if err != nil {
				return nil, "", err
			}
		}
		msgs = append(msgs, message("tool", jsonv.NullValue(), nil, results))
	}
	return turns, curKey, nil
}

func currentInput(c *caseSpec) string {
	if c.plan.stale == staleInput {
		return c.input + " Please be quick."
	}
	return c.input
}

func staleOverride(c *caseSpec) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("status", jsonv.StringValue("changed")),
		jsonv.M("note", jsonv.StringValue("mock edited after recording "+c.name)),
	)
}

func assistantMessage(text jsonv.Value, calls []call) jsonv.Value {
	tc := make([]jsonv.Value, len(calls))
	for i, cl := range calls {
		tc[i] = jsonv.ObjectValue(
			jsonv.M("id", jsonv.StringValue(cl.id)),
			jsonv.M("name", jsonv.StringValue(cl.name)),
			jsonv.M("arguments", cl.args),
			jsonv.M("malformed_arguments", jsonv.NullValue()),
		)
	}
	return message("assistant", text, tc, nil)
}

func toolResult(id string, o outcome) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("call_id", jsonv.StringValue(id)),
		jsonv.M("content", o.content),
		jsonv.M("is_error", jsonv.BoolValue(o.isErr)),
	)
}
