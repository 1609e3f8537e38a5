package jsonv

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The expected positions and messages are what Python's json.loads reports
// for the same input.
func TestDecodeErrorPositions(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in        string
		line, col int
		msg       string
	}{
		"trailing comma in object": {`{"a": 1,}`, 1, 9, "property name"},
		"trailing comma in array":  {`[1,]`, 1, 4, "expecting value"},
		"truncated":                {`{"a": `, 1, 7, "expecting value"},
		"missing colon":            {`{"a" 1}`, 1, 6, "':'"},
		"unterminated string":      {`{"a": "abc`, 1, 7, "unterminated string"},
		"second line":              {"{\n  \"a\": x}", 2, 8, "expecting value"},
		"control character":        {"\"a\tb\"", 1, 3, "control character"},
		"empty":                    {``, 1, 1, "expecting value"},
		"only whitespace":          {`   `, 1, 4, "expecting value"},
		"extra data":               {`{"a":1} x`, 1, 9, "extra data"},
		"missing comma":            {`[1 2]`, 1, 4, "','"},
		"columns count characters": {`{"é": tru}`, 1, 7, "expecting value"},
		"bad escape":               {`{"a": "\x"}`, 1, 8, "escape"},
		"bad unicode escape":       {`{"a": "\u12"}`, 1, 9, `\uXXXX`},
		"leading zero":             {`01`, 1, 2, "extra data"},
		"lone minus":               {"{\"k\":\n\n  -}", 3, 3, "expecting value"},
		"dot without digits":       {`[1.]`, 1, 3, "','"},
		"wide characters":          {"{\"日本\": [1, 2,\n \"x\" \"y\"]}", 2, 6, "','"},
		"byte order mark":          {"\ufeff{}", 1, 1, "BOM"},
		"NaN is not strict JSON":   {`[NaN]`, 1, 2, "NaN"},
		"invalid UTF-8 in string":  {"{\"a\": \"x\xff\"}", 1, 9, "UTF-8"},
		"invalid UTF-8 outside":    {"{\xff}", 1, 2, "0xff"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Decode([]byte(tc.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Decode(%q) = %v, want a *ParseError", tc.in, err)
			}
			if pe.Line != tc.line || pe.Column != tc.col {
				t.Errorf("Decode(%q) at %d:%d, want %d:%d (%v)", tc.in, pe.Line, pe.Column, tc.line, tc.col, err)
			}
			if !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(tc.msg)) {
				t.Errorf("Decode(%q) error %q does not mention %q", tc.in, err, tc.msg)
			}
		})
	}
}

func TestDecodeKeepsNumberSpellings(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		isInt bool
		py    string // as Python's json.dumps writes the decoded value
	}{
		"780":                           {true, "780"},
		"780.0":                         {false, "780.0"},
		"780.00":                        {false, "780.0"},
		"-0":                            {true, "0"},
		"-0.0":                          {false, "-0.0"},
		"1e16":                          {false, "1e+16"},
		"1E16":                          {false, "1e+16"},
		"1e-05":                         {false, "1e-05"},
		"0.00001":                       {false, "1e-05"},
		"0.0001":                        {false, "0.0001"},
		"1e+22":                         {false, "1e+22"},
		"9999999999999998.0":            {false, "9999999999999998.0"},
		"123456789012345678":            {true, "123456789012345678"},
		"1180591620717411303424":        {true, "1180591620717411303424"},
		"-1180591620717411303424":       {true, "-1180591620717411303424"},
		"5e-324":                        {false, "5e-324"},
		"1.7976931348623157e308":        {false, "1.7976931348623157e+308"},
		"0.1":                           {false, "0.1"},
		"100000000000000000000000000.5": {false, "1e+26"},
	}
	for lit, tc := range tests {
		v, err := Decode([]byte(lit))
		if err != nil {
			t.Fatalf("Decode(%s): %v", lit, err)
		}
		if v.Kind != Number || v.Text != lit {
			t.Errorf("Decode(%s) = %v %q, want the literal kept", lit, v.Kind, v.Text)
		}
		if v.IsInt() != tc.isInt {
			t.Errorf("Decode(%s).IsInt() = %v", lit, v.IsInt())
		}
		out, err := Canonical(v)
		if err != nil || string(out) != tc.py {
			t.Errorf("Canonical(%s) = %s, %v; want %s", lit, out, err, tc.py)
		}
	}
}

