package suite

import (
	"slices"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// The structural check of a suite mirrors dryfire's strict pydantic models
// (lax scalars, unknown keys forbidden) and its messages; positions follow
// dryfire's rule: the key of the offending field, or the nearest enclosing
// node when a required field is missing.

func sortSpecErrors(errs []SpecError) {
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Line != errs[j].Line {
			return errs[i].Line < errs[j].Line
		}
		return errs[i].Column < errs[j].Column
	})
}

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
					t.InputSchema, t.Unserialisable = strKeyed(n).ToValue() // a dict[str, Any]
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
			w := strKeyed(n).MatchValue()
			r.When = &w
		}
		v.pop()
	}
	if n, _, ok := o.field("return"); ok {
		found = append(found, "returns")
		r.Kind = "return"
		n = strKeyed(n) // ToolResult's content: a dict[str, Any]
		r.Return, r.Unserialisable = n.ToValue()
		r.Crash, r.Unserialisable = contentCheck(n, r.Unserialisable)
		r.Views = yamlnode.ViewsOf(n)
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
			r = strKeyed(r)
			step.Value, step.Unserialisable = r.ToValue()
			step.Crash, step.Unserialisable = contentCheck(r, step.Unserialisable)
			step.Views = yamlnode.ViewsOf(r)
		}
		steps = append(steps, step)
	}
	return steps
}

// contentCheck is what dryfire's ToolResult makes of a value it is given as
// content, for what only the loaded Python value shows: bytes become a str
// (which hashes), a value with no JSON form or a mapping with keys that are
// not strings is refused (crash). bad is the value's hash failure, kept
// otherwise.
func contentCheck(n *YAMLNode, bad string) (crash, badOut string) {
	switch {
	case n.PyType == "bytes" && strLike(n):
		return "", ""
	case n.PyType != "":
		return "content: Input should be a valid string, a mapping or null (ValidationError for ToolResult)", ""
	case n.Kind == jsonv.Object && !strDict(n):
		return "content: keys should be strings (ValidationError for ToolResult)", ""
	}
	return "", bad
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
func (v *validator) input(n *YAMLNode, p pos) (val jsonv.Value, views []MessageViews, bad, crash string) {
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
	msgs, crash, bad := inputMessages(items)
	if crash != "" {
		msgs = items
	} else {
		views = inputViews(msgs)
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
	steps := scriptSteps(items)
	x, _ := (&YAMLNode{Kind: jsonv.Array, Items: steps, Line: n.Line, Column: n.Column}).ToValue()
	return x, scriptViews(steps)
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

// assertionKinds are the kinds dryfire's registry knows.
var assertionKinds = []string{
	"call_order", "calls_tool", "cost_under", "final_contains", "final_json", "final_matches",
	"latency_under_ms", "llm_judge", "max_turns", "min_tool_calls", "not_calls_tool", "tool_args",
}

// checkAssertions is dryfire's assertion pre-pass: every one-key expect
// entry must name a known kind, and the arguments of the structural kinds
// must have the right shape.
func (v *validator) checkAssertions(root *YAMLNode) {
	cases, ok := root.Get("cases")
	if !ok || cases.Kind != jsonv.Array {
		return
	}
	for ci, c := range cases.Items {
		expect, ok := c.Get("expect")
		if !ok || expect.Kind != jsonv.Array {
			continue
		}
		for ei, e := range expect.Items {
			if e.Kind != jsonv.Object || len(e.Members) != 1 {
				continue
			}
			m := e.Members[0]
			loc := func() string {
				return rawLoc([]locSeg{fieldSeg("cases"), indexSeg(ci), fieldSeg("expect"), indexSeg(ei)}, rawKeySeg(m))
			}
			if t := notIterable(m.KeyNode); t != "" && v.fatal == nil {
				// dryfire looks for a known kind close to the key with
				// difflib, which iterates over it: a number, a bool, null
				// or a date fails there, and the load with it.
				kp := v.keyPos(e, m)
				e := v.errorAt(kp, "TypeError: '"+t+"' object is not iterable")
				e.Fatal = FatalValue
				e.Hint = "dryfire fails (an internal error) on an assertion kind that is not a string: write the kind as a string"
				v.fatal = &e
				return
			}
			if !slices.Contains(assertionKinds, m.Key) {
				kp := v.keyPos(e, m)
				err := v.errorAt(kp, "unknown assertion kind: "+keyRepr(m))
				err.Loc = loc()
				if best := closeMatch(kindChars(m), assertionKinds, 0.4); best != "" {
					err.Hint = "did you mean " + jsonv.PyRepr(best) + "?"
				} else {
					err.Hint = "valid kinds: " + strings.Join(assertionKinds, ", ")
				}
				v.errs = append(v.errs, err)
				continue
			}
			a := v.assertion(e)
			if a.fatal != nil {
				// re raises what pydantic does not report, and dryfire's
				// load stops there.
				p := v.valuePos(e, m)
				f := *a.fatal
				at := v.errorAt(p, f.Message)
				f.File, f.Line, f.Column, f.Ref = at.File, at.Line, at.Column, at.Ref
				v.fatal = &f
				return
			}
			if msg := a.Err; msg != "" {
				p := v.valuePos(e, m)
				if p.line == 0 {
					p = v.keyPos(e, m)
				}
				err := v.errorAt(p, "invalid arguments for "+jsonv.PyRepr(m.Key)+": "+msg)
				err.Loc = loc()
				v.errs = append(v.errs, err)
			}
		}
	}
}

// kindChars is what difflib compares the kinds with when it iterates the
// key of m: a string's characters (a tagged scalar's too); nothing for a
// mapping, a tuple or bytes, whose items are no characters.
func kindChars(m YAMLMember) string {
	k := m.KeyNode
	switch {
	case k == nil || k.IsStr():
		return m.Key
	case k.PyType == "TaggedScalar":
		return k.Scalar.Text
	}
	return ""
}

// closeMatch is difflib.get_close_matches(word, candidates, n=1, cutoff).
func closeMatch(word string, candidates []string, cutoff float64) string {
	best, bestScore := "", 0.0
	for _, c := range candidates {
		if r := seqRatio(c, word); r >= cutoff && r > bestScore {
			best, bestScore = c, r
		}
	}
	return best
}

// seqRatio is difflib.SequenceMatcher(None, a, b).ratio() without junk.
func seqRatio(a, b string) float64 {
	ar, br := []rune(a), []rune(b)
	if len(ar)+len(br) == 0 {
		return 1
	}
	return 2 * float64(matchingChars(ar, br)) / float64(len(ar)+len(br))
}

func matchingChars(a, b []rune) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	bi, bj, size := 0, 0, 0
	for i := range a {
		for j := range b {
			k := 0
			for i+k < len(a) && j+k < len(b) && a[i+k] == b[j+k] {
				k++
			}
			if k > size {
				bi, bj, size = i, j, k
			}
		}
	}
	if size == 0 {
		return 0
	}
	return size + matchingChars(a[:bi], b[:bj]) + matchingChars(a[bi+size:], b[bj+size:])
}
