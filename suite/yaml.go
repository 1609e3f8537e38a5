package suite

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// YAMLNode is one node of a YAML document with its position, typed as
// dryfire's YAML 1.2 loader (ruamel.yaml round-trip mode) types it: yes/no/on
// are strings, 017 is 17, 780.00 is a float, a date is a date.
type YAMLNode struct {
	// Kind is the JSON kind the node maps to.
	Kind jsonv.Kind
	// Scalar is the typed value of a scalar node.
	Scalar jsonv.Value
	// Items are the elements of a sequence.
	Items []*YAMLNode
	// Members are the entries of a mapping, in document order.
	Members []YAMLMember
	// Line and Column are 1-based; Column counts characters.
	Line, Column int
	// From is the file a node was loaded from when it came in by $ref
	// (the path as read); "" for the file being loaded.
	From string
	// Unserialisable is set on a scalar that Python holds as a date or a
	// timestamp: it loads, but hashing it fails with this message.
	Unserialisable string
}

// YAMLMember is one mapping entry.
type YAMLMember struct {
	// Key is the key as Python's str() spells it ("1", "True", "None" for
	// non-string keys).
	Key string
	// KeyNode is the key's own node (its kind tells a string key from others).
	KeyNode *YAMLNode
	Value   *YAMLNode
}

// Get returns the value node under key of a mapping.
func (n *YAMLNode) Get(key string) (*YAMLNode, bool) {
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

// ToValue converts the node into an ordered [Value]. It also reports the
// first unserialisable scalar below it, if any ("" when there is none).
func (n *YAMLNode) ToValue() (jsonv.Value, string) {
	if n == nil {
		return jsonv.Value{}, ""
	}
	switch n.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Array:
		items := make([]jsonv.Value, len(n.Items))
		bad := ""
		for i, it := range n.Items {
			var b string
			items[i], b = it.ToValue()
			if bad == "" {
				bad = b
			}
		}
		return jsonv.Value{Kind: jsonv.Array, Items: items}, bad
	case jsonv.Object:
		v := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(n.Members))}
		bad := ""
		for _, m := range n.Members {
			x, b := m.Value.ToValue()
			if bad == "" {
				bad = b
			}
			if bad == "" {
				bad = m.KeyNode.Unserialisable
			}
			v.Members = append(v.Members, jsonv.Member{Key: m.Key, Value: x})
		}
		return v, bad
	}
	return n.Scalar, n.Unserialisable
}

// ParseYAML parses one YAML document into positioned nodes. Syntax errors and
// duplicate keys (compared as Python compares them: 1, 1.0 and true are the
// same key) are *ParseError values with line and column. An empty document
// is a null node.
func ParseYAML(data []byte) (*YAMLNode, error) {
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, yamlError(err)
	}
	if len(f.Docs) == 0 || f.Docs[0] == nil || f.Docs[0].Body == nil {
		return &YAMLNode{Line: 1, Column: 1}, nil
	}
	if len(f.Docs) > 1 {
		tk := f.Docs[1].GetToken()
		line, col := 0, 0
		if tk != nil && tk.Position != nil {
			line, col = tk.Position.Line, tk.Position.Column
		}
		return nil, &jsonv.ParseError{Line: line, Column: col, Err: errors.New("expected a single document in the stream")}
	}
	c := &yamlConverter{anchors: map[string]*YAMLNode{}}
	return c.convert(f.Docs[0].Body)
}

func yamlError(err error) error {
	var se *yaml.SyntaxError
	if errors.As(err, &se) && se.Token != nil && se.Token.Position != nil {
		return &jsonv.ParseError{Line: se.Token.Position.Line, Column: se.Token.Position.Column, Err: errors.New(se.Message)}
	}
	return &jsonv.ParseError{Err: err}
}

type yamlConverter struct {
	anchors map[string]*YAMLNode
	depth   int
}

func tokenPos(tk *token.Token) (int, int) {
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, tk.Position.Column
}

