package yamlnode

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Views is a loaded value as each of dryfire's surfaces shows it (see
// [jsonv.PyViews]). [Node.ToValue] is the value as dryfire hashes it
// (every key through str()); a Views is computed once, when the value is
// loaded, because no Node outlives its document.
type Views = jsonv.PyViews

// ViewsOf computes the views of a loaded value. A plain value (see
// [plain]), which is what nearly every suite writes, is the same value in
// each JSON view: they then share one copy of it.
func ViewsOf(n *Node) *Views {
	if plain(n) {
		v, _, _ := n.toValue()
		return plainViews(n, v)
	}
	return fullViews(n)
}

// ViewsWith is [ViewsOf] for a value whose [Node.ToValue] is v, made
// already: the views of a plain value share v's storage.
func ViewsWith(n *Node, v jsonv.Value) *Views {
	if plain(n) {
		return plainViews(n, v)
	}
	return fullViews(n)
}

// plainViews are the views of a plain value n whose ToValue is v: json.dumps
// writes it as it is, the store sorted by its keys' text (no Stored), and
// pydantic's JSON mode as it is; only repr() has a form of its own.
func plainViews(n *Node, v jsonv.Value) *Views {
	out := &Views{Dumps: v, Doc: v}
	var b strings.Builder
	reprTo(&b, n)
	out.Repr = b.String()
	if reprFails(n) {
		out.ReprErr = errIntDigits
	}
	return out
}

// plain reports whether a value is the same in its hashed form, its
// json.dumps form and its pydantic JSON form, with no failure in any: no
// node of a type JSON has not, every key a str written as one and met
// once, every number finite.
func plain(n *Node) bool {
	if n == nil || n.PyType != "" {
		return false
	}
	switch n.Kind { //nolint:exhaustive // the other scalars are plain
	case jsonv.Array:
		for _, it := range n.Items {
			if !plain(it) {
				return false
			}
		}
	case jsonv.Object:
		for _, m := range n.Members {
			k := m.KeyNode
			if k == nil || !k.IsStr() || m.Key != k.Scalar.Text || !plain(m.Value) {
				return false
			}
		}
		return keysUnique(n.Members)
	case jsonv.Number:
		return !n.Scalar.IsNonFinite()
	}
	return true
}

// keysUnique reports whether no two members have the same key (a
// Python dict's, which the constructor keeps: this only makes sure).
func keysUnique(ms []Member) bool {
	if len(ms) <= 16 {
		for i := range ms {
			for j := range i {
				if ms[i].Key == ms[j].Key {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]struct{}, len(ms))
	for _, m := range ms {
		if _, ok := seen[m.Key]; ok {
			return false
		}
		seen[m.Key] = struct{}{}
	}
	return true
}

// fullViews computes each view of a value on its own.
func fullViews(n *Node) *Views {
	v := &Views{}
	var b strings.Builder
	reprTo(&b, n)
	v.Repr = b.String()
	if reprFails(n) {
		v.ReprErr = errIntDigits
	}
	v.Dumps, v.DumpsErr = dumpsValue(n)
	v.StoreErr = storeFailure(n)
	if stored, changed := storedValue(n); changed && v.StoreErr == "" {
		v.Stored = &stored
	}
	v.Doc, v.DocErr = docValue(n)
	return v
}

// ValueRepr is repr() of a loaded value (see [jsonv.PyViews.Repr]).
func ValueRepr(n *Node) string {
	var b strings.Builder
	reprTo(&b, n)
	return b.String()
}

// KeyRepr is repr() of a mapping key, as Python holds it (see
// [keyReprTo]): what pydantic names a key by when it is neither a str nor
// an int.
func KeyRepr(k *Node) string {
	var b strings.Builder
	keyReprTo(&b, k)
	return b.String()
}

func reprTo(b *strings.Builder, n *Node) {
	if n == nil {
		b.WriteString("None")
		return
	}
	if n.PyType != "" {
		b.WriteString(otherRepr(n))
		return
	}
	switch n.Kind {
	case jsonv.Array:
		open, closing := "[", "]"
		if n.tuple {
			open, closing = "(", ")"
		}
		b.WriteString(open)
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			reprTo(b, it)
		}
		b.WriteString(closing)
	case jsonv.Object:
		b.WriteByte('{')
		for i, m := range n.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			keyReprTo(b, m.KeyNode)
			b.WriteString(": ")
			reprTo(b, m.Value)
		}
		b.WriteByte('}')
	default:
		b.WriteString(scalarRepr(n.Scalar))
	}
}

