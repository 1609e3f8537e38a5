package pystr

import (
	"strings"
	"testing"
)

// TestLower: the texts lowered as Python 3's str.lower() lowered them
// (the final sigma before and after case-ignorable characters, İ, ASCII
// alone).
func TestLower(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"\u039f\u0394\u039f\u03a3", "\u03bf\u03b4\u03bf\u03c2"},
		{"\u039f\u0394\u039f\u03a3.", "\u03bf\u03b4\u03bf\u03c2."},
		{"\u03a3", "\u03c3"},
		{"\u0391\u03a3\u0301\u0392", "\u03b1\u03c3\u0301\u03b2"},
		{"\u0391\u03a3\u0301", "\u03b1\u03c2\u0301"},
		{"\u0130stanbul", "i\u0307stanbul"},
		{"HELLO World", "hello world"},
		{"Stra\u00dfe \u00c9COLE", "stra\u00dfe \u00e9cole"},
		{"a\u2019\u03a3", "a\u2019\u03c2"},
		{"\u0391\u03a3'\u0391", "\u03b1\u03c3'\u03b1"},
		{"\u1f48\u0394\u03a5\u03a3\u03a3\u0395\u038e\u03a3", "\u1f40\u03b4\u03c5\u03c3\u03c3\u03b5\u03cd\u03c2"},
		{"already lower", "already lower"},
	} {
		if got := Lower(tc.in); got != tc.want {
			t.Errorf("Lower(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLowerHoldsOneCopy: lowering a long text allocates about one copy
// of it, not a copy of its runes (four bytes each) besides, so that a
// model's 10 MB answer is graded in 10 MB more.
func TestLowerHoldsOneCopy(t *testing.T) {
	for _, text := range []string{strings.Repeat("Lorem IPSUM ", 1<<16), strings.Repeat("École ΟΔΟΣ ", 1<<16)} {
		res := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				_ = Lower(text)
			}
		})
		if got := res.AllocedBytesPerOp(); got > int64(len(text))*3/2 {
			t.Errorf("%d bytes allocated to lower %d bytes; want about one copy", got, len(text))
		}
	}
}
