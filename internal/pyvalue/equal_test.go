package pyvalue

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TestEqual: the comparisons as Python 3 makes them with ==, on the values
// json.loads gives for the two texts.
func TestEqual(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`true`, `1`, true},
		{`false`, `0`, true},
		{`true`, `1.0`, true},
		{`1`, `1.0`, true},
		{`1e2`, `100`, true},
		{`0.1`, `0.10000000000000001`, true},
		{`"1"`, `1`, false},
		{`1000000000000000000000000000000`, `1e30`, false},
		{`9007199254740993`, `9007199254740992.0`, false},
		{`9007199254740992`, `9007199254740992.0`, true},
		{`NaN`, `NaN`, false},
		{`Infinity`, `Infinity`, true},
		{`Infinity`, `-Infinity`, false},
		{`null`, `null`, true},
		{`null`, `false`, false},
		{`[1, 2]`, `[true, 2.0]`, true},
		{`[1, 2]`, `[2, 1]`, false},
		{`[1, 2]`, `[1, 2, 3]`, false},
		{`{"a": 1, "b": 2}`, `{"b": 2.0, "a": true}`, true},
		{`{"a": 1}`, `{"a": 1, "b": 2}`, false},
		{`{"a": 1}`, `{"b": 1}`, false},
		{`"a"`, `"a"`, true},
		{`[]`, `{}`, false},
		{`"true"`, `true`, false},
	} {
		a := decode(t, tc.a)
		b := decode(t, tc.b)
		if got := Equal(a, b); got != tc.want {
			t.Errorf("%s == %s: %v, Python says %v", tc.a, tc.b, got, tc.want)
		}
		if got := Equal(b, a); got != tc.want {
			t.Errorf("%s == %s: %v, Python says %v", tc.b, tc.a, got, tc.want)
		}
	}
}

func decode(t *testing.T, s string) jsonv.Value {
	t.Helper()
	v, err := jsonv.DecodeWith([]byte(s), jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}
