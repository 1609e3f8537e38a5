package suite

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// The structural check of a suite mirrors dryfire's strict pydantic models
// (lax scalars, unknown keys forbidden) and its messages; positions follow
// dryfire's rule: the key of the offending field, or the nearest enclosing
// node when a required field is missing.

// suite checks the root of a suite file and fills s.
func (v *validator) suite(root *YAMLNode, s *Suite) {
	// dryfire places an error about the whole file at the root node when
	// it is a mapping or a sequence (they carry positions), nowhere else.
	at := pos{}
	if root != nil && (root.Kind == jsonv.Object || root.Kind == jsonv.Array) {
		at = nodePos(root)
	}
	o, ok := v.open(root, at, "Suite")
	if !ok {
		return
	}
	if n, p, ok := o.required("name"); ok {
		v.pushField("name")
		s.Name, _ = v.str(n, p, false)
		v.pop()
	}
	if d := o.optStr("description"); d != nil {
		s.Description = *d
	}
	if n, p, ok := o.field("tags"); ok {
		s.Tags = v.strList(n, p, "tags")
	}
	s.Provider = o.optStr("provider")
	s.Settings = o.settings()
	s.System = jsonv.NullValue()
	s.SystemPos, s.ToolsPos, s.MocksPos = o.keyPos("system"), o.keyPos("tools"), o.keyPos("mocks")
	if n, p, ok := o.field("system"); ok && n.Kind != jsonv.Null {
		v.pushField("system")
		if t, ok := v.str(n, p, true); ok {
			s.System = jsonv.StringValue(t)
		}
		v.pop()
	}
	if n, p, ok := o.field("tools"); ok {
		s.Tools = v.tools(n, p)
		for _, t := range s.Tools {
			if t.Unserialisable != "" && s.Unserialised == "" {
				s.Unserialised = t.Unserialisable
			}
		}
	}
	if n, p, ok := o.field("mocks"); ok {
		s.Mocks = v.mocks(n, p, "mocks")
	}
	if n, p, ok := o.required("cases"); ok {
		leave := v.enter(p)
		v.pushField("cases")
		if items, ok := v.list(n, p); ok {
			for i, item := range items {
				v.push(indexSeg(i))
				if c := v.caseOf(item, i); c != nil {
					c.Suite = s
					s.Cases = append(s.Cases, c)
				}
				v.pop()
			}
		}
		v.pop()
		leave()
	}
	o.close()
}

func (v *validator) strList(n *YAMLNode, p pos, key string) []string {
	defer v.enter(p)()
	v.pushField(key)
	defer v.pop()
	items, ok := v.list(n, p)
	if !ok {
		return nil
	}
	var out []string
	for i, it := range items {
		v.push(indexSeg(i))
		if s, ok := v.str(it, nodePos(it), false); ok {
			out = append(out, s)
		}
		v.pop()
	}
	return out
}

func (v *validator) tools(n *YAMLNode, p pos) []Tool {
	defer v.enter(p)()
	v.pushField("tools")
	defer v.pop()
	items, ok := v.list(n, p)
	if !ok {
		return nil
	}
	var out []Tool
	for i, item := range items {
		v.push(indexSeg(i))
		o, ok := v.open(item, nodePos(item), "ToolSpec")
		if ok {
			t := Tool{Pos: posOf(item), DescriptionPos: o.keyPos("description"), SchemaPos: o.keyPos("input_schema")}
			if n, p, ok := o.required("name"); ok {
				v.pushField("name")
				t.Name, _ = v.str(n, p, false)
				v.pop()
			}
			t.Description = jsonv.NullValue()
			if d := o.optStr("description"); d != nil {
				t.Description = jsonv.StringValue(*d)
			}
			if n, p, ok := o.required("input_schema"); ok {
				v.pushField("input_schema")
				if n.Kind != jsonv.Object {
					v.add(n, p, "expected a mapping")
				} else {
					leave := v.enter(p)
					v.strKeys(n, p)
					leave()
					t.InputSchema, t.Unserialisable = yamlnode.StrKeyed(n).ToValue() // a dict[str, Any]
					t.InputSchema = v.shared.Share(t.InputSchema)
				}
				v.pop()
			}
			o.close()
			out = append(out, t)
		}
		v.pop()
	}
	return out
}

