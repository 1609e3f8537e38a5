package loaderdiff

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Difference is one part of a document on which this project and dryfire
// disagree.
type Difference struct {
	// Part is "load" (one refuses the file, or they refuse it differently),
	// "tree" (the loaded values or their types differ), "errors" (the spec
	// errors differ) or "cases" (a resolved setting, a fingerprint, a
	// termination or an error of a replayed case differs) or "views" (a
	// tool result's repr(), its JSON in the run document or on the wire,
	// or the failure writing it in a recording differs) or "where" (an
	// error's location, its nearest-enclosing-node mark or its hint
	// differs).
	Part          string
	Ours, Dryfire string
}

// Compare returns the parts on which ours (from [Observe]) and dryfire's
// observation (from the oracle script) of the same document disagree. A
// document refused by one of dryfire-tui's own limits (on nesting, alias
// expansion, repeat, max_turns), which dryfire does not have, is one
// difference of part "limit": intended, not a disagreement.
func Compare(ours, dryfire jsonv.Value) []Difference {
	limited := false
	if ours.Field("load").Field("kind").Str() == "limit" {
		return []Difference{{Part: "limit"}}
	}
	if errs, where, ok := withoutLimitErrors(ours.Field("errors"), ours.Field("where")); ok {
		// Our limit refuses the suite where dryfire may run it: what else
		// both say must still agree; the cases are ours alone.
		limited = true
		ours = ours.Clone()
		ours.Set("errors", errs)
		ours.Set("where", where)
		ours.Set("suite", dryfire.Field("suite"))
		if v, ok := dryfire.Get("views"); ok {
			ours.Set("views", v)
		}
	}
	var out []Difference
	add := func(part string, a, b jsonv.Value) {
		as, bs := jsonv.PyJSONDumps(a), jsonv.PyJSONDumps(b)
		if as != bs {
			out = append(out, Difference{Part: part, Ours: as, Dryfire: bs})
		}
	}
	add("load", loadKey(ours.Field("load")), loadKey(dryfire.Field("load")))
	if len(out) > 0 {
		return out
	}
	add("tree", ours.Field("tree"), dryfire.Field("tree"))
	add("errors", ours.Field("errors"), dryfire.Field("errors"))
	if w, ok := dryfire.Get("where"); ok {
		// Recorded since locations were: each error's location, whether
		// it is placed at the nearest enclosing node, and its hint.
		add("where", ours.Field("where"), w)
	}
	add("cases", ours.Field("suite"), dryfire.Field("suite"))
	if v, ok := dryfire.Get("views"); ok && len(out) == 0 {
		// Recorded since the views were observed: how each tool result
		// shows in -v, the run document, the wire and a recording.
		add("views", ours.Field("views"), v)
	}
	if limited && len(out) == 0 {
		return []Difference{{Part: "limit"}}
	}
	return out
}

// loadKey is what must agree about a load: whether the file loads, the kind
// of failure and, where dryfire knows it, its file and position.
func loadKey(v jsonv.Value) jsonv.Value {
	kind := v.Field("kind").Str()
	switch kind {
	case "reader", "decode":
		kind = "encoding"
	case "crash":
		kind = "value"
	}
	out := jsonv.ObjectValue(jsonv.M("kind", jsonv.StringValue(kind)))
	if kind == "yaml" || kind == "encoding" {
		for _, k := range []string{"file", "line", "column"} {
			if x, ok := v.Get(k); ok {
				out.Set(k, x)
			}
		}
	}
	return out
}

// withoutLimitErrors returns the errors (and their places) other than
// those of dryfire-tui's limits, and whether there was one.
func withoutLimitErrors(errs, where jsonv.Value) (jsonv.Value, jsonv.Value, bool) {
	out, outWhere := jsonv.ArrayValue(), jsonv.ArrayValue()
	found := false
	for i, e := range errs.Items {
		if strings.Contains(e.Items[2].Str(), "dryfire-tui's limit on") {
			found = true
			continue
		}
		out.Items = append(out.Items, e)
		if i < len(where.Items) {
			outWhere.Items = append(outWhere.Items, where.Items[i])
		}
	}
	return out, outWhere, found
}
