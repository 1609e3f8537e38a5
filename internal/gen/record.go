package gen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
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
	tools cassette.Value // the tools as recorded
	cur   cassette.Value // the tools as the suite file has them now
}

type call struct {
	id, name string
	args     cassette.Value
}

// turn is one recorded model call.
type turn struct {
	index    int
	hashArgs cassette.Value
	req      cassette.Value
	key      string
	body     cassette.Value
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

func toolsValue(tools []*tool, edited bool) cassette.Value {
	items := make([]cassette.Value, len(tools))
	for i, t := range tools {
		desc := t.desc
		if edited && i == 0 {
			desc = editedDesc(desc)
		}
		items[i] = cassette.ObjectValue(
			cassette.M("name", cassette.StringValue(t.tmpl.name)),
			cassette.M("description", desc),
			cassette.M("input_schema", schemaValue(t.tmpl)),
		)
	}
	return cassette.ArrayValue(items...)
}

func editedDesc(d cassette.Value) cassette.Value {
	if d.Kind != cassette.String {
		return cassette.StringValue("Look the record up.")
	}
	return cassette.StringValue(d.Text + " Prefer exact matches.")
}

func schemaValue(tm toolTemplate) cassette.Value {
	props := make([]cassette.Member, len(tm.args))
	req := make([]cassette.Value, len(tm.args))
	for i, a := range tm.args {
		props[i] = cassette.M(a.name, cassette.ObjectValue(cassette.M("type", cassette.StringValue(a.typ))))
		req[i] = cassette.StringValue(a.name)
	}
	return cassette.ObjectValue(
		cassette.M("type", cassette.StringValue("object")),
		cassette.M("properties", cassette.ObjectValue(props...)),
		cassette.M("required", cassette.ArrayValue(req...)),
	)
}

func message(role string, content cassette.Value, calls, results []cassette.Value) cassette.Value {
	return cassette.ObjectValue(
		cassette.M("role", cassette.StringValue(role)),
		cassette.M("content", content),
		cassette.M("tool_calls", cassette.ArrayValue(calls...)),
		cassette.M("tool_results", cassette.ArrayValue(results...)),
	)
}

func (g *caseGen) hashArgs(c *caseSpec, msgs []cassette.Value, tools cassette.Value) cassette.Value {
	sys := cassette.StringValue(g.s.system)
	return cassette.ObjectValue(
		cassette.M("provider", cassette.StringValue(g.s.provider)),
		cassette.M("model", cassette.StringValue(g.s.modelFor(c))),
		cassette.M("system", sys),
		cassette.M("messages", cassette.ArrayValue(append([]cassette.Value(nil), msgs...)...)),
		cassette.M("tools", tools),
		cassette.M("params", cassette.ObjectValue(
			cassette.M("temperature", g.s.tempFor(c)),
			cassette.M("top_p", cassette.NullValue()),
			cassette.M("max_tokens", cassette.NullValue()),
			cassette.M("stop_sequences", cassette.ArrayValue()),
		)),
	)
}

func keyOf(hashArgs cassette.Value, rep int) (req cassette.Value, key string, err error) {
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

func (g *caseGen) args(tm toolTemplate) cassette.Value {
	ms := make([]cassette.Member, len(tm.args))
	for i, a := range tm.args {
		ms[i] = cassette.M(a.name, argValue(g.rng, a, i == 0 && g.rng.IntN(2) == 0))
	}
	return cassette.ObjectValue(ms...)
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
	msgs := []cassette.Value{message("user", cassette.StringValue(c.input), nil, nil)}
	res := &resolver{suite: g.s, override: c.override, counts: map[string]int{}}
	var turns []turn
	curKey := ""
	if cp.stale == staleInput {
		cm := []cassette.Value{message("user", cassette.StringValue(currentInput(c)), nil, nil)}
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
		text := cassette.NullValue()
		if stop != "tool_use" {
			text = cassette.StringValue(strings.ToUpper(sentence(g.rng, 1)) + " " + sentence(g.rng, 8+g.rng.IntN(30)) + ".")
		} else if g.rng.IntN(5) < 3 {
			text = cassette.StringValue("Let me check " + sentence(g.rng, 3) + ".")
		}
		body := g.body(c, t, key, req, stop, text, calls)
		turns = append(turns, turn{index: t, hashArgs: ha, req: req, key: key, body: body})
		if stop != "tool_use" || final {
			break
		}
		// The loop appends the assistant message and one tool message with
		// every result in call order.
		msgs = append(msgs, assistantMessage(text, calls))
		results := make([]cassette.Value, 0, len(calls))
		var curResults []cassette.Value
		for _, cl := range calls {
			o, ok := res.resolve(cl.name, cl.args)
			if !ok { // only reachable with on_unmocked: "null"
				o = outcome{content: cassette.StringValue("")}
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
			cm := append(append([]cassette.Value(nil), msgs...), message("tool", cassette.NullValue(), nil, curResults))
			_, curKey, err = keyOf(g.hashArgs(c, cm, g.tools), rep)
			if err != nil {
				return nil, "", err
			}
		}
		msgs = append(msgs, message("tool", cassette.NullValue(), nil, results))
	}
	return turns, curKey, nil
}

func currentInput(c *caseSpec) string {
	if c.plan.stale == staleInput {
		return c.input + " Please be quick."
	}
	return c.input
}

func staleOverride(c *caseSpec) cassette.Value {
	return cassette.ObjectValue(
		cassette.M("status", cassette.StringValue("changed")),
		cassette.M("note", cassette.StringValue("mock edited after recording "+c.name)),
	)
}

func assistantMessage(text cassette.Value, calls []call) cassette.Value {
	tc := make([]cassette.Value, len(calls))
	for i, cl := range calls {
		tc[i] = cassette.ObjectValue(
			cassette.M("id", cassette.StringValue(cl.id)),
			cassette.M("name", cassette.StringValue(cl.name)),
			cassette.M("arguments", cl.args),
			cassette.M("malformed_arguments", cassette.NullValue()),
		)
	}
	return message("assistant", text, tc, nil)
}

func toolResult(id string, o outcome) cassette.Value {
	return cassette.ObjectValue(
		cassette.M("call_id", cassette.StringValue(id)),
		cassette.M("content", o.content),
		cassette.M("is_error", cassette.BoolValue(o.isErr)),
	)
}

// body builds a cassette body: the request digest and a response with a
// provider payload, padded to a size between 2 and 8 KB.
func (g *caseGen) body(c *caseSpec, t int, key string, req cassette.Value, stop string, text cassette.Value, calls []call) cassette.Value {
	rng := g.rng
	usageIn, usageOut := int64(300+rng.IntN(4000)), int64(10+rng.IntN(400))
	tcs := make([]cassette.Value, len(calls))
	for i, cl := range calls {
		tcs[i] = cassette.ObjectValue(
			cassette.M("arguments", cl.args),
			cassette.M("id", cassette.StringValue(cl.id)),
			cassette.M("malformed_arguments", cassette.NullValue()),
			cassette.M("name", cassette.StringValue(cl.name)),
		)
	}
	resp := cassette.ObjectValue(
		cassette.M("cache_hit", cassette.BoolValue(false)),
		cassette.M("latency_ms", cassette.IntValue(int64(200+rng.IntN(9000)))),
		cassette.M("raw", cassette.NullValue()),
		cassette.M("stop_reason", cassette.StringValue(stop)),
		cassette.M("text", text),
		cassette.M("tool_calls", cassette.ArrayValue(tcs...)),
		cassette.M("usage", cassette.ObjectValue(
			cassette.M("cache_read_tokens", cassette.IntValue(int64(rng.IntN(3))*512)),
			cassette.M("cache_write_tokens", cassette.IntValue(0)),
			cassette.M("input_tokens", cassette.IntValue(usageIn)),
			cassette.M("output_tokens", cassette.IntValue(usageOut)),
		)),
	)
	model := g.s.modelFor(c)
	resp.Set("raw", g.raw(model, stop, text, calls, usageIn, usageOut))
	return cassette.ObjectValue(
		cassette.M("schema_version", cassette.IntValue(1)),
		cassette.M("fingerprint", cassette.StringValue(key)),
		cassette.M("suite", cassette.StringValue(g.s.name)),
		cassette.M("case", cassette.StringValue(c.dir)),
		cassette.M("turn", cassette.IntValue(int64(t))),
		cassette.M("provider", cassette.StringValue(g.s.provider)),
		cassette.M("model", cassette.StringValue(model)),
		cassette.M("recorded_at", cassette.StringValue(fmt.Sprintf("2026-%02d-%02dT%02d:%02d:%02dZ",
			1+rng.IntN(9), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60)))),
		cassette.M("request_digest", req),
		cassette.M("response", resp),
	)
}

// raw is the provider payload, as Anthropic's Messages API or OpenAI's Chat
// Completions API returns it.
func (g *caseGen) raw(model, stop string, text cassette.Value, calls []call, in, out int64) cassette.Value {
	rng := g.rng
	if g.s.provider == "openai" {
		msg := cassette.ObjectValue(
			cassette.M("role", cassette.StringValue("assistant")),
			cassette.M("content", text),
			cassette.M("refusal", cassette.NullValue()),
		)
		if len(calls) > 0 {
			tcs := make([]cassette.Value, len(calls))
			for i, cl := range calls {
				args, _ := cassette.Encode(cl.args, cassette.EncodeOptions{})
				tcs[i] = cassette.ObjectValue(
					cassette.M("id", cassette.StringValue(cl.id)),
					cassette.M("type", cassette.StringValue("function")),
					cassette.M("function", cassette.ObjectValue(
						cassette.M("name", cassette.StringValue(cl.name)),
						cassette.M("arguments", cassette.StringValue(string(args))),
					)),
				)
			}
			msg.Set("tool_calls", cassette.ArrayValue(tcs...))
		}
		finish := map[string]string{"tool_use": "tool_calls", "end_turn": "stop", "max_tokens": "length"}[stop]
		v := cassette.ObjectValue(
			cassette.M("id", cassette.StringValue("chatcmpl-"+randString(rng, base62, 29))),
			cassette.M("object", cassette.StringValue("chat.completion")),
			cassette.M("created", cassette.IntValue(int64(1780000000+rng.IntN(20000000)))),
			cassette.M("model", cassette.StringValue(model)),
			cassette.M("choices", cassette.ArrayValue(cassette.ObjectValue(
				cassette.M("index", cassette.IntValue(0)),
				cassette.M("message", msg),
				cassette.M("logprobs", cassette.NullValue()),
				cassette.M("finish_reason", cassette.StringValue(finish)),
			))),
			cassette.M("usage", cassette.ObjectValue(
				cassette.M("prompt_tokens", cassette.IntValue(in)),
				cassette.M("completion_tokens", cassette.IntValue(out)),
				cassette.M("total_tokens", cassette.IntValue(in+out)),
			)),
			cassette.M("system_fingerprint", cassette.StringValue("fp_"+randString(rng, "0123456789abcdef", 10))),
		)
		return v
	}
	var content []cassette.Value
	if text.Kind == cassette.String {
		content = append(content, cassette.ObjectValue(
			cassette.M("type", cassette.StringValue("text")),
			cassette.M("text", text),
		))
	}
	for _, cl := range calls {
		content = append(content, cassette.ObjectValue(
			cassette.M("type", cassette.StringValue("tool_use")),
			cassette.M("id", cassette.StringValue(cl.id)),
			cassette.M("name", cassette.StringValue(cl.name)),
			cassette.M("input", cl.args),
		))
	}
	return cassette.ObjectValue(
		cassette.M("id", cassette.StringValue("msg_01"+randString(rng, base62, 22))),
		cassette.M("type", cassette.StringValue("message")),
		cassette.M("role", cassette.StringValue("assistant")),
		cassette.M("model", cassette.StringValue(model)),
		cassette.M("content", cassette.ArrayValue(content...)),
		cassette.M("stop_reason", cassette.StringValue(stop)),
		cassette.M("stop_sequence", cassette.NullValue()),
		cassette.M("usage", cassette.ObjectValue(
			cassette.M("input_tokens", cassette.IntValue(in)),
			cassette.M("output_tokens", cassette.IntValue(out)),
			cassette.M("cache_creation_input_tokens", cassette.IntValue(0)),
			cassette.M("cache_read_input_tokens", cassette.IntValue(0)),
		)),
	)
}

// fileName is <NN>-<key>.json, NN as Python's %02d.
func fileName(t int, key string) string { return fmt.Sprintf("%02d-%s.json", t, key) }

func (g *caseGen) relPath(c *caseSpec, t int, key string) string {
	return CassetteDir + "/" + cassette.Sanitise(g.s.name) + "/" + cassette.Sanitise(c.dir) + "/" + fileName(t, key)
}

// write pads the body to its target size, plants a secret when the seed
// says so, encodes and writes the file.
func (g *caseGen) write(c *caseSpec, t turn, status string) error {
	out := fileOut{rel: g.relPath(c, t.index, t.key), status: status}
	body := t.body
	if g.cfg.Secrets > 0 && g.rng.Float64() < g.cfg.Secrets {
		out.secretRule, out.secretCount = g.plantSecret(&body)
	}
	data, err := g.pad(body)
	if err != nil {
		return fmt.Errorf("encode %s: %w", out.rel, err)
	}
	return g.emit(out, data)
}

func (g *caseGen) emit(out fileOut, data []byte) error {
	path := filepath.Join(g.w.root, filepath.FromSlash(out.rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	g.res.bytes += int64(len(data))
	g.res.files = append(g.res.files, out)
	return nil
}

// pad encodes the body and, when it is smaller than a size drawn between
// 2 and 8 KB, adds reasoning text to the provider payload (never hashed).
func (g *caseGen) pad(body cassette.Value) ([]byte, error) {
	data, err := cassette.EncodeDryfire(body)
	if err != nil {
		return nil, err
	}
	target := 2200 + g.rng.IntN(3200)
	if len(data) >= target {
		return data, nil
	}
	resp := body.Field("response")
	resp = resp.Clone()
	raw := resp.Field("raw")
	pad := appendWords(g.rng, "", target-len(data)-120)
	if g.s.provider == "openai" {
		raw.Set("metadata", cassette.ObjectValue(cassette.M("transcript_note", cassette.StringValue(pad))))
	} else {
		content := raw.Field("content")
		items := append([]cassette.Value{cassette.ObjectValue(
			cassette.M("type", cassette.StringValue("thinking")),
			cassette.M("thinking", cassette.StringValue(pad)),
			cassette.M("signature", cassette.StringValue(randString(g.rng, base62, 48))),
		)}, content.Items...)
		raw.Set("content", cassette.ArrayValue(items...))
	}
	resp.Set("raw", raw)
	body = body.Clone()
	body.Set("response", resp)
	return cassette.EncodeDryfire(body)
}

// extra plants a superseded or an invalid file in a case that replays fully.
func (g *caseGen) extra(c *caseSpec, first *turn, i int, invalid bool) error {
	out := fileOut{status: Superseded}
	if invalid {
		out.status = Invalid
	}
	// A repetition beyond repeat: the same request under key#N.
	if !invalid && i%2 == 0 {
		fp, _, _ := cassette.ParseStorageKey(first.key)
		key := cassette.StorageKey(fp, c.plan.reps+i/2)
		body := first.body.Clone()
		body.Set("fingerprint", cassette.StringValue(key))
		out.rel = g.relPath(c, 0, key)
		data, err := g.pad(body)
		if err != nil {
			return err
		}
		return g.emit(out, data)
	}
	// An older recording of turn 0: the input as it was before.
	ha := first.hashArgs.Clone()
	msgs := ha.Field("messages")
	user := msgs.Items[0].Clone()
	label := "draft"
	if invalid {
		label = "broken"
	}
	user.Set("content", cassette.StringValue(fmt.Sprintf("%s (%s %d)", c.input, label, i)))
	msgs = cassette.ArrayValue(append([]cassette.Value{user}, msgs.Items[1:]...)...)
	ha.Set("messages", msgs)
	req, key, err := keyOf(ha, 0)
	if err != nil {
		return err
	}
	body := first.body.Clone()
	body.Set("request_digest", req)
	body.Set("fingerprint", cassette.StringValue(key))
	data, err := g.pad(body)
	if err != nil {
		return err
	}
	out.rel = g.relPath(c, 0, key)
	if invalid {
		if i%2 == 0 {
			data = data[:len(data)*2/3] // a write cut short
		} else {
			// The file name says one key, the body another.
			other := cassette.FingerprintBytes([]byte(key + "/renamed"))
			out.rel = g.relPath(c, 0, other)
		}
	}
	return g.emit(out, data)
}