// keyReprTo writes repr() of a mapping key: a sequence key is a tuple
// (ruamel's CommentedKeySeq), a mapping key ruamel's CommentedKeyMap,
// whose repr is its inner ordereddict's.
func keyReprTo(b *strings.Builder, k *Node) {
	switch {
	case k == nil:
		b.WriteString("None")
	case k.PyType == "" && k.Kind == jsonv.Array:
		b.WriteByte('(')
		for i, it := range k.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			keyReprTo(b, it)
		}
		if len(k.Items) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case k.PyType == "" && k.Kind == jsonv.Object:
		if len(k.Members) == 0 {
			b.WriteString("ordereddict()")
			return
		}
		b.WriteString("ordereddict([")
		for i, m := range k.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			keyReprTo(b, m.KeyNode)
			b.WriteString(", ")
			reprTo(b, m.Value)
			b.WriteByte(')')
		}
		b.WriteString("])")
	default:
		reprTo(b, k)
	}
}

func scalarRepr(v jsonv.Value) string {
	switch v.Kind { //nolint:exhaustive // containers are not scalars
	case jsonv.Null:
		return "None"
	case jsonv.Bool:
		if v.Bool {
			return "True"
		}
		return "False"
	case jsonv.Number:
		return jsonv.PyNumberRepr(v)
	}
	return jsonv.PyRepr(v.Text)
}

// otherRepr is repr() of a scalar of a type with no JSON form.
func otherRepr(n *Node) string {
	switch n.PyType {
	case "date":
		t := parseStamp(n.Scalar.Text)
		return fmt.Sprintf("datetime.date(%d, %d, %d)", t.year, t.month, t.day)
	case "datetime":
		return parseStamp(n.Scalar.Text).repr("datetime.datetime", n.Detail)
	case "TimeStamp":
		return parseStamp(n.Scalar.Text).repr("TimeStamp", n.Detail)
	case "TaggedScalar":
		style := "None"
		if n.Style != 0 {
			style = jsonv.PyRepr(string(rune(n.Style)))
		}
		return "TaggedScalar(value=" + jsonv.PyRepr(n.Scalar.Text) + ", style=" + style + ", tag=Tag(" + jsonv.PyRepr(n.Detail) + "))"
	case "bytes":
		return BytesRepr(n.Scalar.Text)
	case "CommentedSet":
		var b strings.Builder
		b.WriteString("set(odict_keys([")
		for i, m := range n.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			keyReprTo(&b, m.KeyNode)
		}
		b.WriteString("]))")
		return b.String()
	}
	return jsonv.PyRepr(n.Scalar.Text)
}

// BytesRepr is repr() of a Python bytes object.
func BytesRepr(s string) string { return jsonv.PyBytesRepr(s) }

// stamp is a date or a time as the constructor spells it in a node's text
// (Python's isoformat: YYYY-MM-DD[ T]HH:MM:SS[.ffffff][±HH:MM]).
type stamp struct {
	year, month, day, hour, minute, second, micro int
	hasTime, aware                                bool
	offset                                        int // seconds east of UTC
}

func parseStamp(s string) stamp {
	var t stamp
	atoi := func(x string) int { v, _ := strconv.Atoi(x); return v }
	if len(s) < 10 {
		return t
	}
	t.year, t.month, t.day = atoi(s[0:4]), atoi(s[5:7]), atoi(s[8:10])
	if len(s) < 19 {
		return t
	}
	t.hasTime = true
	t.hour, t.minute, t.second = atoi(s[11:13]), atoi(s[14:16]), atoi(s[17:19])
	rest := s[19:]
	if strings.HasPrefix(rest, ".") && len(rest) >= 7 {
		t.micro, rest = atoi(rest[1:7]), rest[7:]
	}
	if len(rest) == 6 {
		t.aware = true
		t.offset = (atoi(rest[1:3])*60 + atoi(rest[4:6])) * 60
		if rest[0] == '-' {
			t.offset = -t.offset
		}
	}
	return t
}

