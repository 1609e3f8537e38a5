package yamlnode

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// storedValue is the value as dryfire's cassette store writes it in a
// request digest, json.dumps with sort_keys=True: the json.dumps form,
// with each mapping whose keys are all numbers (ints, floats, bools) in
// the order Python sorts those numbers and marked [jsonv.Value.Ordered],
// and whether any such mapping is ordered otherwise than its keys' text
// sorts (when none is, the json.dumps form sorted by text is the same).
// A value the store cannot write ([jsonv.PyViews.StoreErr]) gets its json.dumps
// form: it is never written.
func storedValue(n *Node) (jsonv.Value, bool) {
	if n == nil || n.PyType != "" {
		return jsonv.NullValue(), false
	}
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Array:
		out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, len(n.Items))}
		changed := false
		for i, it := range n.Items {
			var c bool
			out.Items[i], c = storedValue(it)
			changed = changed || c
		}
		return out, changed
	case jsonv.Object:
		return storedObject(n)
	}
	return n.Scalar, false
}

func storedObject(n *Node) (jsonv.Value, bool) {
	order := make([]int, len(n.Members))
	for i := range order {
		order[i] = i
	}
	numbers := len(n.Members) > 1
	for _, m := range n.Members {
		numbers = numbers && classOf(m.KeyNode) == classNumber
	}
	changed := false
	if numbers {
		keys := make([]*Node, len(n.Members))
		for i, m := range n.Members {
			keys[i] = m.KeyNode
		}
		if sorted, err := pySort(keys); err == "" {
			order = sorted
		}
	}
	out := jsonv.Value{Kind: jsonv.Object, Ordered: numbers, Members: make([]jsonv.Member, 0, len(n.Members))}
	for _, i := range order {
		m := n.Members[i]
		k, _ := dumpsKey(m.KeyNode, true)
		x, c := storedValue(m.Value)
		changed = changed || c
		out.Members = append(out.Members, jsonv.Member{Key: k, Value: x})
	}
	if numbers && !slices.IsSortedFunc(out.Members, func(a, b jsonv.Member) int { return strings.Compare(a.Key, b.Key) }) {
		changed = true
	}
	return out, changed
}
