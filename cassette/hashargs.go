package cassette

import (
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// PyError is an exception Python raises, as "Type: message" (what
// str(type) and str(exc) say).
type PyError struct {
	Type, Message string
}

func (e *PyError) Error() string { return e.Type + ": " + e.Message }

// hashArgNames are the keyword-only parameters of dryfire's
// hashable_request, in order.
var hashArgNames = []string{"provider", "model", "system", "messages", "tools", "params"}

// HashArgsKey returns the key dryfire files the response to a request
// under, from the request's hash args, together with the canonical JSON
// that is hashed. It takes hash args as dryfire's fingerprint(**hash_args)
// does, and refuses what that call refuses with the exception it raises
// (a *[PyError]): a key that is not one of provider, model, system,
// messages, tools and params; a missing one; a tool without a name; a
// messages, tools or params that Python cannot iterate or index as the
// function does; a value json.dumps refuses; a lone surrogate. One key
// dryfire would refuse is accepted: schema_version, so that a cassette's
// request_digest (the hash args plus schema_version) can be checked.
func HashArgsKey(hashArgs jsonv.Value) (key string, canonical []byte, err error) {
	args, perr := bindHashArgs(hashArgs)
	if perr != nil {
		return "", nil, perr
	}
	if perr := checkHashArgs(args); perr != nil {
		return "", nil, perr
	}
	req, err := HashableRequest(args)
	if err != nil {
		return "", nil, &PyError{"TypeError", err.Error()}
	}
	canonical, err = jsonv.Canonical(req)
	if err != nil {
		if f := hashFailureOf(args); f != nil {
			return "", nil, &PyError{f.typ, f.str}
		}
		return "", nil, err
	}
	return FingerprintBytes(canonical), canonical, nil
}

// bindHashArgs binds the members of hashArgs to hashable_request's
// parameters as Python binds keyword arguments, and returns them with
// messages and tools as lists (Python iterates a mapping's keys and a
// string's characters).
func bindHashArgs(hashArgs jsonv.Value) (jsonv.Value, *PyError) {
	if hashArgs.Kind != jsonv.Object {
		return jsonv.Value{}, &PyError{"TypeError", "dryfire.domain.fingerprint.fingerprint() argument after ** must be a mapping, not " + pyTypeName(hashArgs)}
	}
	for _, m := range hashArgs.Members {
		if !isHashArgName(m.Key) && m.Key != "schema_version" {
			return jsonv.Value{}, &PyError{"TypeError", "hashable_request() got an unexpected keyword argument '" + m.Key + "'"}
		}
	}
	var missing []string
	for _, name := range hashArgNames {
		if !hashArgs.Has(name) {
			missing = append(missing, "'"+name+"'")
		}
	}
	if len(missing) > 0 {
		return jsonv.Value{}, &PyError{"TypeError", fmt.Sprintf("hashable_request() missing %d required keyword-only argument%s: %s",
			len(missing), map[bool]string{true: "", false: "s"}[len(missing) == 1], pyNameList(missing))}
	}
	out := jsonv.ObjectValue()
	for _, name := range hashArgNames {
		v := hashArgs.Field(name)
		if name == "messages" || name == "tools" {
			items, err := pyIter(v, false)
			if err != nil {
				return jsonv.Value{}, err
			}
			v = jsonv.ArrayValue(items...)
		}
		out.Set(name, v)
	}
	return out, nil
}

func isHashArgName(k string) bool {
	for _, n := range hashArgNames {
		if n == k {
			return true
		}
	}
	return false
}

// pyNameList joins names as Python's "missing arguments" message does:
// 'a' and 'b'; 'a', 'b', and 'c'.
func pyNameList(names []string) string {
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + ", and " + names[len(names)-1]
}

// checkHashArgs evaluates the parts of hashable_request that can raise
// before anything is encoded: each tool's t["name"], then "k in params"
// and params[k].
func checkHashArgs(args jsonv.Value) *PyError {
	for _, t := range args.Field("tools").Items {
		if err := pySubscript(t, "name"); err != nil {
			return err
		}
	}
	params := args.Field("params")
	for _, k := range []string{"temperature", "top_p", "max_tokens", "stop_sequences"} {
		in, err := pyContains(params, k)
		if err != nil {
			return err
		}
		if in {
			if err := pySubscript(params, k); err != nil {
				return err
			}
		}
	}
	return nil
}

// pyIter is iter(v) for a JSON value: a list's items, a mapping's keys, a
// string's characters.
func pyIter(v jsonv.Value, _ bool) ([]jsonv.Value, *PyError) {
	switch v.Kind {
	case jsonv.Array:
		return v.Items, nil
	case jsonv.Object:
		out := make([]jsonv.Value, len(v.Members))
		for i, m := range v.Members {
			out[i] = jsonv.StringValue(m.Key)
		}
		return out, nil
	case jsonv.String:
		var out []jsonv.Value
		for _, r := range v.Text {
			out = append(out, jsonv.StringValue(string(r)))
		}
		return out, nil
	case jsonv.Null, jsonv.Bool, jsonv.Number:
	}
	return nil, &PyError{"TypeError", "'" + pyTypeName(v) + "' object is not iterable"}
}

// pySubscript is v[k] for a string k.
func pySubscript(v jsonv.Value, k string) *PyError {
	switch v.Kind {
	case jsonv.Object:
		if !v.Has(k) {
			return &PyError{"KeyError", "'" + k + "'"}
		}
		return nil
	case jsonv.Array:
		return &PyError{"TypeError", "list indices must be integers or slices, not str"}
	case jsonv.String:
		return &PyError{"TypeError", "string indices must be integers, not 'str'"}
	case jsonv.Null, jsonv.Bool, jsonv.Number:
	}
	return &PyError{"TypeError", "'" + pyTypeName(v) + "' object is not subscriptable"}
}

// pyContains is "k in v" for a string k.
func pyContains(v jsonv.Value, k string) (bool, *PyError) {
	switch v.Kind {
	case jsonv.Object:
		return v.Has(k), nil
	case jsonv.Array:
		for _, it := range v.Items {
			if it.Kind == jsonv.String && it.Text == k {
				return true, nil
			}
		}
		return false, nil
	case jsonv.String:
		return strings.Contains(v.Text, k), nil
	case jsonv.Null, jsonv.Bool, jsonv.Number:
	}
	return false, &PyError{"TypeError", "argument of type '" + pyTypeName(v) + "' is not iterable"}
}

// pyTypeName is the Python type json.loads makes of a value.
func pyTypeName(v jsonv.Value) string {
	switch v.Kind {
	case jsonv.Null:
		return "NoneType"
	case jsonv.Bool:
		return "bool"
	case jsonv.Number:
		if v.IsInt() {
			return "int"
		}
		return "float"
	case jsonv.String:
		return "str"
	case jsonv.Array:
		return "list"
	case jsonv.Object:
		return "dict"
	}
	return "object"
}
