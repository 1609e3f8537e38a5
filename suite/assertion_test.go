package suite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAssertionArgumentErrors loads a suite of bad assertion arguments and
// compares every error with what dryfire's validate said about the same
// file (testdata/assertion-args).
func TestAssertionArgumentErrors(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "assertion-args")
	var want struct {
		Errors []struct {
			Line, Col int
			Message   string
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "expected-errors.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	s := LoadSuite(filepath.Join(dir, "evals", "args.eval.yaml"), "args.eval.yaml", nil)
	got := s.Errors
	for i := 0; i < max(len(got), len(want.Errors)); i++ {
		switch {
		case i >= len(got):
			t.Errorf("missing %d:%d %s", want.Errors[i].Line, want.Errors[i].Col, want.Errors[i].Message)
		case i >= len(want.Errors):
			t.Errorf("extra %d:%d %s", got[i].Line, got[i].Column, got[i].Message)
		case got[i].Line != want.Errors[i].Line || got[i].Column != want.Errors[i].Col || got[i].Message != want.Errors[i].Message:
			t.Errorf("%d:%d %s\n dryfire %d:%d %s", got[i].Line, got[i].Column, got[i].Message,
				want.Errors[i].Line, want.Errors[i].Col, want.Errors[i].Message)
		}
	}
}

// TestPythonPatternsLoad: look-behind, backreferences, conditionals,
// atomic groups, possessive repeats and \N{…} load as dryfire loads them
// (this tool once refused them as spec errors); a look-behind of varying
// width is Python's spec error; a repeat count Python overflows on, or a
// pattern nested past the limit, stops the load as dryfire's does.
func TestPythonPatternsLoad(t *testing.T) {
	t.Parallel()
	ok := []string{`(?<=a)b`, `(a)\1`, `(a)?(?(1)b|c)`, `(?>a+)b`, `a*+b`, `\N{EM DASH}`, `(?=x)`}
	for _, p := range ok {
		s := loadPattern(t, p)
		if len(s.Errors) != 0 || s.Failed {
			t.Errorf("%q: %v", p, s.Errors)
		}
	}
	tests := []struct{ pattern, message, fatal string }{
		{`(?<=a+)b`, "invalid arguments for 'final_matches': <args>: Value error, invalid regex '(?<=a+)b': look-behind requires fixed-width pattern", ""},
		{`(?a)(?u)x`, "invalid arguments for 'final_matches': <args>: Value error, ASCII and UNICODE flags are incompatible", ""},
		{`a{4294967295}`, "OverflowError: the repetition number is too large", FatalValue},
		{strings.Repeat("(", 481) + strings.Repeat(")", 481), "the pattern nests groups more than 480 levels deep (the limit on nesting in a pattern)", FatalLimit},
	}
	for _, tt := range tests {
		s := loadPattern(t, tt.pattern)
		if len(s.Errors) != 1 || s.Errors[0].Message != tt.message || s.Errors[0].Fatal != tt.fatal || s.Errors[0].Line != 6 || s.Errors[0].Column != 24 {
			t.Errorf("%.20q: %+v", tt.pattern, s.Errors)
		}
	}
}

func loadPattern(t *testing.T, pattern string) *Suite {
	t.Helper()
	file := filepath.Join(t.TempDir(), "s.eval.yaml")
	doc := "name: s\ncases:\n  - name: c\n    input: x\n    expect:\n      - final_matches: '" + pattern + "'\n"
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return LoadSuite(file, "s.eval.yaml", nil)
}
