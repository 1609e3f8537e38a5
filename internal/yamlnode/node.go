package yamlnode

import (
	"errors"
	"math"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// Node is one node of a YAML document with its position, typed as
// dryfire's loader (ruamel.yaml, round trip) types it: yes/no/on are
// strings, 017 is 17, 780.00 is a float, an anchored true is the int 1, a
// date is a date.
type Node struct {
	// Kind is the JSON kind the node maps to. A scalar that has no JSON
	// form (PyType set) has Kind String.
	Kind jsonv.Kind
	// tuple marks a [key, value] pair of !!pairs: a Python tuple, which
	// json.dumps writes as a list but which never equals one. (It sits
	// here, beside Kind, where it takes no room of its own.)
	tuple bool
	// Style is a TaggedScalar's quote or block indicator (' " | >), 0 when
	// it is plain: ruamel keeps it, and its repr() shows it. (It takes the
	// padding after tuple.)
	Style byte
	// Referenced marks a node a $ref brought in, the root of what it
	// brought included (which is placed where the $ref is, and has no
	// From): a node whose text an error must not quote. (It too takes no
	// room of its own.)
	Referenced bool
	// class is the subclass of int, float, bool or str ruamel builds a
	// scalar as, where it builds one ([Node.TypeName]). (The padding
	// again.)
	class pyClass
	// Scalar is the typed value of a scalar node.
	Scalar jsonv.Value
	// Items are the elements of a sequence.
	Items []*Node
	// Members are the entries of a mapping, in the order Python iterates
	// them: the mapping's own keys as written, then the keys its merge
	// keys bring in. A CommentedSet (Kind String) keeps its elements here
	// as the keys of members without values, for its repr().
	Members []Member
	// Line and Column are 1-based; Column counts characters. They are
	// ruamel's: where the node starts, its anchor or tag included.
	Line, Column int
	// From is the file a node was loaded from when it came in by $ref
	// (the path as read); "" for the file being loaded.
	From string
	// PyType names the Python type of a scalar that has no JSON form
	// ("date", "datetime", "TimeStamp", "TaggedScalar", "bytes",
	// "CommentedSet"): dryfire loads it, validation refuses it where a
	// string is expected, and hashing it fails.
	PyType string
	// Detail is what the repr() of a scalar of a PyType needs beyond its
	// text: a TaggedScalar's tag, as ruamel resolves it
	// ("tag:yaml.org,2002:str", "!foo"), and the name of a TimeStamp's
	// time zone as written ("Z", "+01:00", "+1"); "" otherwise.
	Detail string
}

// Member is one mapping entry.
type Member struct {
	// Key is the key as Python's str() spells it ("1", "True", "None" for
	// non-string keys).
	Key string
	// KeyNode is the key's own node (its kind tells a string key from others).
	KeyNode *Node
	Value   *Node
	// Merged is set on an entry a merge key (<<) brought in: ruamel keeps
	// no position for it, and dryfire's loader fails when it needs one.
	Merged bool
}

// Get returns the value node under key of a mapping.
func (n *Node) Get(key string) (*Node, bool) {
	if n == nil || n.Kind != jsonv.Object {
		return nil, false
	}
	for _, m := range n.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Entry returns the entry under key of a mapping: the value with the
// key's own node, and whether a merge key brought it in.
func (n *Node) Entry(key string) (Member, bool) {
	if n == nil || n.Kind != jsonv.Object {
		return Member{}, false
	}
	for _, m := range n.Members {
		if m.Key == key {
			return m, true
		}
	}
	return Member{}, false
}

// HasOwnKeys reports whether ruamel keeps positions for the entries of a
// mapping: it does as soon as the mapping has one key of its own, and
// then has none for the merged ones.
func (n *Node) HasOwnKeys() bool {
	for _, m := range n.Members {
		if !m.Merged {
			return true
		}
	}
	return false
}

// ToValue converts the node into an ordered [jsonv.Value]. It also returns
// the exception dryfire's canonical JSON encoder raises on it, as Python's
// repr spells it ("" when it hashes). The encoder first makes every key a
// string (str(), NFC), walking the value in order, so a key str() cannot
// write (an int of more than 4,300 digits) fails first, at the first one;
// then json.dumps fails at the first value it cannot write, keys sorted,
// lists in order, of a mapping whose keys became equal only the last
// value being written.
func (n *Node) ToValue() (jsonv.Value, string) {
	v, keyBad, bad := n.toValue()
	if keyBad != "" {
		return v, keyBad
	}
	return v, bad
}

// toValue is [Node.ToValue] with the failures of str() on the keys and of
// json.dumps on the values apart.
func (n *Node) toValue() (v jsonv.Value, keyBad, bad string) {
	if n == nil {
		return jsonv.Value{}, "", ""
	}
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Array:
		items := make([]jsonv.Value, len(n.Items))
		for i, it := range n.Items {
			var k, b string
			items[i], k, b = it.toValue()
			keyBad, bad = firstOf(keyBad, k), firstOf(bad, b)
		}
		return jsonv.Value{Kind: jsonv.Array, Items: items}, keyBad, bad
	case jsonv.Object:
		v := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(n.Members))}
		var bads []memberFailure
		for _, m := range n.Members {
			keyBad = firstOf(keyBad, m.KeyNode.keyFailure())
			x, k, b := m.Value.toValue()
			keyBad = firstOf(keyBad, k)
			bads = replaceFailure(bads, m.Key, b)
			v.Members = append(v.Members, jsonv.Member{Key: m.Key, Value: x})
		}
		return v, keyBad, firstFailure(bads)
	}
	return n.Scalar, "", n.hashFailure()
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// replaceFailure records the failure (or none) of the value of a key, by
// its NFC form: a key equal to an earlier one takes its place, as the
// encoder's dict keeps the last value of a key.
func replaceFailure(bads []memberFailure, key, bad string) []memberFailure {
	if len(bads) == 0 && bad == "" {
		return bads
	}
	key = norm.NFC.String(key)
	for i, b := range bads {
		if b.key == key {
			bads = append(bads[:i], bads[i+1:]...)
			break
		}
	}
	if bad != "" {
		bads = append(bads, memberFailure{key, bad})
	}
	return bads
}

