package yamlnode

import (
	"math"
	"math/big"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// storeOutOfRange is the exception of the json.dumps of dryfire's
// cassette store (allow_nan=False, and indent=2, which makes it Python's
// own encoder rather than the C one: its messages name the value, and a
// type by its bare name) on a float that is not finite, a value or a key.
func storeOutOfRange(f float64) string {
	r := "nan"
	switch {
	case math.IsInf(f, 1):
		r = "inf"
	case math.IsInf(f, -1):
		r = "-inf"
	}
	return "ValueError('Out of range float values are not JSON compliant: " + r + "')"
}

// dumpsValue is the value as json.dumps (default arguments) writes it,
// or the repr() of the exception it raises, the first met in order.
func dumpsValue(n *Node) (jsonv.Value, string) {
	if n == nil {
		return jsonv.NullValue(), ""
	}
	if n.PyType != "" {
		return jsonv.Value{}, "TypeError(" + jsonv.PyRepr("Object of type "+n.PyType+" is not JSON serializable") + ")"
	}
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Array:
		out := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(n.Items))}
		for _, it := range n.Items {
			x, err := dumpsValue(it)
			if err != "" {
				return jsonv.Value{}, err
			}
			out.Items = append(out.Items, x)
		}
		return out, ""
	case jsonv.Object:
		out := jsonv.Value{Kind: jsonv.Object, Members: make([]jsonv.Member, 0, len(n.Members))}
		for _, m := range n.Members {
			k, err := dumpsKey(m.KeyNode, false)
			if err != "" {
				return jsonv.Value{}, err
			}
			x, err := dumpsValue(m.Value)
			if err != "" {
				return jsonv.Value{}, err
			}
			out.Set(k, x)
		}
		return out, ""
	}
	return n.Scalar, ""
}

// dumpsKey is a key as json.dumps spells it, or the repr() of the
// exception it raises on it. stored is the cassette store's json.dumps:
// allow_nan=False, Python's encoder (see [storeOutOfRange]), and a tuple
// key as pydantic's dump leaves it (a tuple, not ruamel's
// CommentedKeySeq).
func dumpsKey(k *Node, stored bool) (string, string) {
	switch {
	case k == nil:
		return "null", ""
	case k.PyType != "" || k.Kind == jsonv.Array || k.Kind == jsonv.Object:
		name := keyTypeName(k, stored)
		if stored {
			name = strings.TrimPrefix(name, "datetime.") // Python's encoder: __name__
		}
		return "", "TypeError(" + jsonv.PyRepr("keys must be str, int, float, bool or None, not "+name) + ")"
	case k.Kind == jsonv.Null:
		return "null", ""
	case k.Kind == jsonv.Bool:
		if k.Scalar.Bool {
			return "true", ""
		}
		return "false", ""
	case k.Kind == jsonv.Number:
		if k.Scalar.IsInt() {
			return jsonv.PyInt(k.Scalar.Text), ""
		}
		f, _ := k.Scalar.Float()
		if stored && (math.IsNaN(f) || math.IsInf(f, 0)) {
			return "", storeOutOfRange(f)
		}
		return jsonv.PyFloat(f), ""
	}
	return k.Scalar.Text, ""
}

// keyTypeName is the type json.dumps names when it refuses a key, as
// CPython spells a type's name (with its module for the types of C
// modules).
func keyTypeName(k *Node, stored bool) string {
	switch {
	case k.PyType == "date":
		return "datetime.date"
	case k.PyType == "datetime":
		return "datetime.datetime"
	case k.PyType != "":
		return k.PyType
	case k.Kind == jsonv.Array && stored:
		return "tuple"
	case k.Kind == jsonv.Array:
		return "CommentedKeySeq"
	}
	return "CommentedKeyMap"
}

