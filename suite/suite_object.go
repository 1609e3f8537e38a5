package suite

// The mappings the structural check walks: their fields, the keys nobody
// asked for, and the settings a suite, a case or the defaults override.

import (
	"math"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// object describes one mapping being checked.
type object struct {
	v  *validator
	n  *YAMLNode
	at pos // where the mapping is, for "missing" errors
	// seen are the keys asked for (in seenBuf while they fit: a model
	// has a dozen fields or so).
	seen    []string
	seenBuf [12]string
}

// open starts checking n as a mapping of model name; ok false (with an
// error) when n is not a mapping.
func (v *validator) open(n *YAMLNode, at pos, model string) (*object, bool) {
	if n == nil || n.Kind != jsonv.Object {
		v.add(n, at, "Input should be a valid dictionary or instance of "+model)
		return nil, false
	}
	o := &object{v: v, n: n, at: at}
	o.seen = o.seenBuf[:0]
	return o, true
}

// field returns the value of key and the position of its key (for a
// merged key, where dryfire places it: see [validator.keyPos]).
func (o *object) field(key string) (*YAMLNode, pos, bool) {
	o.seen = append(o.seen, key)
	for _, m := range o.n.Members {
		// pydantic looks fields up by str key: 1 or !!str name is no field.
		if m.Key == key && strKey(m) {
			p := o.v.keyPos(o.n, m)
			if m.Merged && !p.broken {
				p = o.at
				p.broken = false
			}
			return m.Value, p, true
		}
	}
	return nil, o.at, false
}

// keyPos is where key is written in the mapping (zero when absent).
func (o *object) keyPos(key string) Pos {
	for _, m := range o.n.Members {
		if m.Key == key {
			return posOf(m.KeyNode)
		}
	}
	return Pos{}
}

// required is field with a "required field is missing" error.
func (o *object) required(key string) (*YAMLNode, pos, bool) {
	n, p, ok := o.field(key)
	if !ok {
		o.v.addIn(o.n, fieldSeg(key), o.at, "required field "+jsonv.PyRepr(key)+" is missing")
	}
	return n, p, ok
}

// close reports the keys nobody asked for, and the keys that are not
// strings (pydantic's invalid_key, which dryfire words as pydantic does).
func (o *object) close() {
	for _, m := range o.n.Members {
		if strKey(m) && slices.Contains(o.seen, m.Key) {
			continue
		}
		if !strKey(m) {
			o.v.addIn(m.KeyNode, pydanticKeySeg(m), o.v.badKeyPos(o.n, m, o.at), "Keys should be strings")
			continue
		}
		p := o.v.keyPos(o.n, m)
		if m.Merged && !p.broken {
			p = o.at
		}
		o.v.addIn(m.Value, fieldSeg(m.Key), p, "unknown field "+jsonv.PyRepr(m.Key))
	}
}

// notIterable names the Python type of a key Python cannot iterate over
// ("int", "NoneType", "date"), "" for a string, a tuple, a mapping, bytes,
// a set or a tagged scalar (which Python iterates by index).
func notIterable(k *YAMLNode) string {
	if k == nil {
		return ""
	}
	switch {
	case k.PyType == "date" || k.PyType == "datetime":
		return "datetime." + k.PyType
	case k.PyType == "TimeStamp":
		return k.PyType
	case k.PyType != "":
		return ""
	}
	switch k.Kind { //nolint:exhaustive // strings, tuples and mappings are iterable
	case jsonv.Null:
		return "NoneType"
	case jsonv.Bool:
		return "bool"
	case jsonv.Number:
		if k.Scalar.IsInt() {
			return "int" // or one of ruamel's int types (HexInt, ScalarInt), which this loader does not tell apart
		}
		// ruamel makes .inf and .nan plain floats, the others ScalarFloat.
		if f, _ := k.Scalar.Float(); math.IsInf(f, 0) || math.IsNaN(f) {
			return "float"
		}
		return "ScalarFloat"
	}
	return ""
}

// keyRepr is repr() of a member's key: quoted for a string, as Python
// writes any other value (1, None, ordereddict([...])) otherwise.
func keyRepr(m YAMLMember) string {
	if m.KeyNode == nil {
		return jsonv.PyRepr(m.Key)
	}
	return yamlnode.PyRepr(m.KeyNode)
}

// strKey reports whether a member's key is a Python str (or a subclass),
// what pydantic's strict key check takes.
func strKey(m YAMLMember) bool { return m.KeyNode == nil || m.KeyNode.IsStr() }

// optStr reads an optional string|null field into a pointer.
func (o *object) optStr(key string) *string {
	n, p, ok := o.field(key)
	if !ok || n.Kind == jsonv.Null {
		return nil
	}
	o.v.pushField(key)
	defer o.v.pop()
	if s, ok := o.v.str(n, p, true); ok {
		return &s
	}
	return nil
}

// settings reads the overridable settings of a suite, case or defaults block.
func (o *object) settings() Settings {
	var s Settings
	for _, k := range [...]string{"model", "max_turns", "temperature", "on_unmocked", "repeat", "require_pass_rate"} {
		if p := o.keyPos(k); p.Line > 0 {
			if s.Pos == nil {
				s.Pos = map[string]Pos{}
			}
			s.Pos[k] = p
		}
	}
	s.Model = o.optStr("model")
	if n, p, ok := o.field("max_turns"); ok && n.Kind != jsonv.Null {
		o.v.pushField("max_turns")
		if i, ok := o.v.laxIntField(n, p); ok && o.v.limitInt(p, "max_turns", i, MaxTurnsLimit) {
			s.MaxTurns = &i
		}
		o.v.pop()
	}
	if n, p, ok := o.field("temperature"); ok && n.Kind != jsonv.Null {
		o.v.pushField("temperature")
		if f, ok := o.v.laxFloatField(n, p); ok {
			s.Temperature = &f
		}
		o.v.pop()
	}
	if n, p, ok := o.field("on_unmocked"); ok && n.Kind != jsonv.Null {
		if n.IsStr() && (n.Scalar.Text == "error" || n.Scalar.Text == "null" || n.Scalar.Text == "passthrough") {
			t := n.Scalar.Text
			s.OnUnmocked = &t
		} else {
			o.v.addIn(n, fieldSeg("on_unmocked"), p, "Input should be 'error', 'null' or 'passthrough'")
		}
	}
	if n, p, ok := o.field("repeat"); ok && n.Kind != jsonv.Null {
		o.v.pushField("repeat")
		s.Repeat = o.v.repeat(n, p)
		o.v.pop()
	}
	if n, p, ok := o.field("require_pass_rate"); ok && n.Kind != jsonv.Null {
		o.v.pushField("require_pass_rate")
		s.RequirePassRate = o.v.passRate(n, p)
		o.v.pop()
	}
	return s
}

// repeat checks a repeat setting (an int of at least 1).
func (v *validator) repeat(n *YAMLNode, p pos) *int {
	i, ok := v.laxIntField(n, p)
	switch {
	case !ok:
		return nil
	case i < 1:
		v.add(n, p, "Input should be greater than or equal to 1")
		return nil
	case !v.limitInt(p, "repeat", i, MaxRepeat):
		return nil
	}
	return &i
}

// passRate checks a require_pass_rate setting (a number from 0 to 1).
func (v *validator) passRate(n *YAMLNode, p pos) *float64 {
	f, ok := v.laxFloatField(n, p)
	if !ok {
		return nil
	}
	// pydantic checks le before ge, and NaN fails both.
	switch {
	case !(f <= 1):
		v.add(n, p, "Input should be less than or equal to 1")
	case !(f >= 0):
		v.add(n, p, "Input should be greater than or equal to 0")
	default:
		return &f
	}
	return nil
}
