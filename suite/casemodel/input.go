package casemodel

import (
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// InputMessages checks a list input as dryfire's Message model checks it
// when the case starts, for what only the loaded Python values tell: a
// value of a Python type with no JSON form where a string, a list or a
// mapping is needed, and keys that are not strings. It returns the first
// such problem (dryfire's case then fails without a request) and, when
// there is none, the first value hashing fails on, in the order the
// canonical encoder meets the hashed parts of the messages.
//
// Values pydantic reads as an empty list (a tagged scalar or a set with
// nothing in it) are replaced by one in the messages returned, and the
// keys of each dict[str, Any] it validates are made str ([strKeyed]).
func InputMessages(items []*YAMLNode) (out []*YAMLNode, crash, bad string) {
	out = make([]*YAMLNode, len(items))
	for i, m := range items {
		out[i] = strKeyedMessage(emptyLists(strKeyed(m)))
		c, b := inputMessage(out[i])
		if c != "" {
			return nil, fmt.Sprintf("input[%d].%s", i, c), ""
		}
		if bad == "" {
			bad = b
		}
	}
	return out, "", bad
}

// emptyLists returns m with the list fields of a message that pydantic
// reads as empty lists made so.
func emptyLists(m *YAMLNode) *YAMLNode {
	if m.Kind != jsonv.Object {
		return m
	}
	var out *YAMLNode
	for i, mem := range m.Members {
		switch mem.Key {
		case "content", "tool_calls", "tool_results":
		default:
			continue
		}
		v := mem.Value
		if (v.PyType == "TaggedScalar" && v.Scalar.Text == "") || (v.PyType == "CommentedSet" && len(v.Items) == 0) {
			if out == nil {
				cp := *m
				cp.Members = append([]YAMLMember(nil), m.Members...)
				out = &cp
			}
			out.Members[i].Value = &YAMLNode{Kind: jsonv.Array, Line: v.Line, Column: v.Column}
		}
	}
	if out == nil {
		return m
	}
	return out
}

func inputMessage(m *YAMLNode) (crash, bad string) {
	if r, ok := m.Get("role"); ok && r.PyType != "" {
		return "role: Input should be 'user', 'assistant' or 'tool'", ""
	}
	if c, ok := m.Get("content"); ok {
		switch {
		case StrLike(c), c.Kind == jsonv.Null:
		case c.Kind == jsonv.Array:
			for j, it := range c.Items {
				if !strDict(it) {
					return fmt.Sprintf("content.%d: Input should be a valid dictionary", j), ""
				}
			}
			_, bad = c.ToValue()
		default:
			return "content: Input should be a valid string", ""
		}
	}
	if crash, b := inputList(m, "tool_calls", inputToolCall); crash != "" {
		return crash, ""
	} else if bad == "" {
		bad = b
	}
	if crash, b := inputList(m, "tool_results", inputToolResult); crash != "" {
		return crash, ""
	} else if bad == "" {
		bad = b
	}
	if r, ok := m.Get("raw"); ok && r.Kind != jsonv.Null && !strDict(r) {
		return "raw: Input should be a valid dictionary", ""
	}
	return "", bad
}

// strKeyed is a mapping as pydantic validates a dict[str, Any]: a bytes
// key becomes the str it holds (see [yamlnode.StrKeyed]).
func strKeyed(n *YAMLNode) *YAMLNode { return yamlnode.StrKeyed(n) }

// strKeyedMessage is a message with the dict[str, Any] of its fields made
// so: each block of a list content, each tool call's arguments, each tool
// result's content when a mapping, and raw.
func strKeyedMessage(m *YAMLNode) *YAMLNode {
	if m.Kind != jsonv.Object {
		return m
	}
	cp := *m
	cp.Members = append([]YAMLMember(nil), m.Members...)
	for i, mem := range cp.Members {
		v := mem.Value
		switch mem.Key {
		case "content":
			v = StrKeyedItems(v, "")
		case "tool_calls":
			v = StrKeyedItems(v, "arguments")
		case "tool_results":
			v = StrKeyedItems(v, "content")
		case "raw":
			v = strKeyed(v)
		}
		cp.Members[i].Value = v
	}
	return &cp
}

// StrKeyedItems is a list of mappings with each one's own keys made str
// (field ""), or the mapping under field of each made so. Anything else
// is returned as it is.
func StrKeyedItems(l *YAMLNode, field string) *YAMLNode {
	if l == nil || l.Kind != jsonv.Array || l.PyType != "" {
		return l
	}
	cp := *l
	cp.Items = make([]*YAMLNode, len(l.Items))
	for i, it := range l.Items {
		if field == "" {
			cp.Items[i] = strKeyed(it)
			continue
		}
		cp.Items[i] = it
		if x, ok := it.Get(field); ok && x.Kind == jsonv.Object {
			c := *it
			c.Members = append([]YAMLMember(nil), it.Members...)
			for j := range c.Members {
				if c.Members[j].Key == field {
					c.Members[j].Value = strKeyed(x)
				}
			}
			cp.Items[i] = &c
		}
	}
	return &cp
}

// strDict reports whether n validates as a dict[str, Any].
func strDict(n *YAMLNode) bool {
	if n.Kind != jsonv.Object {
		return false
	}
	for _, m := range n.Members {
		if !StrLike(m.KeyNode) {
			return false
		}
	}
	return true
}

func inputList(m *YAMLNode, key string, item func(*YAMLNode) (string, string)) (crash, bad string) {
	l, ok := m.Get(key)
	if !ok {
		return "", ""
	}
	var items []*YAMLNode
	switch {
	case l.Kind == jsonv.Array, l.PyType == "CommentedSet":
		items = l.Items
	case l.PyType == "TaggedScalar":
		if l.Scalar.Text != "" {
			return key + ".0: Input should be a valid dictionary", ""
		}
	case l.PyType != "":
		return key + ": Input should be a valid list", ""
	default:
		return "", "" // the engine reports the other shapes
	}
	for j, it := range items {
		if it.Kind != jsonv.Object {
			return fmt.Sprintf("%s.%d: Input should be a valid dictionary", key, j), ""
		}
		c, b := item(it)
		if c != "" {
			return fmt.Sprintf("%s.%d.%s", key, j, c), ""
		}
		if bad == "" {
			bad = b
		}
	}
	return "", bad
}

func inputToolCall(tc *YAMLNode) (crash, bad string) {
	for _, k := range []string{"id", "name"} {
		if x, ok := tc.Get(k); ok && x.PyType != "" && !StrLike(x) {
			return k + ": Input should be a valid string", ""
		}
	}
	if mal, ok := tc.Get("malformed_arguments"); ok && mal.PyType != "" && !StrLike(mal) {
		return "malformed_arguments: Input should be a valid string", ""
	}
	args, ok := tc.Get("arguments")
	if !ok || args.Kind != jsonv.Object {
		return "", ""
	}
	if !strDict(args) {
		return "arguments: Input should be a valid string", ""
	}
	_, bad = args.ToValue()
	return "", bad
}

func inputToolResult(tr *YAMLNode) (crash, bad string) {
	if id, ok := tr.Get("call_id"); ok && id.PyType != "" && !StrLike(id) {
		return "call_id: Input should be a valid string", ""
	}
	if e, ok := tr.Get("is_error"); ok && e.PyType != "" && e.PyType != "bytes" {
		return "is_error: Input should be a valid boolean", ""
	}
	c, ok := tr.Get("content")
	switch {
	case !ok:
	case c.Kind == jsonv.Object:
		if !strDict(c) {
			return "content: Input should be a valid string", ""
		}
		_, bad = c.ToValue()
	case c.PyType != "" && !StrLike(c):
		return "content: Input should be a valid string", ""
	}
	return "", bad
}

// ContentCheck is what dryfire's ToolResult makes of a value it is given as
// content, for what only the loaded Python value shows: bytes become a str
// (which hashes), a value with no JSON form or a mapping with keys that are
// not strings is refused (crash). bad is the value's hash failure, kept
// otherwise.
func ContentCheck(n *YAMLNode, bad string) (crash, badOut string) {
	switch {
	case n.PyType == "bytes" && StrLike(n):
		return "", ""
	case n.PyType != "":
		return "content: Input should be a valid string, a mapping or null (ValidationError for ToolResult)", ""
	case n.Kind == jsonv.Object && !strDict(n):
		return "content: keys should be strings (ValidationError for ToolResult)", ""
	}
	return "", bad
}