// storeFailure is the exception dryfire's cassette store raises writing
// the value in a request digest: json.dumps with sort_keys=True and
// allow_nan=False over the dict pydantic dumped, which sorts each
// mapping's items (so keys Python cannot order fail first), then writes
// each key and value in that order.
func storeFailure(n *Node) string {
	if n == nil {
		return ""
	}
	if n.PyType != "" {
		return "TypeError(" + jsonv.PyRepr("Object of type "+n.PyType+" is not JSON serializable") + ")"
	}
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Array:
		for _, it := range n.Items {
			if err := storeFailure(it); err != "" {
				return err
			}
		}
	case jsonv.Object:
		keys := make([]*Node, len(n.Members))
		for i, m := range n.Members {
			keys[i] = m.KeyNode
		}
		order, err := pySort(keys)
		if err != "" {
			return err
		}
		for _, i := range order {
			m := n.Members[i]
			if _, err := dumpsKey(m.KeyNode, true); err != "" {
				return err
			}
			if err := storeFailure(m.Value); err != "" {
				return err
			}
		}
	case jsonv.Number:
		if n.Scalar.IsNonFinite() {
			f, _ := n.Scalar.Float()
			return storeOutOfRange(f)
		}
	}
	return ""
}

// pySort sorts keys as Python's list.sort sorts a dict's items (CPython
// 3.11's timsort: a run counted, then binary insertion) and returns the
// order, or the repr() of the TypeError the first comparison of two keys
// Python cannot order raises. Lists of 64 keys and more are merged from
// runs of that size here, where timsort merges galloping: the order is
// the same, and so is the error unless the first pair Python cannot
// order is met only in a merge.
func pySort(keys []*Node) ([]int, string) {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	if len(keys) < 2 {
		return order, ""
	}
	var failure string
	less := func(a, b int) bool {
		if failure != "" {
			return false
		}
		lt, err := pyLess(keys[a], keys[b])
		if err != "" {
			failure = err
		}
		return lt
	}
	const run = 64
	for lo := 0; lo < len(order) && failure == ""; lo += run {
		timRun(order[lo:min(lo+run, len(order))], less)
	}
	if failure != "" {
		return nil, failure
	}
	for width := run; width < len(order) && failure == ""; width *= 2 {
		for lo := 0; lo+width < len(order) && failure == ""; lo += 2 * width {
			merge(order[lo:min(lo+2*width, len(order))], width, less)
		}
	}
	if failure != "" {
		return nil, failure
	}
	return order, ""
}

// timRun sorts a as timsort sorts a short list: the run at its start
// counted (a strictly descending one reversed), the rest inserted by
// binary search.
func timRun(a []int, less func(a, b int) bool) {
	var n int
	if less(a[1], a[0]) {
		for n = 2; n < len(a) && less(a[n], a[n-1]); n++ {
		}
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			a[i], a[j] = a[j], a[i]
		}
	} else {
		for n = 2; n < len(a) && !less(a[n], a[n-1]); n++ {
		}
	}
	for start := n; start < len(a); start++ {
		pivot := a[start]
		l, r := 0, start
		for l < r {
			p := l + (r-l)>>1
			if less(pivot, a[p]) {
				r = p
			} else {
				l = p + 1
			}
		}
		copy(a[l+1:start+1], a[l:start])
		a[l] = pivot
	}
}

