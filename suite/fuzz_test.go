package suite

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// FuzzSuite feeds the loader arbitrary bytes as a suite file (with a $ref
// target beside it) and checks what must hold for any input: no panic, no
// hang (the limits bound the work), the same result every time, a load
// failure that is a positioned LoadError of a known kind, spec errors with
// a message and a position inside the file (and no line of the file when
// the position is in the $ref target), and a tree whose hashing (the
// canonical JSON of every value, or the Python exception it raises)
// never panics.
//
//	go test ./suite -run '^$' -fuzz FuzzSuite -fuzztime 60s
func FuzzSuite(f *testing.F) {
	for _, seed := range []string{
		"name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n",
		"\ufeffname: s\r\ncases: []\r\n",
		"a: &a {x: 1}\nb: {<<: *a, y: 2}\n",
		"x: [+.5, -.5, 0o17, 0x1F, .inf, .nan, 2024-01-02, 2024-01-02T03:04:05Z]\n",
		"%YAML 1.1\n---\nx: [yes, 012, 0b101, 1:20]\n",
		"x: \"\\ud83d\\ude00 \\U0001F600 \\x41 \\N \\L \\P\"\n",
		"x: 'a\u0085b\u2028c\u2029d'\n",
		"x: !!str 5\ny: !!binary aGVsbG8=\nz: !!set {a, b}\nw: !!omap [a: 1]\n",
		"x: {$ref: ref.yaml}\n",
		"x: [{$ref: ref.yaml}, {$ref: ./ref.yaml}, {$ref: ../ref.yaml}]\n",
		"x: {$ref: /proc/self/environ}\ny: {$ref: /dev/stdin}\n",
		"x: '${HOME}'\n",
		"? [a, b]\n: c\n1: x\n1.0: y\n",
		"x: |+\n  a\n\n",
		// An alias bomb of four levels (10,000 strings).
		"l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" +
			"l1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\n" +
			"l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\n" +
			"l3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]\n" +
			"l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]\n",
		strings.Repeat("[", 300),
		"a: &a [1, *a]\n",
		"x: " + strings.Repeat("9", 4400) + "\n",
		"x: a\x00b\n",
		"x: caf\xe9\n",
	} {
		f.Add([]byte(seed))
	}
	golden, _ := filepath.Glob(filepath.Join(dryfireGolden, "*", "evals", "*", "*.eval.yaml"))
	for _, g := range golden[:min(len(golden), 8)] {
		if data, err := os.ReadFile(g); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		file := filepath.Join(dir, "s.eval.yaml")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// A $ref target that is the input too, so refs meet every input.
		if err := os.WriteFile(filepath.Join(dir, "ref.yaml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		env := func(k string) (string, bool) { return "v", k == "HOME" }

		n1, err1 := ParseYAML(data)
		n2, err2 := ParseYAML(data)
		if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
			t.Fatalf("two parses differ: %v / %v", err1, err2)
		}
		lines := bytes.Count(data, []byte("\n")) + 2
		if err1 != nil {
			var le *LoadError
			if !errors.As(err1, &le) {
				t.Fatalf("not a LoadError: %T %v", err1, err1)
			}
			switch le.Fatal {
			case FatalYAML, FatalEncoding, FatalValue, FatalLimit:
			default:
				t.Fatalf("unknown kind %q: %v", le.Fatal, le)
			}
			if le.Message == "" || le.Line < 1 || le.Line > lines {
				t.Fatalf("malformed load error %+v (%d lines)", le, lines)
			}
		} else {
			v1, bad1 := n1.ToValue()
			v2, bad2 := n2.ToValue()
			if bad1 != bad2 || !reflect.DeepEqual(v1, v2) {
				t.Fatalf("two parses give different values")
			}
			if bad1 == "" {
				_, _ = jsonv.Canonical(v1)
			}
		}

		s1 := LoadSuite(file, "s.eval.yaml", env)
		s2 := LoadSuite(file, "s.eval.yaml", env)
		if !reflect.DeepEqual(s1.Errors, s2.Errors) || s1.Failed != s2.Failed {
			t.Fatalf("two loads differ:\n%v\n%v", s1.Errors, s2.Errors)
		}
		for _, e := range s1.Errors {
			if e.Message == "" || e.Line < 0 || e.Line > lines || (e.Line > 0 && e.Column < 1) {
				t.Fatalf("malformed spec error %+v (%d lines)", e, lines)
			}
			if e.Ref != "" && e.Source != "" {
				t.Fatalf("an error in a $ref target shows a line of it: %+v", e)
			}
		}
		if !s1.Failed && len(s1.Errors) > 0 {
			t.Fatalf("errors without failure: %v", s1.Errors)
		}
	})
}
