package loaderdiff

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Observe loads a document with this project's loader and replays its
// cases against the document's scripted model, and returns what it saw in
// the shape the oracle script writes for dryfire: the loaded tree with
// every scalar's Python type, the load failure or the spec errors, and per
// case the resolved settings and the fingerprint of every request.
// dir is a scratch directory the document's files are written to.
func Observe(d Doc, dir string) (rec jsonv.Value, err error) {
	defer func() {
		if p := recover(); p != nil {
			rec = jsonv.ObjectValue(jsonv.M("id", jsonv.StringValue(d.ID)),
				jsonv.M("load", jsonv.ObjectValue(jsonv.M("kind", jsonv.StringValue("panic")), jsonv.M("message", jsonv.StringValue(fmt.Sprint(p))))))
		}
	}()
	for name, data := range d.Files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return jsonv.Value{}, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return jsonv.Value{}, err
		}
	}
	env := func(k string) (string, bool) {
		v, ok := d.Env[k]
		return v, ok
	}
	file := filepath.Join(dir, SuiteFile)
	rec = jsonv.ObjectValue(jsonv.M("id", jsonv.StringValue(d.ID)))
	tree, _ := suite.ReadSuiteTree(file, SuiteFile, env)
	rec.Set("tree", typedTree(tree))
	s := suite.LoadSuite(file, SuiteFile, env)
	for _, e := range s.Errors {
		if e.Fatal != "" {
			rec.Set("load", fatalRecord(e))
			return rec, nil
		}
	}
	rec.Set("load", jsonv.ObjectValue(jsonv.M("kind", jsonv.StringValue("ok"))))
	errs := jsonv.ArrayValue()
	for _, e := range s.Errors {
		errs.Items = append(errs.Items, jsonv.ArrayValue(jsonv.IntValue(int64(e.Line)), jsonv.IntValue(int64(e.Column)), jsonv.StringValue(e.Message)))
	}
	rec.Set("errors", errs)
	where := jsonv.ArrayValue()
	for _, e := range s.Errors {
		where.Items = append(where.Items, jsonv.ArrayValue(jsonv.StringValue(e.Loc), jsonv.BoolValue(e.Enclosing), jsonv.StringValue(e.Hint)))
	}
	rec.Set("where", where)
	if !s.Failed {
		cases := jsonv.ArrayValue()
		views := jsonv.ArrayValue()
		for _, c := range s.Cases {
			cv, vv := observeCase(c, d.Calls)
			cases.Items = append(cases.Items, cv)
			views.Items = append(views.Items, vv)
		}
		rec.Set("suite", jsonv.ObjectValue(jsonv.M("name", jsonv.StringValue(s.Name)), jsonv.M("cases", cases)))
		rec.Set("views", views)
	}
	return rec, nil
}

// resultViews is how each tool result of a replayed case shows on
// dryfire's surfaces, in the order the trace holds them: [repr() (-v),
// pydantic's JSON mode (the run document), json.dumps (the wire), what
// the cassette store writes of it in a request digest]. An exception is
// "!" and its text (JSON mode) or repr() (json.dumps, the store).
func resultViews(t *engine.Trace) jsonv.Value {
	out := jsonv.ArrayValue()
	if t == nil {
		return out
	}
	for _, turn := range t.Turns {
		for _, r := range turn.ToolResults {
			doc := "!"
			if v, err := conversation.ToolResultsDoc([]conversation.ToolResult{r}); err != "" {
				doc += err
			} else {
				doc = jsonv.PyJSONDumps(v.Items[0].Field("content"))
			}
			wire, bad := r.WireContent()
			dumps := "!" + bad
			if bad == "" {
				dumps = jsonv.PyJSONDumps(wire)
			}
			store := storedText(r)
			repr, raised := r.Repr()
			if raised != "" {
				// The oracle's repr() raises out of the views of the case.
				return jsonv.ArrayValue(jsonv.ArrayValue(jsonv.StringValue("!" + raised)))
			}
			out.Items = append(out.Items, jsonv.ArrayValue(jsonv.StringValue(repr), jsonv.StringValue(doc),
				jsonv.StringValue(dumps), jsonv.StringValue(store)))
		}
	}
	return out
}

func fatalRecord(e suite.SpecError) jsonv.Value {
	v := jsonv.ObjectValue(jsonv.M("kind", jsonv.StringValue(e.Fatal)), jsonv.M("message", jsonv.StringValue(e.Message)))
	if e.Line > 0 {
		v.Set("file", jsonv.StringValue(filepath.Base(e.File)))
		v.Set("line", jsonv.IntValue(int64(e.Line)))
		v.Set("column", jsonv.IntValue(int64(e.Column)))
	}
	return v
}

