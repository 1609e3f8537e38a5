package yamlrt

import (
	"errors"
	"strings"
	"testing"
)

// TestAnchorNames: an anchor's name is what ruamel's
// check_anchorname_char takes, a printable character other than a space,
// a flow indicator and the byte-order mark (the rule is in the ruamel
// source; the loaderdiff vectors anchors/name-* hold what dryfire made of
// such documents).
func TestAnchorNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		doc, anchor string
	}{
		{"x: &été 1\n", "été"},
		{"x: &a\u2029b 1\n", "a\u2029b"},
		{"x: &a\u2028 1\n", "a\u2028"},
		{"x: &a-1_b.c 1\n", "a-1_b.c"},
		{"x: [&a 1, 2]\n", "a"},
	} {
		doc, err := Compose([]byte(tc.doc))
		if err != nil {
			t.Errorf("%q: %v", tc.doc, err)
			continue
		}
		v := doc.Root.Pairs[1]
		if v.Kind == SequenceNode {
			v = v.Items[0]
		}
		if v.Anchor != tc.anchor {
			t.Errorf("%q: anchor %q, want %q", tc.doc, v.Anchor, tc.anchor)
		}
	}
	// A NEL or a byte-order mark ends a name; the BOM may not follow one.
	if _, err := Compose([]byte("x: &a\ufeff 1\n")); err == nil || !strings.Contains(err.Error(), "expected alphabetic or numeric character") {
		t.Errorf("an anchor followed by a BOM: %v", err)
	}
}

// TestLimits: the alias and depth limits fail with a limit error naming
// the limit and its value, where it is crossed.
func TestLimits(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	var bomb strings.Builder
	bomb.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	for i, prev := range []string{"a", "b", "c", "d", "e"} {
		name := string(rune('b' + i))
		bomb.WriteString(name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n")
	}
	for _, tc := range []struct{ doc, says string }{
		{deep, "collections nest more than 200 levels deep (the limit on nesting depth)"},
		{bomb.String(), "repeat more than 100,000 nodes (the limit on alias expansion)"},
	} {
		_, err := Compose([]byte(tc.doc))
		var e *Error
		if !errors.As(err, &e) || e.Kind != KindLimit || !strings.Contains(e.Problem, tc.says) {
			t.Errorf("want a limit error saying %q, got %v", tc.says, err)
		}
	}
	if _, err := Compose([]byte(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth))); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
}

// TestMarks: positions are counted as ruamel's reader counts them: a
// byte-order mark takes no column (at the start or anywhere else), a lone
// CR ends a line, LS and PS do not. Each expected position is what
// ruamel.yaml 0.19.1 gives the key (CommentedMap.lc.key).
func TestMarks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		doc       string
		line, col int // of the second key, 0-based
	}{
		{"\ufeffa: 1\nb: 2\n", 1, 0},
		{"a: 1\rb: 2\r", 1, 0},
		{"a: 1\r\nb: 2\r\n", 1, 0},
		{"{a: x\u2028y, b: 2}\n", 0, 9},
		{"{a: x\ufeffy, b: 2}\n", 0, 8},
		{"\ufeff{a: 1, b: 2}\n", 0, 7},
	} {
		doc, err := Compose([]byte(tc.doc))
		if err != nil {
			t.Errorf("%q: %v", tc.doc, err)
			continue
		}
		k := doc.Root.Pairs[2]
		if k.Start.Line != tc.line || k.Start.Column != tc.col {
			t.Errorf("%q: b at %d:%d, want %d:%d", tc.doc, k.Start.Line, k.Start.Column, tc.line, tc.col)
		}
	}
}

func TestThousands(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100_000: "100,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