// mocks checks a tool → rules mapping (null allowed).
func (v *validator) mocks(n *YAMLNode, p pos, key string) []ToolMocks {
	defer v.enter(p)()
	v.pushField(key)
	defer v.pop()
	if n.Kind == jsonv.Null {
		return nil
	}
	if n.Kind != jsonv.Object {
		v.add(n, p, "expected a mapping")
		return nil
	}
	v.strKeys(n, p)
	out := []ToolMocks{}
	for _, m := range n.Members {
		v.push(pydanticKeySeg(m))
		tm := ToolMocks{Tool: m.Key}
		kp := v.keyPos(n, m)
		leave := v.enter(kp)
		if items, ok := v.list(m.Value, kp); ok {
			for i, item := range items {
				v.push(indexSeg(i))
				if r, ok := v.mockRule(item); ok {
					tm.Rules = append(tm.Rules, r)
				}
				v.pop()
			}
		}
		leave()
		out = append(out, tm)
		v.pop()
	}
	return out
}

func (v *validator) mockRule(item *YAMLNode) (MockRule, bool) {
	at := nodePos(item)
	r := MockRule{Line: at.line, Column: at.col, From: posOf(item).File}
	o, ok := v.open(item, at, "MockRule")
	if !ok {
		return r, false
	}
	before := len(v.errs)
	var found []string
	if n, p, ok := o.field("when"); ok && n.Kind != jsonv.Null {
		v.pushField("when")
		if n.Kind != jsonv.Object {
			v.add(n, p, "expected a mapping")
		} else {
			leave := v.enter(p)
			v.strKeys(n, p)
			leave()
			w := yamlnode.StrKeyed(n).MatchValue()
			r.When = &w
		}
		v.pop()
	}
	if n, _, ok := o.field("return"); ok {
		found = append(found, "returns")
		r.Kind = "return"
		n = yamlnode.StrKeyed(n) // ToolResult's content: a dict[str, Any]
		r.Return, r.Unserialisable = n.ToValue()
		r.Crash, r.Unserialisable = casemodel.ContentCheck(n, r.Unserialisable)
		r.Views = yamlnode.ViewsWith(n, r.Return)
	}
	if n, p, ok := o.field("error"); ok {
		found = append(found, "error")
		r.Kind = "error"
		if n.Kind != jsonv.Null {
			v.pushField("error")
			r.Error, _ = v.str(n, p, true)
			v.pop()
		}
	}
	if n, p, ok := o.field("sequence"); ok {
		found = append(found, "sequence")
		r.Kind = "sequence"
		if n.Kind != jsonv.Null {
			v.pushField("sequence")
			r.Sequence = v.sequence(n, p)
			v.pop()
		}
	}
	if n, p, ok := o.field("impl"); ok {
		found = append(found, "impl")
		r.Kind = "impl"
		r.ImplLine, r.ImplColumn = n.Line, n.Column
		if n.Kind != jsonv.Null {
			v.pushField("impl")
			r.Impl, _ = v.str(n, p, true)
			v.pop()
		}
	}
	o.close()
	if len(v.errs) > before {
		return r, false
	}
	if len(found) != 1 {
		list := "none"
		if len(found) > 0 {
			list = strings.Join(found, ", ")
		}
		v.add(item, at, "Value error, a mock rule needs exactly one of return/error/sequence/impl; found: "+list)
		return r, false
	}
	return r, true
}