// repr is repr() of a datetime (or ruamel's TimeStamp, a subclass):
// trailing zero fields left out, the time zone as datetime.timezone with
// the name ruamel gives it.
func (t stamp) repr(class, zone string) string {
	s := fmt.Sprintf("%s(%d, %d, %d, %d, %d", class, t.year, t.month, t.day, t.hour, t.minute)
	switch {
	case t.micro != 0:
		s += fmt.Sprintf(", %d, %d", t.second, t.micro)
	case t.second != 0:
		s += fmt.Sprintf(", %d", t.second)
	}
	if t.aware {
		s += ", tzinfo=datetime.timezone(" + timedeltaRepr(t.offset) + ", " + jsonv.PyRepr(zone) + ")"
	}
	return s + ")"
}

// timedeltaRepr is repr() of a datetime.timedelta of whole seconds.
func timedeltaRepr(secs int) string {
	if secs == 0 {
		return "datetime.timedelta(0)"
	}
	days := secs / 86400
	rem := secs - days*86400
	if rem < 0 {
		days--
		rem += 86400
	}
	var parts []string
	if days != 0 {
		parts = append(parts, "days="+strconv.Itoa(days))
	}
	if rem != 0 {
		parts = append(parts, "seconds="+strconv.Itoa(rem))
	}
	return "datetime.timedelta(" + strings.Join(parts, ", ") + ")"
}

// iso is the time as pydantic's JSON mode writes it: T between date and
// time, Z for a zero offset.
func (t stamp) iso() string {
	if !t.hasTime {
		return fmt.Sprintf("%04d-%02d-%02d", t.year, t.month, t.day)
	}
	s := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", t.year, t.month, t.day, t.hour, t.minute, t.second)
	if t.micro != 0 {
		s += fmt.Sprintf(".%06d", t.micro)
	}
	if t.aware {
		off := t.offset
		if off == 0 {
			return s + "Z"
		}
		sign := "+"
		if off < 0 {
			sign, off = "-", -off
		}
		s += fmt.Sprintf("%s%02d:%02d", sign, off/3600, off%3600/60)
	}
	return s
}

// ruamelClass names ruamel's classes in pydantic's messages.
func ruamelClass(name string) string {
	return "<class 'ruamel.yaml.comments." + name + "'>"
}

// docValue is the value in pydantic's JSON mode, or the text of the
// exception it raises: the first met in iteration order.
func docValue(n *Node) (jsonv.Value, string) {
	if n == nil {
		return jsonv.NullValue(), ""
	}
	switch n.PyType {
	case "":
	case "date", "datetime", "TimeStamp":
		return jsonv.StringValue(parseStamp(n.Scalar.Text).iso()), ""
	case "bytes":
		return bytesText(n.Scalar.Text)
	default: // TaggedScalar, CommentedSet
		return jsonv.Value{}, "Unable to serialize unknown type: " + ruamelClass(n.PyType)
	}
	switch n.Kind { //nolint:exhaustive // the other scalars are as they are
	case jsonv.Array:
		out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(n.Items))}
		for _, it := range n.Items {
			x, err := docValue(it)
			if err != "" {
				return jsonv.Value{}, err
			}
			out.Items = append(out.Items, x)
		}
		return out, ""
	case jsonv.Object:
		out := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(n.Members))}
		for _, m := range n.Members {
			k, err := docKey(m.KeyNode)
			if err != "" {
				return jsonv.Value{}, err
			}
			x, err := docValue(m.Value)
			if err != "" {
				return jsonv.Value{}, err
			}
			out.Set(k, x)
		}
		return out, ""
	case jsonv.Number:
		if n.Scalar.IsNonFinite() {
			return jsonv.NullValue(), ""
		}
	}
	return n.Scalar, ""
}