// observeCase is a case's record and the views of its tool results (see
// resultViews).
func observeCase(c *suite.Case, calls []Call) (jsonv.Value, jsonv.Value) {
	r := suite.Resolve(nil, c, "")
	v := jsonv.ObjectValue(
		jsonv.M("name", jsonv.StringValue(c.Name)),
		jsonv.M("provider", jsonv.StringValue(r.Provider)),
		jsonv.M("model", jsonv.StringValue(r.Model)),
		jsonv.M("max_turns", jsonv.IntValue(int64(r.MaxTurns))),
		jsonv.M("temperature", jsonv.StringValue(pyFloatRepr(r.Temperature))),
		jsonv.M("repeat", jsonv.IntValue(int64(r.Repeat))),
		jsonv.M("on_unmocked", jsonv.StringValue(r.OnUnmocked)),
	)
	if r.Provider == "fake" {
		v.Set("outcome", jsonv.StringValue("fake"))
		return v, jsonv.ArrayValue()
	}
	res := engine.Simulate(nil, c, 0, "", scriptedModel(calls))
	visits := jsonv.ArrayValue()
	for _, vis := range res.Visits {
		visits.Items = append(visits.Items, jsonv.StringValue(vis.Key))
	}
	if res.Termination == "" {
		v.Set("outcome", jsonv.StringValue("crash"))
	} else {
		v.Set("outcome", jsonv.StringValue("run"))
		v.Set("termination", jsonv.StringValue(res.Termination))
		msg := jsonv.NullValue()
		if res.Message != "" && res.Outcome != engine.OutcomeMiss {
			msg = jsonv.StringValue(res.Message)
		}
		v.Set("error", msg)
	}
	v.Set("visits", visits)
	return v, resultViews(res.Trace)
}

// scriptedModel answers the first turn with the document's tool calls (if
// any) and every other turn with end_turn, as the oracle's gateway does.
func scriptedModel(calls []Call) engine.Responder {
	var first cassette.Response
	if len(calls) > 0 {
		first.StopReason = "tool_use"
		first.Text = jsonv.NullValue()
		for _, c := range calls {
			args, _ := jsonv.Decode([]byte(c.Arguments))
			first.ToolCalls = append(first.ToolCalls, cassette.ToolCall{ID: c.ID, Name: c.Name, Arguments: args, MalformedArguments: jsonv.NullValue()})
		}
	}
	done := cassette.Response{StopReason: "end_turn", Text: jsonv.StringValue("done")}
	return func(turn int, _ jsonv.Value) (cassette.Response, error) {
		if turn == 0 && len(calls) > 0 {
			return first, nil
		}
		return done, nil
	}
}

// typedTree writes a loaded tree as the oracle does: {"m": [[k, v]...]},
// {"l": [...]}, and each scalar tagged with its Python type.
func typedTree(n *suite.YAMLNode) jsonv.Value {
	if n == nil {
		return jsonv.NullValue()
	}
	switch n.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Object:
		pairs := jsonv.ArrayValue()
		for _, m := range n.Members {
			key := typedTree(m.KeyNode)
			if m.KeyNode.Kind == jsonv.Object {
				key = tagged("o", jsonv.StringValue("CommentedKeyMap")) // a Mapping, not a dict
			}
			pairs.Items = append(pairs.Items, jsonv.ArrayValue(key, typedTree(m.Value)))
		}
		return tagged("m", pairs)
	case jsonv.Array:
		items := jsonv.ArrayValue()
		for _, it := range n.Items {
			items.Items = append(items.Items, typedTree(it))
		}
		return tagged("l", items)
	}
	if n.PyType != "" {
		return typedOther(n)
	}
	v := n.Scalar
	switch v.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Null:
		return jsonv.NullValue()
	case jsonv.Bool:
		return tagged("b", v)
	case jsonv.String:
		return tagged("s", v)
	}
	if v.IsInt() {
		return typedInt(v.Text)
	}
	f, _ := v.Float()
	return tagged("f", jsonv.StringValue(pyFloatRepr(f)))
}

// typedOther tags a scalar that is not JSON by its Python type.
func typedOther(n *suite.YAMLNode) jsonv.Value {
	typ := n.PyType
	switch typ {
	case "date":
		return tagged("d", jsonv.StringValue(n.Scalar.Text))
	case "datetime", "TimeStamp":
		return tagged("dt", jsonv.StringValue(typ))
	}
	return tagged("o", jsonv.StringValue(typ))
}

func typedInt(lit string) jsonv.Value {
	digits := strings.TrimPrefix(lit, "-")
	if len(digits) <= 4300 {
		return tagged("i", jsonv.StringValue(lit))
	}
	i, _ := new(big.Int).SetString(lit, 10)
	return tagged("ix", jsonv.StringValue(pyHex(i)))
}

// pyHex is Python's hex(): 0x-prefixed lowercase, the sign before it.
func pyHex(i *big.Int) string {
	if i.Sign() < 0 {
		return "-0x" + new(big.Int).Neg(i).Text(16)
	}
	return "0x" + i.Text(16)
}

func tagged(tag string, v jsonv.Value) jsonv.Value {
	return jsonv.ObjectValue(jsonv.M(tag, v))
}

// pyFloatRepr is Python's float.__repr__.
func pyFloatRepr(f float64) string {
	switch s := jsonv.PyFloat(f); s {
	case "Infinity":
		return "inf"
	case "-Infinity":
		return "-inf"
	case "NaN":
		return "nan"
	default:
		return s
	}
}

// storedText is a tool result's content as the cassette store writes it
// in a request digest (indented, keys sorted, number keys as the
// numbers), or "!" and the repr() of the exception it raises.
func storedText(r conversation.ToolResult) string {
	v := r.Content
	if r.Py != nil {
		if r.Py.StoreErr != "" {
			return "!" + r.Py.StoreErr
		}
		v = r.Py.Dumps
		if r.Py.Stored != nil {
			v = *r.Py.Stored
		}
	}
	b, err := jsonv.EncodeDryfire(v)
	if err != nil {
		return "!" + err.Error()
	}
	return string(b)
}