// merge merges the sorted halves a[:mid] and a[mid:], stably.
func merge(a []int, mid int, less func(a, b int) bool) {
	out := make([]int, 0, len(a))
	i, j := 0, mid
	for i < mid && j < len(a) {
		if less(a[j], a[i]) {
			out = append(out, a[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	out = append(append(out, a[i:mid]...), a[j:]...)
	copy(a, out)
}

// keyClass groups keys by what Python can compare them with.
type keyClass uint8

const (
	classNumber keyClass = iota
	classStr
	classDate
	classDatetime
	classBytes
	classTuple
	classNone
	classOther // a TaggedScalar or a CommentedKeyMap: no order at all
)

func classOf(k *Node) keyClass {
	switch {
	case k == nil:
		return classNone
	case k.PyType == "date":
		return classDate
	case k.PyType == "datetime", k.PyType == "TimeStamp":
		return classDatetime
	case k.PyType == "bytes":
		return classBytes
	case k.PyType != "":
		return classOther
	}
	switch k.Kind { //nolint:exhaustive // a mapping key is classOther, the default
	case jsonv.Null:
		return classNone
	case jsonv.Bool, jsonv.Number:
		return classNumber
	case jsonv.String:
		return classStr
	case jsonv.Array:
		return classTuple
	}
	return classOther
}

// sortTypeName is type(k).__name__ as a comparison's TypeError names it
// (ruamel's float is a ScalarFloat, except nan and inf).
func sortTypeName(k *Node) string {
	switch classOf(k) { //nolint:exhaustive // classOther is below
	case classNone:
		return "NoneType"
	case classNumber:
		switch {
		case k.Kind == jsonv.Bool:
			return "bool"
		case k.Scalar.IsInt():
			return k.TypeName() // int, or ruamel's ScalarInt, HexInt, …
		case k.Scalar.IsNonFinite():
			return "float"
		}
		return "ScalarFloat"
	case classStr:
		return "str"
	case classDate:
		return "datetime.date"
	case classDatetime:
		return keyTypeName(k, true)
	case classBytes:
		return "bytes"
	case classTuple:
		return "tuple"
	}
	if k.PyType != "" {
		return k.PyType
	}
	return "CommentedKeyMap"
}

// pyLess is Python's a < b on two dict keys (never equal), or the repr()
// of the TypeError it raises.
func pyLess(a, b *Node) (bool, string) {
	ca, cb := classOf(a), classOf(b)
	if (ca == classDate && cb == classDatetime) || (ca == classDatetime && cb == classDate) {
		return false, `TypeError("can't compare datetime.datetime to datetime.date")`
	}
	if ca != cb || ca == classNone || ca == classOther {
		return false, "TypeError(" + jsonv.PyRepr("'<' not supported between instances of '"+sortTypeName(a)+"' and '"+sortTypeName(b)+"'") + ")"
	}
	switch ca { //nolint:exhaustive // str and bytes compare by their text, below
	case classNumber:
		return numberLess(a, b), ""
	case classDate, classDatetime:
		sa, sb := parseStamp(a.Scalar.Text), parseStamp(b.Scalar.Text)
		if sa.aware != sb.aware {
			return false, `TypeError("can't compare offset-naive and offset-aware datetimes")`
		}
		return sa.instant() < sb.instant(), ""
	case classTuple:
		for i := 0; i < len(a.Items) && i < len(b.Items); i++ {
			if KeyEqual(a.Items[i], b.Items[i]) {
				continue
			}
			return pyLess(a.Items[i], b.Items[i])
		}
		return len(a.Items) < len(b.Items), ""
	}
	return a.Scalar.Text < b.Scalar.Text, "" // str by code point, bytes by byte
}

// instant orders stamps of one awareness: seconds (and microseconds) of
// the UTC time for an aware one, of the wall time for a naive one.
func (t stamp) instant() int64 {
	days := int64(daysFromCivil(t.year, t.month, t.day))
	secs := days*86400 + int64(t.hour*3600+t.minute*60+t.second) - int64(t.offset)
	return secs*1_000_000 + int64(t.micro)
}

// daysFromCivil counts days from 1970-01-01 to a proleptic Gregorian date.
func daysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// numberLess compares two numbers as Python does: exactly, an int of any
// size against a float.
func numberLess(a, b *Node) bool {
	ra, oka := exactNumber(a)
	rb, okb := exactNumber(b)
	if oka && okb {
		return ra.Cmp(rb) < 0
	}
	fa, fb := floatOf(a), floatOf(b)
	return fa < fb
}

func exactNumber(n *Node) (*big.Rat, bool) {
	if n.Kind == jsonv.Bool {
		if n.Scalar.Bool {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	}
	if n.Scalar.IsInt() {
		r, ok := new(big.Rat).SetString(strings.TrimPrefix(n.Scalar.Text, "+"))
		return r, ok
	}
	f := floatOf(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, false
	}
	return new(big.Rat).SetFloat64(f), true
}

func floatOf(n *Node) float64 {
	if n.Kind == jsonv.Bool {
		if n.Scalar.Bool {
			return 1
		}
		return 0
	}
	f, _ := n.Scalar.Float()
	return f
}
