package suite

import (
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// Where an error is in the document, as dryfire names it: the location
// pydantic gives an error of the structural check, or the keys and
// indexes a pre-pass ($ref, ${VAR}, the assertion kinds) walked to it.
// dryfire prints it beside the position (cases[0].expect[0].calls_tolo)
// and, for a pydantic error, looks it up in the document: when a part of
// it is not there (a missing field, a union's branch, a dict key's
// "[key]"), the position is that of the nearest node it did find, and
// the error says so.

// locSeg is one step of a location.
type locSeg struct {
	// key is a mapping key as the location spells it, or a list index in
	// decimal.
	key string
	// index marks a step Python holds as an int: a list index, or a
	// mapping key pydantic names by its int value (it prints as [key]).
	index bool
	// num is the mapping key an int step names, to find it again.
	num *YAMLNode
}

// fieldSeg is the step into a model's field or a string key.
func fieldSeg(key string) locSeg { return locSeg{key: key} }

// indexSeg is the step into item i of a list.
func indexSeg(i int) locSeg { return locSeg{key: strconv.Itoa(i), index: true} }

// Union branches as pydantic names them in a location.
var (
	strBranch  = fieldSeg("str")
	listBranch = fieldSeg("list[dict[str,any]]")
	keyStep    = fieldSeg("[key]")
)

// pydanticKeySeg is the step pydantic names the key of m by, in the
// location of an error about the key or its value: the string for a str
// key, the int for one that fits 64 bits (a bool as 0 or 1), else the
// key's repr().
func pydanticKeySeg(m YAMLMember) locSeg {
	k := m.KeyNode
	if k == nil || strLike(k) {
		return fieldSeg(m.Key)
	}
	switch {
	case k.Kind == jsonv.Bool:
		return locSeg{key: map[bool]string{false: "0", true: "1"}[k.Scalar.Bool], index: true, num: k}
	case k.Kind == jsonv.Number && k.Scalar.IsInt() && k.PyType == "":
		if i, err := strconv.ParseInt(k.Scalar.Text, 10, 64); err == nil {
			return locSeg{key: strconv.FormatInt(i, 10), index: true, num: k}
		}
	}
	return fieldSeg(yamlnode.KeyRepr(k))
}

// rawKeySeg is the step a pre-pass names the key of m by: the key
// itself, which prints as str() does, in brackets for an int or a bool.
func rawKeySeg(m YAMLMember) locSeg {
	k := m.KeyNode
	isInt := k != nil && k.PyType == "" && (k.Kind == jsonv.Bool || (k.Kind == jsonv.Number && k.Scalar.IsInt()))
	return locSeg{key: m.Key, index: isInt}
}

// locString spells a location as dryfire prints it: keys joined by dots,
// indexes in brackets, "<root>" for none.
func locString(loc []locSeg) string {
	var b strings.Builder
	for _, s := range loc {
		switch {
		case s.index:
			b.WriteString("[" + s.key + "]")
		case b.Len() > 0:
			b.WriteString("." + s.key)
		default:
			b.WriteString(s.key)
		}
	}
	if b.Len() == 0 {
		return "<root>"
	}
	return b.String()
}

// locFinder looks locations up in one document, keeping what makes the
// next lookup quick: errors come many to a mapping (50,000 unknown
// fields), so the node their common prefix leads to is kept, and the
// string keys of a large mapping are indexed.
type locFinder struct {
	prefix     []locSeg
	prefixNode *YAMLNode
	prefixOK   bool
	cached     bool
	keys       map[*YAMLNode]map[string]*YAMLNode
}

// locates reports whether every step of loc is found in the document
// from root, as dryfire's lookup walks it: a key of a mapping, an index
// of a sequence. When one is not, dryfire places the error at the
// nearest node it found and calls it so.
func (f *locFinder) locates(root *YAMLNode, loc []locSeg) bool {
	if len(loc) == 0 {
		return true
	}
	prefix := loc[:len(loc)-1]
	if !f.cached || !sameLoc(prefix, f.prefix) {
		f.prefix = append(f.prefix[:0], prefix...)
		f.prefixNode, f.prefixOK, f.cached = root, true, true
		for _, s := range prefix {
			if f.prefixNode, f.prefixOK = f.step(f.prefixNode, s); !f.prefixOK {
				break
			}
		}
	}
	if !f.prefixOK {
		return false
	}
	_, ok := f.step(f.prefixNode, loc[len(loc)-1])
	return ok
}

// manyKeys is the size from which a mapping's string keys are indexed.
const manyKeys = 16

// step is the node s leads to from n, if any.
func (f *locFinder) step(n *YAMLNode, s locSeg) (*YAMLNode, bool) {
	if n == nil {
		return nil, false
	}
	switch {
	case n.Kind == jsonv.Object && s.num == nil && !s.index && len(n.Members) >= manyKeys:
		next, ok := f.index(n)[s.key]
		return next, ok
	case n.Kind == jsonv.Object:
		for _, m := range n.Members {
			if s.num != nil && yamlnode.KeyEqual(s.num, m.KeyNode) {
				return m.Value, true
			}
			if s.num == nil && !s.index && isStrKey(m) && m.Key == s.key {
				return m.Value, true
			}
		}
	case n.Kind == jsonv.Array && n.PyType == "" && s.index && s.num == nil:
		i, err := strconv.Atoi(s.key)
		if err == nil && i >= 0 && i < len(n.Items) {
			return n.Items[i], true
		}
	}
	return nil, false
}

// index is the string keys of n, each to its first value.
func (f *locFinder) index(n *YAMLNode) map[string]*YAMLNode {
	if ix, ok := f.keys[n]; ok {
		return ix
	}
	ix := make(map[string]*YAMLNode, len(n.Members))
	for _, m := range n.Members {
		if _, dup := ix[m.Key]; !dup && isStrKey(m) {
			ix[m.Key] = m.Value
		}
	}
	if f.keys == nil {
		f.keys = map[*YAMLNode]map[string]*YAMLNode{}
	}
	f.keys[n] = ix
	return ix
}

// isStrKey reports whether m's key is a Python str.
func isStrKey(m YAMLMember) bool { return m.KeyNode == nil || m.KeyNode.IsStr() }

func sameLoc(a, b []locSeg) bool {
	return len(a) == len(b) && under(a, b)
}

// under reports whether loc starts with prefix.
func under(loc, prefix []locSeg) bool {
	if len(loc) < len(prefix) {
		return false
	}
	for i, s := range prefix {
		if loc[i].key != s.key || loc[i].index != s.index {
			return false
		}
	}
	return true
}

// push enters s; pop leaves the last step entered.
func (v *validator) push(s locSeg) { v.loc = append(v.loc, s) }
func (v *validator) pop()          { v.loc = v.loc[:len(v.loc)-1] }

// pushField enters a field of a model, or a string key.
func (v *validator) pushField(key string) { v.push(fieldSeg(key)) }

// addIn is add with s as the last step of the error's location.
func (v *validator) addIn(input *YAMLNode, s locSeg, p pos, msg string) {
	v.push(s)
	v.add(input, p, msg)
	v.pop()
}

// placed fills the location of a structural error at the validator's
// current location.
func (v *validator) placed(e SpecError) SpecError {
	e.Loc = locString(v.loc)
	e.Enclosing = e.Line > 0 && !v.finder.locates(v.root, v.loc)
	return e
}

// rawLoc is the location of a pre-pass error: where it walked, and no
// lookup (dryfire places these errors itself).
func rawLoc(loc []locSeg, last ...locSeg) string {
	return locString(append(append([]locSeg(nil), loc...), last...))
}