func (v *validator) sequence(n *YAMLNode, p pos) []MockStep {
	defer v.enter(p)()
	items, ok := v.list(n, p)
	if !ok {
		return nil
	}
	steps := make([]MockStep, 0, len(items))
	for i, it := range items {
		if it.Kind != jsonv.Object {
			v.addIn(it, indexSeg(i), nodePos(it), "expected a mapping")
			continue
		}
		v.push(indexSeg(i))
		v.strKeys(it, nodePos(it))
		v.pop()
		key, isErr := "return", false
		if _, ok := it.Get("error"); ok {
			key, isErr = "error", true
		}
		step := MockStep{IsError: isErr, Value: jsonv.NullValue()}
		if r, ok := it.Get(key); ok {
			r = yamlnode.StrKeyed(r)
			step.Value, step.Unserialisable = r.ToValue()
			step.Crash, step.Unserialisable = casemodel.ContentCheck(r, step.Unserialisable)
			step.Views = yamlnode.ViewsWith(r, step.Value)
		}
		steps = append(steps, step)
	}
	return steps
}

func (v *validator) caseOf(item *YAMLNode, index int) *Case {
	at := nodePos(item)
	o, ok := v.open(item, at, "Case")
	if !ok {
		return nil
	}
	c := &Case{Index: index, Line: at.line, Column: at.col, InputPos: o.keyPos("input"), MocksPos: o.keyPos("mocks")}
	if n, p, ok := o.required("name"); ok {
		v.pushField("name")
		c.Name, _ = v.str(n, p, false)
		v.pop()
	}
	if n, p, ok := o.required("input"); ok {
		v.pushField("input")
		c.Input, c.InputViews, c.InputUnserialisable, c.InputCrash = v.input(n, p)
		v.pop()
	}
	if n, p, ok := o.required("expect"); ok {
		leave := v.enter(p)
		v.pushField("expect")
		if items, ok := v.list(n, p); ok {
			for i, it := range items {
				if it.Kind != jsonv.Object {
					v.addIn(it, indexSeg(i), nodePos(it), "expected a mapping")
					continue
				}
				v.push(indexSeg(i))
				v.strKeys(it, nodePos(it))
				v.pop()
				x, _ := it.ToValue()
				c.Expect = append(c.Expect, x)
				c.Assertions = append(c.Assertions, v.assertion(it))
			}
		}
		v.pop()
		leave()
	}
	if n, p, ok := o.field("mocks"); ok && n.Kind != jsonv.Null {
		c.HasMocks = true
		c.Mocks = v.mocks(n, p, "mocks")
	}
	if n, p, ok := o.field("script"); ok && n.Kind != jsonv.Null {
		c.HasScript = true
		v.pushField("script")
		c.Script, c.ScriptArgs = v.script(n, p)
		v.pop()
	}
	c.Settings = o.settings()
	o.close()
	return c
}

// input checks str | list[dict[str, Any]]: when both branches fail,
// pydantic reports the string branch, then each failure of the list branch,
// all where the input key is (dryfire cannot place a union branch).
func (v *validator) input(n *YAMLNode, p pos) (val jsonv.Value, views []casemodel.MessageViews, bad, crash string) {
	defer v.enter(p)()
	if strLike(n) {
		return jsonv.StringValue(n.Scalar.Text), nil, "", ""
	}
	var items []*YAMLNode
	switch {
	case n.Kind == jsonv.Array, n.PyType == "CommentedSet":
		items = n.Items
	case n.PyType == "TaggedScalar":
		items, _ = v.list(n, p)
	default:
		v.addIn(n, strBranch, p, "expected a string")
		v.addIn(n, listBranch, p, "expected a list")
		return jsonv.Value{}, nil, "", ""
	}
	if errs := listInputErrors(items); len(errs) > 0 {
		v.addIn(n, strBranch, p, "expected a string")
		v.push(listBranch)
		for _, e := range errs {
			depth := len(v.loc)
			v.loc = append(v.loc, e.loc...)
			v.add(nil, p, e.msg)
			v.loc = v.loc[:depth]
		}
		v.pop()
		return jsonv.Value{}, nil, "", ""
	}
	msgs, crash, bad := casemodel.InputMessages(items)
	if crash != "" {
		msgs = items
	} else {
		views = casemodel.InputViews(msgs)
	}
	list := &YAMLNode{Kind: jsonv.Array, Items: msgs, Line: n.Line, Column: n.Column}
	val, _ = list.ToValue()
	return val, views, bad, crash
}

