package tape

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// tapeVector is one line of ../testdata/golden/tapes/vectors.jsonl, decoded with the
// ordered decoder so that number spellings (1.0, 1E2, -0.0) survive.
type tapeVector struct {
	ID           string
	Args         jsonv.Value
	Kwargs       jsonv.Value
	Tagged       bool
	JSKey        string // "" when JS produced no key
	PyKey        string
	JSPayloadKey string
	JSSerialised string
	PySerialised string
	JSExact      bool
	Raw          jsonv.Value
}

func loadTapeVectors(t testing.TB) []tapeVector {
	t.Helper()
	data, err := os.ReadFile("../testdata/golden/tapes/vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []tapeVector
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		v, err := jsonv.Decode(sc.Bytes())
		if err != nil {
			t.Fatalf("vectors.jsonl: %v", err)
		}
		vec := tapeVector{
			ID:           v.Field("id").Str(),
			Args:         v.Field("args"),
			Kwargs:       v.Field("kwargs"),
			Tagged:       v.Field("args_tagged").Bool,
			JSKey:        v.Field("js_key").Str(),
			PyKey:        v.Field("py_key").Str(),
			JSPayloadKey: v.Field("js_payload_key").Str(),
			JSSerialised: v.Field("js_serialised").Str(),
			PySerialised: v.Field("py_serialised").Str(),
			JSExact:      !v.Has("js_input_exact") || v.Field("js_input_exact").Bool,
			Raw:          v,
		}
		out = append(out, vec)
	}
	if len(out) == 0 {
		t.Fatal("no vectors")
	}
	return out
}

// untag replaces the {"$special": …} placeholders of a tagged vector with
// the value the dialect's implementation saw, following JSON.stringify's
// rules for JS (undefined, functions and holes are null in arrays and
// dropped in objects). ok is false when the value has no JSON form in d.
func untag(v jsonv.Value, d jsonv.Dialect) (out jsonv.Value, drop, ok bool) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Object:
		if sp, isTag := v.Get("$special"); isTag && v.Len() == 1 {
			name := sp.Str()
			switch {
			case name == "NaN" || name == "Infinity" || name == "-Infinity":
				return jsonv.NumberValue(name), false, true
			case name == "-0" && d == jsonv.JS:
				return jsonv.NumberValue("-0"), false, true
			case name == "-0":
				return jsonv.NumberValue("-0.0"), false, true
			case strings.HasPrefix(name, "BigInt/int ") && d == jsonv.Python:
				return jsonv.NumberValue(strings.TrimPrefix(name, "BigInt/int ")), false, true
			case (name == "undefined" || name == "function" || name == "hole") && d == jsonv.JS:
				return jsonv.NullValue(), true, true
			case name == "toJSON" && d == jsonv.JS:
				return jsonv.StringValue("custom"), false, true
			}
			return jsonv.Value{}, false, false
		}
		res := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
		for _, m := range v.Members {
			x, drop, ok := untag(m.Value, d)
			if !ok {
				return jsonv.Value{}, false, false
			}
			if !drop {
				res.Members = append(res.Members, jsonv.Member{Key: m.Key, Value: x})
			}
		}
		return res, false, true
	case jsonv.Array:
		res := jsonv.ArrayValue()
		for _, it := range v.Items {
			x, _, ok := untag(it, d)
			if !ok {
				return jsonv.Value{}, false, false
			}
			res.Items = append(res.Items, x)
		}
		return res, false, true
	}
	return v, false, true
}

func TestTapeKeyVectors(t *testing.T) {
	var js, py, payload int
	for _, vec := range loadTapeVectors(t) {
		t.Run(vec.ID, func(t *testing.T) {
			check := func(d jsonv.Dialect, want, serialised string) {
				t.Helper()
				args, _, ok := untag(vec.Args, d)
				if !ok {
					t.Fatalf("%s: vector has a key but no JSON form", d)
				}
				got, err := Key(args, vec.Kwargs, d)
				if err != nil {
					t.Fatalf("%s: %v", d, err)
				}
				if serialised != "" {
					p, _ := Payload(args, vec.Kwargs, d)
					if string(p) != serialised {
						t.Errorf("%s payload\n got %s\nwant %s", d, p, serialised)
					}
				}
				if got != want {
					t.Errorf("%s key = %s, want %s", d, got, want)
				}
			}
			if vec.JSKey != "" {
				check(jsonv.JS, vec.JSKey, vec.JSSerialised)
				js++
			}
			if vec.JSPayloadKey != "" {
				check(jsonv.JS, vec.JSPayloadKey, vec.Raw.Field("js_payload_serialised").Str())
				payload++
			}
			if vec.PyKey != "" {
				check(jsonv.Python, vec.PyKey, vec.PySerialised)
				py++
			}
			// Lone surrogates: Python has no key, and neither has our Python dialect.
			if vec.PyKey == "" && !vec.Tagged && vec.Kwargs.Kind == jsonv.Null {
				if _, err := Key(vec.Args, vec.Kwargs, jsonv.Python); !errors.Is(err, jsonv.ErrLoneSurrogate) {
					t.Errorf("python: err = %v, want ErrLoneSurrogate", err)
				}
			}
			// Integers JavaScript rounds: TapeKey follows JSON.parse (checked
			// above); recording them through the Go API is refused.
			if !vec.JSExact {
				if err := checkSafeIntegers(vec.Args); !errors.Is(err, ErrUnsafeInteger) {
					t.Errorf("checkSafeIntegers = %v, want ErrUnsafeInteger", err)
				}
			}
		})
	}
	t.Logf("checked %d JS keys, %d JS payload keys, %d Python keys", js, payload, py)
	if js < 60 || py < 60 || payload < 6 {
		t.Errorf("too few keys checked: js %d, py %d, payload %d", js, payload, py)
	}
}