// MatchValue is the value as dryfire's deep-subset match (a mock's when,
// tool_args' match) compares it with a call's decoded JSON arguments: a
// value Python never finds equal to any of them (a date, a tagged
// scalar, bytes, a set, a tuple, a mapping with a key that is not a
// string) becomes NaN, which equals nothing either.
func (n *Node) MatchValue() jsonv.Value {
	if n == nil {
		return jsonv.Value{}
	}
	if n.PyType != "" || n.tuple {
		return jsonv.FloatValue(math.NaN())
	}
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Array:
		items := make([]jsonv.Value, len(n.Items))
		for i, it := range n.Items {
			items[i] = it.MatchValue()
		}
		return jsonv.Value{Kind: jsonv.Array, Items: items}
	case jsonv.Object:
		v := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(n.Members))}
		for _, m := range n.Members {
			if m.KeyNode != nil && !m.KeyNode.IsStr() {
				return jsonv.FloatValue(math.NaN())
			}
			v.Members = append(v.Members, jsonv.Member{Key: m.Key, Value: m.Value.MatchValue()})
		}
		return v
	}
	return n.Scalar
}

type memberFailure struct{ key, err string }

// firstFailure is the failure of the member that sorts first.
func firstFailure(bads []memberFailure) string {
	if len(bads) == 0 {
		return ""
	}
	sort.SliceStable(bads, func(i, j int) bool { return bads[i].key < bads[j].key })
	return bads[0].err
}

// The exceptions Python's JSON encoder raises on values it cannot write.
const (
	errNonFinite = "ValueError('Out of range float values are not JSON compliant')"
	errIntDigits = "ValueError('Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit')"
)

// hashFailure is the exception json.dumps raises on a scalar.
func (n *Node) hashFailure() string {
	switch {
	case n.PyType != "":
		return "TypeError('Object of type " + n.PyType + " is not JSON serializable')"
	case n.Kind != jsonv.Number:
		return ""
	case n.Scalar.IsNonFinite():
		return errNonFinite
	case n.Scalar.IsInt() && len(strings.TrimPrefix(n.Scalar.Text, "-")) > 4300:
		return errIntDigits
	}
	return ""
}

// keyFailure is the exception str() of a key raises when the key is hashed
// (dryfire turns every key into a string first).
func (n *Node) keyFailure() string {
	if n.Kind == jsonv.Number && n.Scalar.IsInt() && len(strings.TrimPrefix(n.Scalar.Text, "-")) > 4300 {
		return errIntDigits
	}
	return ""
}

// IsStr reports whether the node is a Python str.
func (n *Node) IsStr() bool { return n.Kind == jsonv.String && n.PyType == "" }

// Parse parses one YAML document into positioned nodes as dryfire's
// loader does. A document ruamel refuses is a *[LoadError] with its
// position; an empty document is a null node.
func Parse(data []byte) (*Node, error) {
	var session yamlrt.Session
	return ParseIn(data, &session)
}

// ParseIn is [Parse] in the session of a command that loads several
// files (see [yamlrt.Session]).
func ParseIn(data []byte, session *yamlrt.Session) (*Node, error) {
	return parseIn(data, session, nil)
}

// parseIn is ParseIn with the Nodes taken from arena (nil: allocated).
func parseIn(data []byte, session *yamlrt.Session, arena *Arena) (*Node, error) {
	doc, err := session.Compose(data)
	if err != nil {
		var ye *yamlrt.Error
		if errors.As(err, &ye) {
			return nil, loadErrorOf(ye)
		}
		return nil, err
	}
	defer doc.Release() // the Nodes built share nothing with it
	if arena != nil {
		arena.nodes += doc.Nodes
		arena.aliasNodes += doc.AliasNodes
	}
	if doc.Root == nil {
		return &Node{Line: 1, Column: 1}, nil
	}
	c := newConstructor(doc.Version, arena)
	return c.document(doc.Root)
}

