package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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