func TestTapeKeyReference(t *testing.T) {
	// The two cross-language keys pinned by both upstream test suites.
	cases := []struct {
		args string
		want string
	}{
		{`[5, {"q": "hello world", "ts": 111}]`, "742d2e2e6d3841b1"},
		{`["héllo wörld — café 日本語 emoji 🎉 test"]`, "d818548c9ae2df14"},
	}
	for _, c := range cases {
		args, err := jsonv.Decode([]byte(c.args))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []jsonv.Dialect{jsonv.JS, jsonv.Python} {
			got, err := Key(args, jsonv.NullValue(), d)
			if err != nil || got != c.want {
				t.Errorf("TapeKey(%s, %s) = %s, %v; want %s", c.args, d, got, err, c.want)
			}
		}
	}
}

func TestTapeKeyKwargs(t *testing.T) {
	args := jsonv.ArrayValue(jsonv.StringValue("x"))
	plain, _ := Key(args, jsonv.NullValue(), jsonv.Python)
	empty, _ := Key(args, jsonv.ObjectValue(), jsonv.Python)
	if plain != empty || plain != "cd65ea2c2ad99e94" {
		t.Errorf("empty kwargs: %s vs %s, want cd65ea2c2ad99e94 for both", plain, empty)
	}
	// A positional call shaped like the kwargs payload collides with it, as in Python.
	kw := jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("m")), jsonv.M("max_tokens", jsonv.IntValue(1024)))
	a, _ := Key(jsonv.ArrayValue(jsonv.StringValue("say hi")), kw, jsonv.Python)
	b, _ := Key(jsonv.ArrayValue(jsonv.ArrayValue(jsonv.StringValue("say hi")), jsonv.ObjectValue(jsonv.M("max_tokens", jsonv.IntValue(1024)), jsonv.M("model", jsonv.StringValue("m")))), jsonv.NullValue(), jsonv.Python)
	if a != b || a != "13c1eac3d9a5c2e8" {
		t.Errorf("collision: %s vs %s, want 13c1eac3d9a5c2e8", a, b)
	}
	if _, err := Key(args, jsonv.StringValue("x"), jsonv.JS); err == nil {
		t.Error("kwargs string accepted")
	}
}

func FuzzTapeKey(f *testing.F) {
	for _, seed := range []string{`["hello"]`, `[1.0, -0.0, 1e-7, 1e16]`, `[{"b":1,"2":2,"1":3}]`, `["\udfff"]`, `[9007199254740993]`, `[[],{}]`} {
		f.Add([]byte(seed), []byte(`{"b":1,"a":2}`))
	}
	f.Fuzz(func(t *testing.T, argsJSON, kwJSON []byte) {
		args, err := jsonv.DecodeWith(argsJSON, jsonv.DecodeOptions{AllowNonFinite: true})
		if err != nil {
			return
		}
		kw, err := jsonv.Decode(kwJSON)
		if err != nil || kw.Kind != jsonv.Object {
			kw = jsonv.NullValue()
		}
		for _, d := range []jsonv.Dialect{jsonv.JS, jsonv.Python} {
			key, err := Key(args, kw, d)
			if err != nil {
				continue
			}
			if len(key) != 16 || strings.Trim(key, "0123456789abcdef") != "" {
				t.Fatalf("%s key %q is not 16 hex digits", d, key)
			}
			// The payload is JSON that reads back to a value with the same key.
			p, _ := Payload(args, kw, d)
			back, err := jsonv.DecodeWith(p, jsonv.DecodeOptions{AllowNonFinite: true})
			if err != nil {
				t.Fatalf("%s payload %q does not parse: %v", d, p, err)
			}
			again, err := jsonv.Encode(back, jsonv.EncodeOptions{Dialect: d, AllowNonFinite: true})
			if err != nil || !bytes.Equal(again, p) {
				t.Fatalf("%s payload not stable: %q -> %q (%v)", d, p, again, err)
			}
			if kw.Kind == jsonv.Null || kw.Len() == 0 {
				key2, _ := Key(args, jsonv.ObjectValue(), d)
				if key2 != key {
					t.Fatalf("%s: empty kwargs changed the key", d)
				}
			}
		}
	})
}