// LoadError is a document dryfire's loader refuses with an exception
// rather than a spec error: ruamel's own errors, and the Python
// exceptions its constructor raises.
type LoadError struct {
	// Fatal is the kind: [FatalYAML], [FatalEncoding], [FatalValue] or
	// [FatalLimit].
	Fatal string
	// Cause is the reader's, scanner's, parser's or composer's error
	// this one was made from, with both of its marks; nil for an error
	// of the constructor.
	Cause *yamlrt.Error
	// Line and Column are 1-based; 0 when there is no position.
	Line, Column int
	Message      string
	// Redacted is Message without the text of the document it quotes (a
	// tag, an alias's name, a scalar), each written '…': what a caller
	// shows that must not show the document. A key's name and a single
	// character are kept. It equals Message when that quotes nothing.
	Redacted string
}

func (e *LoadError) Error() string { return e.Message }

// The kinds of [LoadError.Fatal].
const (
	// FatalYAML: ruamel refuses the document (syntax, an undefined alias,
	// a duplicate key, a bad merge, a tag it cannot build).
	FatalYAML = "yaml"
	// FatalEncoding: the document is not UTF-8, or holds a character YAML
	// forbids.
	FatalEncoding = "encoding"
	// FatalValue: a scalar Python cannot build (an impossible date, an
	// integer of more than 4,300 digits, a malformed tagged number).
	FatalValue = "value"
	// FatalLimit: the document exceeds one of the YAML limits (nesting
	// depth, nodes per document, alias expansion, a collection that
	// contains itself).
	FatalLimit = "limit"
)

func loadErrorOf(e *yamlrt.Error) *LoadError {
	kind := FatalYAML
	switch e.Kind { //nolint:exhaustive // a syntax error is FatalYAML, the default
	case yamlrt.KindEncoding:
		kind = FatalEncoding
	case yamlrt.KindValue:
		kind = FatalValue
	case yamlrt.KindLimit:
		kind = FatalLimit
	}
	m := e.Mark
	msg := e.Problem
	if msg == "" {
		msg, m = e.Context, e.ContextMark
	} else if e.Context != "" {
		msg = e.Context + ": " + msg
	}
	redacted := msg
	if i := strings.LastIndex(msg, e.Quote); e.Quote != "" && i >= 0 {
		redacted = msg[:i] + redactedText + msg[i+len(e.Quote):]
	}
	return &LoadError{Fatal: kind, Line: m.Line + 1, Column: m.Column + 1, Message: msg, Redacted: redacted, Cause: e}
}

// PyStr spells a key as Python's str() does: how dryfire names a key
// that is not a string ("1", "True", "None", a tuple).
func PyStr(n *Node) string {
	switch n.Kind {
	case jsonv.String:
		if n.PyType == "bytes" {
			return BytesRepr(n.Scalar.Text) // str(b'hi') is "b'hi'"
		}
		return n.Scalar.Text
	case jsonv.Null:
		return "None"
	case jsonv.Bool:
		if n.Scalar.Bool {
			return "True"
		}
		return "False"
	case jsonv.Number:
		if n.Scalar.IsFloat() {
			f, _ := n.Scalar.Float()
			return pyFloatStr(f)
		}
		return n.Scalar.Text
	case jsonv.Array:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			parts[i] = PyRepr(it)
		}
		if len(parts) == 1 {
			return "(" + parts[0] + ",)"
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case jsonv.Object:
		if len(n.Members) == 0 {
			return "ordereddict()"
		}
		parts := make([]string, len(n.Members))
		for i, m := range n.Members {
			parts[i] = "(" + PyRepr(m.KeyNode) + ", " + PyRepr(m.Value) + ")"
		}
		return "ordereddict([" + strings.Join(parts, ", ") + "])"
	}
	return n.Scalar.Text
}

// PyRepr is repr() of a node that is an element of a tuple or a mapping
// key: a quoted str, a datetime.date(...), else as [PyStr].
func PyRepr(n *Node) string {
	switch {
	case n.IsStr():
		return jsonv.PyRepr(n.Scalar.Text)
	case n.PyType == "date":
		// The text is the date's ISO form, YYYY-MM-DD.
		y, rest, _ := strings.Cut(n.Scalar.Text, "-")
		m, d, _ := strings.Cut(rest, "-")
		return "datetime.date(" + trimZeros(y) + ", " + trimZeros(m) + ", " + trimZeros(d) + ")"
	}
	return PyStr(n)
}

// pyFloatStr is str(float): like repr, but inf and nan spelled as Python does.
func pyFloatStr(f float64) string {
	s := jsonv.PyFloat(f)
	switch s {
	case "Infinity":
		return "inf"
	case "-Infinity":
		return "-inf"
	case "NaN":
		return "nan"
	}
	return s
}

// trimZeros drops the leading zeros of a number's digits ("07" is 7).
func trimZeros(s string) string {
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t
	}
	return "0"
}
