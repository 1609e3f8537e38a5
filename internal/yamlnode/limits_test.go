package yamlnode

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// limitError parses data and returns the limit error it must fail with.
func limitError(t *testing.T, data string) *LoadError {
	t.Helper()
	start := time.Now()
	_, err := Parse([]byte(data))
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
	if _, err := Parse([]byte(billionLaughs(3))); err != nil {
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
		if _, err := Parse([]byte(doc(yamlrt.MaxDepth))); err != nil {
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

// TestRecursiveAliases: an alias inside the collection it names reads as
// null, as ruamel reads it (None) inside a mapping; one that would make a
// value contain itself (ruamel: a cycle, on which dryfire fails) is a
// limit error.
func TestRecursiveAliases(t *testing.T) {
	t.Parallel()
	n, err := Parse([]byte("a: &a {k: 1, self: *a}\n"))
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
