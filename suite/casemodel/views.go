package casemodel

import (
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// MessageViews are the loaded values of one message of a list input as
// dryfire shows them (nil where the message has none, or where the value
// is a string pydantic made of it): the content when it is a list of
// blocks, the arguments of each tool call and the content of each tool
// result that is a mapping, in the order written.
type MessageViews struct {
	Content   *yamlnode.Views
	Arguments []*yamlnode.Views
	Results   []*yamlnode.Views
}

// InputViews are the views of the messages of a list input, one per
// message.
func InputViews(msgs []*YAMLNode) []MessageViews {
	out := make([]MessageViews, len(msgs))
	for i, m := range msgs {
		if c, ok := m.Get("content"); ok && c.Kind == jsonv.Array {
			out[i].Content = yamlnode.ViewsOf(c)
		}
		out[i].Arguments = itemViews(m, "tool_calls", "arguments")
		out[i].Results = itemViews(m, "tool_results", "content")
	}
	return out
}

// itemViews are the views of the mapping under field of each item of the
// list under key (nil for an item whose field is not a mapping).
func itemViews(m *YAMLNode, key, field string) []*yamlnode.Views {
	l, ok := m.Get(key)
	if !ok || len(l.Items) == 0 {
		return nil
	}
	out := make([]*yamlnode.Views, len(l.Items))
	for j, it := range l.Items {
		if x, ok := it.Get(field); ok && x.Kind == jsonv.Object {
			out[j] = yamlnode.ViewsOf(x)
		}
	}
	return out
}

// ScriptSteps are the steps of a script with each call's arguments as
// pydantic's dict[str, Any] validates them ([StrKeyedItems]).
func ScriptSteps(items []*YAMLNode) []*YAMLNode {
	out := make([]*YAMLNode, len(items))
	for i, st := range items {
		out[i] = st
		if st.Kind != jsonv.Object {
			continue
		}
		cp := *st
		cp.Members = append([]YAMLMember(nil), st.Members...)
		for j, m := range cp.Members {
			switch m.Key {
			case "tool_call":
				cp.Members[j].Value = strKeyedArgs(m.Value)
			case "parallel":
				cp.Members[j].Value = StrKeyedItems(m.Value, "arguments")
			}
		}
		out[i] = &cp
	}
	return out
}

// strKeyedArgs is a scripted call with its arguments' keys made str.
func strKeyedArgs(call *YAMLNode) *YAMLNode {
	l := StrKeyedItems(&YAMLNode{Kind: jsonv.Array, Items: []*YAMLNode{call}}, "arguments")
	return l.Items[0]
}

// ScriptViews are the views of the arguments of every tool call of a
// script, per step: one for a tool_call step, one per call of a parallel
// step, none for the others.
func ScriptViews(steps []*YAMLNode) [][]*yamlnode.Views {
	out := make([][]*yamlnode.Views, len(steps))
	for i, st := range steps {
		if c, ok := st.Get("tool_call"); ok && c.Kind == jsonv.Object {
			out[i] = []*yamlnode.Views{argumentViews(c)}
		} else if p, ok := st.Get("parallel"); ok && p.Kind == jsonv.Array {
			out[i] = make([]*yamlnode.Views, len(p.Items))
			for j, c := range p.Items {
				out[i][j] = argumentViews(c)
			}
		}
	}
	return out
}

// argumentViews are the views of a scripted call's arguments (nil when it
// has none, which dryfire makes an empty dict).
func argumentViews(call *YAMLNode) *yamlnode.Views {
	if a, ok := call.Get("arguments"); ok && a.Kind == jsonv.Object {
		return yamlnode.ViewsOf(a)
	}
	return nil
}