// docKey is a key as pydantic's JSON mode spells it.
func docKey(k *Node) (string, string) {
	switch {
	case k == nil:
		return "None", ""
	case k.PyType == "date", k.PyType == "datetime", k.PyType == "TimeStamp":
		return parseStamp(k.Scalar.Text).iso(), ""
	case k.PyType == "bytes":
		v, err := bytesText(k.Scalar.Text)
		return v.Text, err
	case k.PyType != "":
		return "", "Unable to serialize unknown type: " + ruamelClass(k.PyType)
	case k.Kind == jsonv.Array:
		parts := make([]string, len(k.Items))
		for i, it := range k.Items {
			p, err := docKey(it)
			if err != "" {
				return "", err
			}
			parts[i] = p
		}
		return strings.Join(parts, ","), ""
	case k.Kind == jsonv.Object:
		return "", "Unable to serialize unknown type: " + ruamelClass("CommentedKeyMap")
	case k.Kind == jsonv.Null:
		return "None", ""
	case k.Kind == jsonv.Bool:
		return strconv.FormatBool(k.Scalar.Bool), ""
	case k.Kind == jsonv.Number:
		if k.Scalar.IsNonFinite() {
			return "None", ""
		}
		return jsonv.PyNumberRepr(k.Scalar), ""
	}
	return k.Scalar.Text, ""
}

// bytesText is bytes in pydantic's JSON mode: the text they hold as UTF-8.
func bytesText(s string) (jsonv.Value, string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return jsonv.Value{}, fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d: invalid utf-8", s[i], i)
		}
		i += size
	}
	return jsonv.StringValue(s), ""
}

// reprFails reports whether repr() raises on the value: it holds, as a
// value, a key or a set's element, an integer of more than 4,300 digits.
func reprFails(n *Node) bool {
	if n == nil {
		return false
	}
	switch {
	case n.Kind == jsonv.Number:
		return n.keyFailure() != ""
	case n.Kind == jsonv.Array:
		for _, it := range n.Items {
			if reprFails(it) {
				return true
			}
		}
	case n.Kind == jsonv.Object, n.PyType == "CommentedSet":
		for _, m := range n.Members {
			if reprFails(m.KeyNode) || reprFails(m.Value) {
				return true
			}
		}
	}
	return false
}

// DumpsOf is the value as json.dumps writes it, or the repr() of the
// exception it raises (see [jsonv.PyViews.Dumps]), for a value whose other views
// are not needed.
func DumpsOf(n *Node) (jsonv.Value, string) { return dumpsValue(n) }

// StrKeyed is a mapping as pydantic's dict[str, Any] validates it: a key
// that is bytes holding UTF-8 becomes the str it holds, the values staying
// the objects they are, and a key met twice so keeps its first place and
// its last value, as a Python dict does. Any other node is returned as it
// is, and so is a mapping with no such key.
func StrKeyed(n *Node) *Node {
	if n == nil || n.Kind != jsonv.Object || n.PyType != "" {
		return n
	}
	var out *Node
	for i, m := range n.Members {
		k := m.KeyNode
		if k == nil || k.PyType != "bytes" || !utf8.ValidString(k.Scalar.Text) {
			continue
		}
		if out == nil {
			cp := *n
			cp.Members = append([]Member(nil), n.Members...)
			out = &cp
		}
		out.Members[i].Key = k.Scalar.Text
		out.Members[i].KeyNode = &Node{Kind: jsonv.String, Scalar: jsonv.StringValue(k.Scalar.Text), Line: k.Line, Column: k.Column, From: k.From}
	}
	if out == nil {
		return n
	}
	out.Members = dedupStrKeys(out.Members)
	return out
}

// dedupStrKeys folds the members of a mapping whose keys are str and
// equal: the first keeps its place and takes the last value.
func dedupStrKeys(ms []Member) []Member {
	first := make(map[string]int, len(ms))
	out := ms[:0]
	for _, m := range ms {
		if m.KeyNode == nil || !m.KeyNode.IsStr() {
			out = append(out, m)
			continue
		}
		if i, ok := first[m.Key]; ok {
			out[i].Value = m.Value
			continue
		}
		first[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}
