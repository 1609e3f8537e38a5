package tape

import (
	"cmp"
	"context"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Marshal converts a Go value into an ordered [Value], the way the Tape
// API sees call arguments and results:
//
//   - a [Value] is used as it is (a deep copy), json.Number as its literal;
//   - json.Marshaler and encoding.TextMarshaler are honoured (time.Time is its
//     RFC 3339 string), and a marshaler's JSON keeps its key order;
//   - structs become objects in field order, with encoding/json's tag rules
//     (names, "-", omitempty, omitzero, string, embedded structs);
//   - maps become objects with keys sorted by code point (Go maps have no
//     order); []byte is base64; nil slices, maps and pointers are null;
//   - integers keep exact digits and floats are spelled as floats (1.0), so
//     the Python dialect keeps int and float apart as Python does.
//
// Channels, functions, complex numbers and a context.Context (whose
// contents would change the key from one run to the next) are an error.
func Marshal(x any) (Value, error) {
	if x == nil {
		return jsonv.NullValue(), nil
	}
	rv := reflect.New(reflect.TypeOf(x)).Elem()
	rv.Set(reflect.ValueOf(x))
	return marshalValue(rv, 0)
}

// Unmarshal stores v into the value dst points to: a *Value gets a deep
// copy; anything else is decoded by encoding/json from v's JSON text
// (integral floats are written as integers, so 1.0 fills an int field;
// NaN and Infinity become null).
func Unmarshal(v Value, dst any) error {
	if p, ok := dst.(*Value); ok {
		*p = v.Clone()
		return nil
	}
	data, err := appendGoJSON(nil, v)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, dst)
}