// branchError is an error of a union's branch, below the branch.
type branchError struct {
	loc []locSeg
	msg string
}

// listInputErrors are the errors of the list branch of an input: an item
// that is not a mapping, a key that is not a string.
func listInputErrors(items []*YAMLNode) []branchError {
	var out []branchError
	for i, it := range items {
		if it.Kind != jsonv.Object {
			out = append(out, branchError{[]locSeg{indexSeg(i)}, "expected a mapping"})
			continue
		}
		for _, m := range it.Members {
			if !strLike(m.KeyNode) {
				out = append(out, branchError{[]locSeg{indexSeg(i), pydanticKeySeg(m), keyStep}, "expected a string"})
			}
		}
	}
	return out
}

var scriptKinds = []string{"text", "tool_call", "parallel", "fails"}

// script checks list[ScriptStep] (the scripted turns of a fake provider)
// and returns it as written.
func (v *validator) script(n *YAMLNode, p pos) (jsonv.Value, [][]*PyViews) {
	defer v.enter(p)()
	items, ok := v.list(n, p)
	if !ok {
		return jsonv.Value{}, nil
	}
	for i, it := range items {
		v.push(indexSeg(i))
		v.scriptStep(it)
		v.pop()
	}
	steps := casemodel.ScriptSteps(items)
	x, _ := (&YAMLNode{Kind: jsonv.Array, Items: steps, Line: n.Line, Column: n.Column}).ToValue()
	return x, casemodel.ScriptViews(steps)
}

// scriptStep checks one ScriptStep: its fields, then (when they are
// valid) that exactly one of them is written.
func (v *validator) scriptStep(it *YAMLNode) {
	at := nodePos(it)
	o, ok := v.open(it, at, "ScriptStep")
	if !ok {
		return
	}
	before := len(v.errs)
	var buf [4]string
	found := buf[:0]
	for _, k := range scriptKinds {
		n, p, ok := o.field(k)
		if !ok {
			continue
		}
		found = append(found, k)
		if n.Kind == jsonv.Null {
			continue
		}
		v.pushField(k)
		switch k {
		case "tool_call":
			v.scriptCall(n, p)
		case "parallel":
			if calls, ok := v.list(n, p); ok {
				for j, c := range calls {
					v.push(indexSeg(j))
					v.scriptCall(c, nodePos(c))
					v.pop()
				}
			}
		default:
			v.str(n, p, true)
		}
		v.pop()
	}
	o.close()
	if len(v.errs) > before || len(found) == 1 {
		return
	}
	list := "none"
	if len(found) > 0 {
		list = strings.Join(found, ", ")
	}
	v.add(it, at, "Value error, a script step needs exactly one of text/tool_call/parallel/fails; found: "+list)
}

// scriptCall checks one ScriptToolCall: a name, and arguments that are a
// mapping with string keys.
func (v *validator) scriptCall(n *YAMLNode, p pos) {
	o, ok := v.open(n, p, "ScriptToolCall")
	if !ok {
		return
	}
	if x, xp, ok := o.required("name"); ok {
		v.pushField("name")
		v.str(x, xp, false)
		v.pop()
	}
	if x, xp, ok := o.field("arguments"); ok {
		v.pushField("arguments")
		if x.Kind != jsonv.Object {
			v.add(x, xp, "expected a mapping")
		} else {
			v.strKeys(x, xp)
		}
		v.pop()
	}
	o.close()
}