func TestDecodeDuplicateKeysLastWins(t *testing.T) {
	t.Parallel()
	v, err := Decode([]byte(`{"b": 1, "a": 2, "b": {"x": 3}, "c": 4, "a": 5}`))
	if err != nil {
		t.Fatal(err)
	}
	want := ObjectValue(M("b", ObjectValue(M("x", IntValue(3)))), M("a", IntValue(5)), M("c", IntValue(4)))
	if !Equal(v, want) {
		t.Errorf("got %+v, want %+v", v, want)
	}
	// Large objects switch to an index; the rule must not change.
	var b strings.Builder
	b.WriteString("{")
	for i := range 40 {
		b.WriteString(`"k` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `": 1, `)
	}
	b.WriteString(`"kaa": 2}`)
	v, err = Decode([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if v.Len() != 40 || v.Members[0].Key != "kaa" || v.Members[0].Value.Text != "2" {
		t.Errorf("large object: %d members, first %q=%q", v.Len(), v.Members[0].Key, v.Members[0].Value.Text)
	}
}

func TestDecodeReportsDuplicateKeys(t *testing.T) {
	t.Parallel()
	data := []byte("{\"b\": 1,\n \"a\": {\"x\": 1, \"x\": 2},\n \"b\": 3}")
	var got []string
	_, err := DecodeWith(data, DecodeOptions{Duplicate: func(key string, off int) {
		line, col := Position(data, off)
		got = append(got, fmt.Sprintf("%s@%d:%d", key, line, col))
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"x@2:16", "b@3:2"}; !slices.Equal(got, want) {
		t.Errorf("duplicates %v, want %v", got, want)
	}
}

func TestDecodeStrings(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		`"a\/b"`:               "a/b",
		`"\u00e9\n\t"`:         "é\n\t",
		`"\ud83d\ude80"`:       "🚀",
		`"\ud800"`:             "\xed\xa0\x80", // a lone surrogate, held as WTF-8
		`"\ud800\u0041"`:       "\xed\xa0\x80A",
		`"raw 日本 \u2028"`:      "raw 日本 \u2028",
		`"\"\\\b\f\r"`:         "\"\\\b\f\r",
		`"\u0000"`:             "\x00",
		`"\udc00\ud800\udc00"`: "\xed\xb0\x80" + "𐀀",
	}
	for in, want := range tests {
		v, err := Decode([]byte(in))
		if err != nil || v.Text != want {
			t.Errorf("Decode(%s) = %q, %v; want %q", in, v.Text, err, want)
		}
	}
	if _, err := Canonical(StringValue("\xed\xa0\x80")); !errors.Is(err, ErrLoneSurrogate) {
		t.Errorf("Canonical(lone surrogate) = %v, want ErrLoneSurrogate", err)
	}
}

func TestDecodeNonFiniteOnlyWhenAllowed(t *testing.T) {
	t.Parallel()
	v, err := DecodeWith([]byte(`[NaN, Infinity, -Infinity, 1]`), DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"NaN", "Infinity", "-Infinity"} {
		if v.Items[i].Text != want || !v.Items[i].IsNonFinite() {
			t.Errorf("item %d = %q", i, v.Items[i].Text)
		}
	}
	if _, err := Canonical(v); !errors.Is(err, ErrNonFinite) {
		t.Errorf("Canonical(NaN) = %v, want ErrNonFinite", err)
	}
	// A float literal too large for float64 is infinity to Python, and
	// refused the same way.
	big, _ := Decode([]byte(`1e400`))
	if _, err := Canonical(big); !errors.Is(err, ErrNonFinite) {
		t.Errorf("Canonical(1e400) = %v, want ErrNonFinite", err)
	}
}

func TestDecodeDeepNestingIsAnError(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("[", maxDepth+2) + strings.Repeat("]", maxDepth+2)
	if _, err := Decode([]byte(in)); err == nil {
		t.Fatal("no error for nesting beyond the limit")
	}
}