var (
	contextType       = reflect.TypeFor[context.Context]()
	valueType         = reflect.TypeFor[Value]()
	numberType        = reflect.TypeFor[json.Number]()
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

const maxMarshalDepth = 1000

func marshalValue(rv reflect.Value, depth int) (Value, error) {
	if depth > maxMarshalDepth {
		return Value{}, errors.New("value nested too deeply (a cycle?)")
	}
	if !rv.IsValid() {
		return jsonv.NullValue(), nil
	}
	t := rv.Type()
	switch t {
	case valueType:
		return rv.Interface().(Value).Clone(), nil
	case numberType:
		lit := rv.String()
		if lit == "" {
			lit = "0"
		}
		if n, err := jsonv.Decode([]byte(lit)); err != nil || n.Kind != jsonv.Number {
			return Value{}, fmt.Errorf("invalid json.Number %q", lit)
		}
		return jsonv.NumberValue(lit), nil
	}
	if (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && rv.IsNil() {
		return jsonv.NullValue(), nil
	}
	if (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Struct) && t.Implements(contextType) {
		return Value{}, fmt.Errorf("%s is a context.Context, which a tape cannot hash or store: "+
			"wrap the function with WrapContext, or leave the context out of Call's arguments", t)
	}
	if m, ok := asInterface[json.Marshaler](rv, marshalerType); ok {
		data, err := m.MarshalJSON()
		if err != nil {
			return Value{}, fmt.Errorf("%s: MarshalJSON: %w", t, err)
		}
		v, err := jsonv.Decode(data)
		if err != nil {
			return Value{}, fmt.Errorf("%s: MarshalJSON: %w", t, err)
		}
		return v, nil
	}
	if m, ok := asInterface[encoding.TextMarshaler](rv, textMarshalerType); ok {
		text, err := m.MarshalText()
		if err != nil {
			return Value{}, fmt.Errorf("%s: MarshalText: %w", t, err)
		}
		return jsonv.StringValue(string(text)), nil
	}
	switch rv.Kind() { //nolint:exhaustive // the other cases need nothing here
	case reflect.Bool:
		return jsonv.BoolValue(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return jsonv.IntValue(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return jsonv.NumberValue(strconv.FormatUint(rv.Uint(), 10)), nil
	case reflect.Float32:
		f := rv.Float()
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
		}
		return jsonv.FloatValue(f), nil
	case reflect.Float64:
		return jsonv.FloatValue(rv.Float()), nil
	case reflect.String:
		return jsonv.StringValue(rv.String()), nil
	case reflect.Interface, reflect.Pointer:
		return marshalValue(rv.Elem(), depth+1)
	case reflect.Struct:
		return marshalStruct(rv, depth)
	case reflect.Map:
		return marshalMap(rv, depth)
	case reflect.Slice:
		if rv.IsNil() {
			return jsonv.NullValue(), nil
		}
		if t.Elem().Kind() == reflect.Uint8 && !implementsAny(t.Elem()) {
			return jsonv.StringValue(base64.StdEncoding.EncodeToString(rv.Bytes())), nil
		}
		fallthrough
	case reflect.Array:
		items := make([]Value, rv.Len())
		for i := range items {
			v, err := marshalValue(rv.Index(i), depth+1)
			if err != nil {
				return Value{}, err
			}
			items[i] = v
		}
		return jsonv.ArrayValue(items...), nil
	}
	return Value{}, fmt.Errorf("cannot store a value of type %s in a tape", t)
}

func implementsAny(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		p.Implements(marshalerType) || p.Implements(textMarshalerType)
}

// asInterface returns rv (or its address, for pointer-receiver methods of an
// addressable value) as I when it implements it, as encoding/json does.
func asInterface[I any](rv reflect.Value, it reflect.Type) (I, bool) {
	var zero I
	if rv.Type().Implements(it) {
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return zero, false
		}
		return rv.Interface().(I), true
	}
	if rv.Kind() != reflect.Pointer && rv.CanAddr() && reflect.PointerTo(rv.Type()).Implements(it) {
		return rv.Addr().Interface().(I), true
	}
	return zero, false
}

func marshalMap(rv reflect.Value, depth int) (Value, error) {
	if rv.IsNil() {
		return jsonv.NullValue(), nil
	}
	members := make([]Member, 0, rv.Len())
	iter := rv.MapRange()
	for iter.Next() {
		k, err := mapKey(iter.Key())
		if err != nil {
			return Value{}, err
		}
		v, err := marshalValue(iter.Value(), depth+1)
		if err != nil {
			return Value{}, err
		}
		members = append(members, Member{Key: k, Value: v})
	}
	slices.SortFunc(members, func(a, b Member) int { return strings.Compare(a.Key, b.Key) })
	return Value{Kind: jsonv.Object, Members: members}, nil
}

func mapKey(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if m, ok := asInterface[encoding.TextMarshaler](k, textMarshalerType); ok {
		text, err := m.MarshalText()
		return string(text), err
	}
	switch k.Kind() { //nolint:exhaustive // the other cases need nothing here
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", fmt.Errorf("cannot use a map key of type %s in a tape", k.Type())
}

type structField struct {
	name      string
	index     []int
	tagged    bool
	omitEmpty bool
	omitZero  bool
	quoted    bool
}

var structFieldCache sync.Map // reflect.Type -> []structField

func marshalStruct(rv reflect.Value, depth int) (Value, error) {
	fields := cachedFields(rv.Type())
	members := make([]Member, 0, len(fields))
	for _, f := range fields {
		fv, ok := fieldByIndex(rv, f.index)
		if !ok {
			continue
		}
		if f.omitEmpty && isEmptyValue(fv) || f.omitZero && fv.IsZero() {
			continue
		}
		v, err := marshalValue(fv, depth+1)
		if err != nil {
			return Value{}, fmt.Errorf("%s.%s: %w", rv.Type(), f.name, err)
		}
		if f.quoted && (v.Kind == jsonv.Bool || v.Kind == jsonv.Number || v.Kind == jsonv.String) {
			text, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: JS})
			if v.Kind == jsonv.Number {
				text = []byte(v.Text)
			}
			if err != nil {
				return Value{}, err
			}
			v = jsonv.StringValue(string(text))
		}
		members = append(members, Member{Key: f.name, Value: v})
	}
	return Value{Kind: jsonv.Object, Members: members}, nil
}

// fieldByIndex follows an embedded path; ok is false through a nil pointer.
func fieldByIndex(rv reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				return reflect.Value{}, false
			}
			rv = rv.Elem()
		}
		rv = rv.Field(x)
	}
	return rv, true
}