func (c *yamlConverter) convert(n ast.Node) (*YAMLNode, error) {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 10000 {
		return nil, &jsonv.ParseError{Err: errors.New("document nested too deeply")}
	}
	switch x := n.(type) {
	case nil:
		return &YAMLNode{}, nil
	case *ast.MappingNode:
		return c.mapping(x.Values, x.IsFlowStyle, x.Start)
	case *ast.MappingValueNode:
		return c.mapping([]*ast.MappingValueNode{x}, false, nil)
	case *ast.SequenceNode:
		line, col := tokenPos(x.Start)
		out := &YAMLNode{Kind: jsonv.Array, Items: make([]*YAMLNode, 0, len(x.Values)), Line: line, Column: col}
		for _, v := range x.Values {
			item, err := c.convert(v)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, item)
		}
		if !x.IsFlowStyle && len(out.Items) > 0 && out.Items[0].Line > 0 {
			// A block sequence sits where its first dash is; ruamel reports the
			// dash of the first entry, which is the Start token.
			out.Line, out.Column = tokenPos(x.Start)
		}
		return out, nil
	case *ast.AnchorNode:
		v, err := c.convert(x.Value)
		if err != nil {
			return nil, err
		}
		c.anchors[x.Name.String()] = v
		return v, nil
	case *ast.AliasNode:
		name := x.Value.String()
		v, ok := c.anchors[name]
		if !ok {
			line, col := tokenPos(x.Start)
			return nil, &jsonv.ParseError{Line: line, Column: col, Err: fmt.Errorf("found undefined alias %q", name)}
		}
		return v, nil
	case *ast.TagNode:
		return c.tagged(x)
	case *ast.LiteralNode:
		line, col := tokenPos(x.Start)
		return &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(x.Value.Value), Line: line, Column: col}, nil
	case *ast.CommentNode, *ast.CommentGroupNode:
		return &YAMLNode{}, nil
	}
	tk := n.GetToken()
	line, col := tokenPos(tk)
	if tk == nil {
		return &YAMLNode{Line: line, Column: col}, nil
	}
	switch tk.Type { //nolint:exhaustive // the other cases need nothing here
	case token.SingleQuoteType, token.DoubleQuoteType:
		return &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(tk.Value), Line: line, Column: col}, nil
	}
	if n.Type() == ast.NullType && tk.Type == token.ImplicitNullType {
		return &YAMLNode{Line: line, Column: col}, nil
	}
	out := resolvePlainScalar(tk.Value)
	out.Line, out.Column = line, col
	return out, nil
}

func (c *yamlConverter) mapping(values []*ast.MappingValueNode, flow bool, start *token.Token) (*YAMLNode, error) {
	out := &YAMLNode{Kind: jsonv.Object, Members: make([]YAMLMember, 0, len(values))}
	if flow {
		out.Line, out.Column = tokenPos(start)
	}
	for _, mv := range values {
		key, err := c.convert(mv.Key)
		if err != nil {
			return nil, err
		}
		if out.Line == 0 {
			out.Line, out.Column = key.Line, key.Column
		}
		val, err := c.convert(mv.Value)
		if err != nil {
			return nil, err
		}
		if val.Kind == jsonv.Null && val.Line == 0 {
			val.Line, val.Column = key.Line, key.Column
		}
		if key.Kind == jsonv.String && key.Scalar.Text == "<<" && mv.Key.Type() == ast.MergeKeyType {
			mergeInto(out, val)
			continue
		}
		if key.Kind == jsonv.Array || key.Kind == jsonv.Object {
			return nil, &jsonv.ParseError{Line: key.Line, Column: key.Column, Err: errors.New("found unhashable key")}
		}
		for _, m := range out.Members {
			if sameYAMLKey(m.KeyNode, key) {
				return nil, &jsonv.ParseError{Line: key.Line, Column: key.Column,
					Err: fmt.Errorf("found duplicate key %q (first at line %d, column %d)", pyStr(key), m.KeyNode.Line, m.KeyNode.Column)}
			}
		}
		out.Members = append(out.Members, YAMLMember{Key: pyStr(key), KeyNode: key, Value: val})
	}
	return out, nil
}

// mergeInto applies a YAML merge key: members of src (or of each mapping in
// a list) that the mapping does not have yet.
func mergeInto(dst, src *YAMLNode) {
	srcs := []*YAMLNode{src}
	if src.Kind == jsonv.Array {
		srcs = src.Items
	}
	for _, s := range srcs {
		for _, m := range s.Members {
			found := false
			for _, d := range dst.Members {
				if sameYAMLKey(d.KeyNode, m.KeyNode) {
					found = true
					break
				}
			}
			if !found {
				dst.Members = append(dst.Members, m)
			}
		}
	}
}

// sameYAMLKey compares two keys as Python dict keys: 1 == 1.0 == true.
func sameYAMLKey(a, b *YAMLNode) bool {
	if a.Unserialisable != "" || b.Unserialisable != "" {
		return a.Unserialisable == b.Unserialisable && a.Scalar.Text == b.Scalar.Text
	}
	return jsonv.PyEqual(a.Scalar, b.Scalar)
}

// pyStr spells a scalar key as Python's str() does.
func pyStr(n *YAMLNode) string {
	switch n.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.String:
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
	}
	return n.Scalar.Text
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

