package suite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// limitError parses data and returns the limit error it must fail with.
func limitError(t *testing.T, data string) *LoadError {
	t.Helper()
	start := time.Now()
	_, err := ParseYAML([]byte(data))
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v", d)
	}
	var le *LoadError
	if !errors.As(err, &le) || le.Fatal != FatalLimit {
		t.Fatalf("want a limit error, got %v", err)
	}
	return le
}

// billionLaughs is the alias bomb: each level repeats the one before ten
// times, so levels+1 levels expand to 10^levels strings.
func billionLaughs(levels int) string {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// TestAliasBombIsRefused: a few hundred bytes of aliases that would
// expand to a billion nodes fail at once, naming the limit.
func TestAliasBombIsRefused(t *testing.T) {
	t.Parallel()
	bomb := billionLaughs(9)
	if len(bomb) > 600 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	le := limitError(t, bomb)
	if !strings.Contains(le.Message, "limit on alias expansion") || !strings.Contains(le.Message, "100,000") {
		t.Errorf("message %q does not name the limit and its value", le.Message)
	}
	if le.Line == 0 {
		t.Errorf("no position: %+v", le)
	}
}

// TestAliasesWithinTheLimitLoad: aliases that expand to fewer nodes than
// the limit (10^4 strings) load, and are counted as expanded.
func TestAliasesWithinTheLimitLoad(t *testing.T) {
	t.Parallel()
	if _, err := ParseYAML([]byte(billionLaughs(3))); err != nil {
		t.Fatalf("10,000 strings through aliases: %v", err)
	}
	if yamlrt.MaxAliasNodes != 100_000 {
		t.Errorf("the documented limit is 100,000 nodes, the code says %d", yamlrt.MaxAliasNodes)
	}
}

// TestDeepNestingIsRefused: collections nested deeper than the limit fail
// before they are built, in flow and block style; the limit itself loads.
func TestDeepNestingIsRefused(t *testing.T) {
	t.Parallel()
	flow := func(depth int) string { return strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n" }
	block := func(depth int) string {
		var b strings.Builder
		for i := range depth {
			b.WriteString(strings.Repeat(" ", i) + "k:\n")
		}
		return b.String()
	}
	for name, doc := range map[string]func(int) string{"flow": flow, "block": block} {
		if _, err := ParseYAML([]byte(doc(yamlrt.MaxDepth))); err != nil {
			t.Errorf("%s, %d levels: %v", name, yamlrt.MaxDepth, err)
		}
		le := limitError(t, doc(yamlrt.MaxDepth+1))
		if !strings.Contains(le.Message, "limit on nesting depth") || !strings.Contains(le.Message, "200") {
			t.Errorf("%s: message %q does not name the limit and its value", name, le.Message)
		}
	}
	// 40 KB of brackets (the 660 MB document) fails as fast.
	limitError(t, flow(40_000))
	// Unclosed, as an attacker would write it.
	limitError(t, strings.Repeat("[", 100_000))
}

// TestHugeRepeatIsAPositionedSpecError: repeat and max_turns beyond
// dryfire-tui's limits are spec errors at the value, naming the limit;
// the limit itself is accepted.
func TestHugeRepeatIsAPositionedSpecError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	suite := func(field string, v int) string {
		return fmt.Sprintf("name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  %s: %d\n", field, v)
	}
	for _, tc := range []struct {
		field string
		limit int
		huge  int
	}{{"repeat", MaxRepeat, 2_000_000_000}, {"max_turns", MaxTurnsLimit, 1 << 40}} {
		ok := LoadSuite(write(tc.field+"-ok.eval.yaml", suite(tc.field, tc.limit)), "ok", nil)
		if len(ok.Errors) > 0 {
			t.Errorf("%s: %d: %v", tc.field, tc.limit, ok.Errors)
		}
		bad := LoadSuite(write(tc.field+"-huge.eval.yaml", suite(tc.field, tc.huge)), "huge", nil)
		if len(bad.Errors) != 1 {
			t.Fatalf("%s: %d: want one error, got %v", tc.field, tc.huge, bad.Errors)
		}
		e := bad.Errors[0]
		want := fmt.Sprintf("%s exceeds dryfire-tui's limit on %s (1,000)", tc.field, tc.field)
		if e.Message != want || e.Line != 6 || e.Column != 3 || e.Fatal != "" {
			t.Errorf("%s: got %+v, want %q at 6:3, not fatal", tc.field, e, want)
		}
	}
	// The suite-level setting is limited too.
	s := LoadSuite(write("suite-level.eval.yaml", "name: s\nrepeat: 5000\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"), "s", nil)
	if len(s.Errors) != 1 || !strings.Contains(s.Errors[0].Message, "limit on repeat") || s.Errors[0].Line != 2 {
		t.Errorf("suite-level repeat: %v", s.Errors)
	}
}

// TestRecursiveAliases: an alias inside the collection it names reads as
// null, as ruamel reads it (None) inside a mapping; one that would make a
// value contain itself (ruamel: a cycle, on which dryfire fails) is a
// limit error.
func TestRecursiveAliases(t *testing.T) {
	t.Parallel()
	n, err := ParseYAML([]byte("a: &a {k: 1, self: *a}\n"))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := n.Get("a")
	self, _ := a.Get("self")
	if self == nil || self.Kind != 0 {
		t.Errorf("self = %+v, want null", self)
	}
	limitError(t, "&r\na: *r\n")
	limitError(t, "a: &m {b: 1, <<: *m}\n")
}

// TestManyErrorsLoadInLinearTime: a suite of 50,000 unknown fields (a
// 600 KB file) gives 50,000 positioned errors, each with its source line,
// without splitting the file once per error.
func TestManyErrorsLoadInLinearTime(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n")
	for i := range 50_000 {
		fmt.Fprintf(&b, "  k%d: v\n", i)
	}
	file := filepath.Join(t.TempDir(), "many.eval.yaml")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s := LoadSuite(file, "many.eval.yaml", nil)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("loading took %v", d)
	}
	if len(s.Errors) != 50_000 {
		t.Fatalf("%d errors, want 50,000", len(s.Errors))
	}
	last := s.Errors[len(s.Errors)-1]
	if last.Line != 50_005 || last.Source != "  k49999: v" || last.Message != "unknown field 'k49999'" {
		t.Errorf("last error %+v", last)
	}
}

// TestSourceLinesAsRuamelCounts: the echoed line is the line ruamel's
// position names, whatever ends the lines, and the first line holds no
// byte-order mark (it takes no column).
func TestSourceLinesAsRuamelCounts(t *testing.T) {
	t.Parallel()
	for _, data := range []string{"\ufeffa\nb\nc", "a\r\nb\r\nc\r\n", "a\rb\rc\r", "a\nb\r\nc"} {
		for n, want := range map[int]string{1: "a", 2: "b", 3: "c", 4: "", 0: ""} {
			if got := sourceLine([]byte(data), n); got != want {
				t.Errorf("%q line %d = %q, want %q", data, n, got, want)
			}
		}
	}
}
