package pyregex

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"
)

type probe struct {
	Pattern string   `json:"pattern"`
	Error   string   `json:"error"`
	Matches []string `json:"matches"`
}

// TestAgainstPython compares every pattern of testdata/python-re.json with
// what Python's re said about it: the same error, or the same texts found.
// Patterns Python accepts and RE2 cannot run must fail as unsupported.
func TestAgainstPython(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/python-re.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Texts []string `json:"texts"`
		Cases []probe  `json:"cases"`
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	for _, c := range golden.Cases {
		re, err := Compile(c.Pattern)
		var pe *Error
		switch {
		case c.Error != "":
			if !errors.As(err, &pe) || pe.Unsupported || pe.Error() != c.Error {
				t.Errorf("%q: error %v, Python %q", c.Pattern, err, c.Error)
			}
		case err != nil:
			if !errors.As(err, &pe) || !pe.Unsupported {
				t.Errorf("%q: %v, Python accepts it", c.Pattern, err)
			}
		default:
			var got []string
			for _, text := range golden.Texts {
				if re.MatchString(text) {
					got = append(got, text)
				}
			}
			if !slices.Equal(got, c.Matches) && (len(got) != 0 || len(c.Matches) != 0) {
				t.Errorf("%q (RE2 %q) finds %q, Python %q", c.Pattern, re.String(), got, c.Matches)
			}
		}
	}
}

func TestUnsupportedSaysWhat(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		`(?<=a)b`: "a look-behind assertion",
		`(a)\1`:   "a backreference",
		`a*+`:     "a possessive repeat",
		`(?>a)`:   "an atomic group",
	}
	for pattern, what := range tests {
		_, err := Compile(pattern)
		var pe *Error
		if !errors.As(err, &pe) || !pe.Unsupported || len(pe.Msg) < len(what) || pe.Msg[:len(what)] != what {
			t.Errorf("%q: %v, want unsupported %q", pattern, err, what)
		}
	}
}

// FuzzTranslate: any pattern compiles, or fails with a Python-style error;
// never a panic.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{`a(b`, `(?P<n>x)(?P=n)`, `[\W\d-z]`, `(?x) a # c`, `\N{EM DASH}`, `a{2,1}`, `(?i-s:x)$`, `[]-a]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		_, err := Compile(pattern)
		var pe *Error
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%q: %T %v", pattern, err, err)
		}
	})
}