func (c *yamlConverter) tagged(x *ast.TagNode) (*YAMLNode, error) {
	tag := x.Start.Value
	line, col := tokenPos(x.Start)
	inner, err := c.convert(x.Value)
	if err != nil {
		return nil, err
	}
	if inner.Kind == jsonv.Array || inner.Kind == jsonv.Object {
		return inner, nil
	}
	text := inner.Scalar.Text
	if inner.Kind == jsonv.Null {
		text = ""
		if tk := x.Value; tk != nil && tk.GetToken() != nil {
			text = tk.GetToken().Value
		}
	}
	if inner.Kind == jsonv.Bool {
		text = x.Value.GetToken().Value
	}
	var out *YAMLNode
	switch tag {
	case "!!str", "tag:yaml.org,2002:str":
		raw := text
		if tk := x.Value.GetToken(); tk != nil {
			raw = tk.Value
		}
		out = &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(raw)}
	case "!!int", "tag:yaml.org,2002:int":
		v, ok := yamlInt(text)
		if !ok {
			return nil, &jsonv.ParseError{Line: line, Column: col, Err: fmt.Errorf("invalid literal for int(): %q", text)}
		}
		out = &YAMLNode{Kind: jsonv.Number, Scalar: v}
	case "!!float", "tag:yaml.org,2002:float":
		v, ok := yamlFloat(text)
		if !ok {
			return nil, &jsonv.ParseError{Line: line, Column: col, Err: fmt.Errorf("could not convert string to float: %q", text)}
		}
		out = &YAMLNode{Kind: jsonv.Number, Scalar: v}
	case "!!bool", "tag:yaml.org,2002:bool":
		out = resolvePlainScalar(text)
		if out.Kind != jsonv.Bool {
			return nil, &jsonv.ParseError{Line: line, Column: col, Err: fmt.Errorf("invalid boolean %q", text)}
		}
	case "!!null", "tag:yaml.org,2002:null":
		out = &YAMLNode{}
	default:
		out = inner
	}
	out.Line, out.Column = line, col
	return out, nil
}

// The YAML 1.2 core resolvers of ruamel.yaml, which dryfire's loader uses.
var (
	yamlBoolRe  = regexp.MustCompile(`^(?:true|True|TRUE|false|False|FALSE)$`)
	yamlNullRe  = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	yamlIntRe   = regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$`)
	yamlFloatRe = regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	yamlTimeRe  = regexp.MustCompile(`^(?:[0-9]{4}-[0-9][0-9]-[0-9][0-9]|[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)
)

// resolvePlainScalar types an unquoted scalar as YAML 1.2 core does.
func resolvePlainScalar(s string) *YAMLNode {
	switch {
	case yamlNullRe.MatchString(s):
		return &YAMLNode{}
	case yamlBoolRe.MatchString(s):
		return &YAMLNode{Kind: jsonv.Bool, Scalar: jsonv.BoolValue(s[0] == 't' || s[0] == 'T')}
	case yamlIntRe.MatchString(s):
		if v, ok := yamlInt(s); ok {
			return &YAMLNode{Kind: jsonv.Number, Scalar: v}
		}
	case yamlFloatRe.MatchString(s):
		if v, ok := yamlFloat(s); ok {
			return &YAMLNode{Kind: jsonv.Number, Scalar: v}
		}
	case yamlTimeRe.MatchString(s):
		kind := "date"
		if len(s) > 10 {
			kind = "TimeStamp"
		}
		return &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(s),
			Unserialisable: "Object of type " + kind + " is not JSON serializable"}
	}
	return &YAMLNode{Kind: jsonv.String, Scalar: jsonv.StringValue(s)}
}

// yamlInt parses an integer literal as ruamel.yaml does for YAML 1.2: signs,
// underscores, 0b/0o/0x prefixes, and leading zeros meaning decimal.
func yamlInt(s string) (jsonv.Value, bool) {
	t := strings.ReplaceAll(s, "_", "")
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg = t[0] == '-'
		t = t[1:]
	}
	base := 10
	switch {
	case strings.HasPrefix(t, "0b"):
		base, t = 2, t[2:]
	case strings.HasPrefix(t, "0x"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0o"):
		base, t = 8, t[2:]
	}
	if t == "" {
		return jsonv.Value{}, false
	}
	n, ok := new(big.Int).SetString(t, base)
	if !ok {
		return jsonv.Value{}, false
	}
	if neg {
		n.Neg(n)
	}
	return jsonv.NumberValue(n.String()), true
}

// yamlFloat parses a float literal (with .inf / .nan) into a float Value.
func yamlFloat(s string) (jsonv.Value, bool) {
	t := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	sign := 1.0
	if t != "" && (t[0] == '-' || t[0] == '+') {
		if t[0] == '-' {
			sign = -1
		}
		t = t[1:]
	}
	switch t {
	case ".inf":
		if sign < 0 {
			return jsonv.NumberValue("-Infinity"), true
		}
		return jsonv.NumberValue("Infinity"), true
	case ".nan":
		return jsonv.NumberValue("NaN"), true
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		var ne *strconv.NumError
		if !errors.As(err, &ne) || ne.Err != strconv.ErrRange {
			return jsonv.Value{}, false
		}
	}
	return jsonv.FloatValue(sign * f), true
}