func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() { //nolint:exhaustive // the other cases need nothing here
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

func cachedFields(t reflect.Type) []structField {
	if f, ok := structFieldCache.Load(t); ok {
		return f.([]structField)
	}
	var all []structField
	collectFields(t, nil, map[reflect.Type]bool{t: true}, &all)
	// Go's visibility rule, as encoding/json applies it: of the fields
	// sharing a name, the shallowest wins, a tagged one breaks a tie, and
	// an unbroken tie hides them all.
	byName := map[string][]structField{}
	for _, f := range all {
		byName[f.name] = append(byName[f.name], f)
	}
	var out []structField
	for _, f := range all {
		group := byName[f.name]
		if dominant(group).index == nil || !slices.Equal(dominant(group).index, f.index) {
			continue
		}
		out = append(out, f)
	}
	structFieldCache.Store(t, out)
	return out
}

func dominant(group []structField) structField {
	minDepth := slices.MinFunc(group, func(a, b structField) int { return cmp.Compare(len(a.index), len(b.index)) })
	var top []structField
	for _, f := range group {
		if len(f.index) == len(minDepth.index) {
			top = append(top, f)
		}
	}
	if len(top) == 1 {
		return top[0]
	}
	var tagged []structField
	for _, f := range top {
		if f.tagged {
			tagged = append(tagged, f)
		}
	}
	if len(tagged) == 1 {
		return tagged[0]
	}
	return structField{}
}

func collectFields(t reflect.Type, index []int, seen map[reflect.Type]bool, out *[]structField) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		idx := append(slices.Clone(index), i)
		if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			if !seen[ft] {
				seen[ft] = true
				collectFields(ft, idx, seen, out)
				delete(seen, ft)
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		f := structField{name: name, index: idx, tagged: name != ""}
		if name == "" {
			f.name = sf.Name
		}
		for opt := range strings.SplitSeq(opts, ",") {
			switch opt {
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				f.omitZero = true
			case "string":
				f.quoted = true
			}
		}
		*out = append(*out, f)
	}
}

// appendGoJSON writes v as JSON that encoding/json reads back faithfully:
// integers exact, floats in the shortest form that round-trips (integral
// ones as integers), non-finite numbers as null.
func appendGoJSON(dst []byte, v Value) ([]byte, error) {
	switch v.Kind {
	case jsonv.Null:
		return append(dst, "null"...), nil
	case jsonv.Bool:
		return strconv.AppendBool(dst, v.Bool), nil
	case jsonv.Number:
		if v.IsInt() {
			return append(dst, jsonv.PyInt(v.Text)...), nil
		}
		f, ok := v.Float()
		if !ok {
			return nil, fmt.Errorf("invalid number literal %q", v.Text)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return append(dst, "null"...), nil
		}
		return append(dst, jsonv.JSNumber(f)...), nil
	case jsonv.String:
		return jsonv.AppendEncode(dst, v, jsonv.EncodeOptions{Dialect: JS})
	case jsonv.Array:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendGoJSON(dst, it); err != nil {
				return nil, err
			}
		}
		return append(dst, ']'), nil
	case jsonv.Object:
		dst = append(dst, '{')
		for i, m := range v.Members {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = jsonv.AppendEncode(dst, jsonv.StringValue(m.Key), jsonv.EncodeOptions{Dialect: JS}); err != nil {
				return nil, err
			}
			dst = append(dst, ':')
			if dst, err = appendGoJSON(dst, m.Value); err != nil {
				return nil, err
			}
		}
		return append(dst, '}'), nil
	}
	return nil, fmt.Errorf("unknown JSON kind %s", v.Kind)
}
