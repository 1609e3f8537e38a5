package yamlnode

import (
	"errors"
	"fmt"
	"runtime"
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

// flowScalars is a document whose one key holds a flow sequence of n
// one-letter scalars: n+3 nodes in all (the mapping, the key, the
// sequence), two bytes a scalar.
func flowScalars(n int) string {
	return "tags: [" + strings.TrimSuffix(strings.Repeat("a,", n), ",") + "]\n"
}

// TestNodeBudget: a document of as many nodes as the limit loads; one
// more fails at the node that crosses it, naming the limit and its value.
func TestNodeBudget(t *testing.T) {
	t.Parallel()
	if yamlrt.MaxNodes != 250_000 {
		t.Errorf("the documented limit is 250,000 nodes, the code says %d", yamlrt.MaxNodes)
	}
	n, err := Parse([]byte(flowScalars(yamlrt.MaxNodes - 3)))
	if err != nil {
		t.Fatalf("%d nodes: %v", yamlrt.MaxNodes, err)
	}
	if tags, _ := n.Get("tags"); len(tags.Items) != yamlrt.MaxNodes-3 {
		t.Fatalf("%d tags loaded", len(tags.Items))
	}
	le := limitError(t, flowScalars(yamlrt.MaxNodes-2))
	// The last scalar, at column 8 + 2i (1-based) for the i-th from 0.
	if le.Line != 1 || le.Column != 8+2*(yamlrt.MaxNodes-3) {
		t.Errorf("refused at %d:%d, want the node past the limit, 1:%d", le.Line, le.Column, 8+2*(yamlrt.MaxNodes-3))
	}
	const want = "this document holds more than 250,000 nodes (the limit on nodes per document)"
	if le.Message != want {
		t.Errorf("message %q, want %q", le.Message, want)
	}
	// In block style, and counting the keys.
	var b strings.Builder
	for i := range yamlrt.MaxNodes / 2 {
		fmt.Fprintf(&b, "k%d: v\n", i)
	}
	limitError(t, b.String())
}

// TestNodeBudgetBoundsMemory: a document of a few megabytes holding a
// million scalars (the 2 MB suite, which cost about 476 MB) is
// refused while it is read, having allocated a small part of that. Not
// parallel: it measures the allocations of the process.
func TestNodeBudgetBoundsMemory(t *testing.T) {
	doc := []byte(flowScalars(1_000_000))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Parse(doc)
	runtime.ReadMemStats(&after)
	var le *LoadError
	if !errors.As(err, &le) || le.Fatal != FatalLimit {
		t.Fatalf("a million scalars: %v", err)
	}
	t.Logf("allocated %d MB", (after.TotalAlloc-before.TotalAlloc)>>20)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128<<20 {
		t.Errorf("refusing %d MB allocated %d MB", len(doc)>>20, alloc>>20)
	}
}

// TestArenaCountsItsDocuments: an arena sums the nodes of the documents
// parsed through it, and what their aliases repeat, until released.
func TestArenaCountsItsDocuments(t *testing.T) {
	t.Parallel()
	var a Arena
	var s yamlrt.Session
	for _, doc := range []string{"a: [x, y]\n", "b: &b [1]\nc: *b\n", ""} {
		if _, err := a.ParseIn([]byte(doc), &s); err != nil {
			t.Fatal(err)
		}
	}
	// 1+1+1+2 nodes, then 1+1+1+1+1 (the alias adds none), then none;
	// the alias repeats 2.
	if n, al := a.Counts(); n != 10 || al != 2 {
		t.Errorf("counts %d, %d; want 10, 2", n, al)
	}
	a.Release()
	if n, al := a.Counts(); n != 0 || al != 0 {
		t.Errorf("after release: %d, %d", n, al)
	}
}
