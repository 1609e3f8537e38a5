package tree

import (
	"fmt"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// BenchmarkClassifiedReplacePending is the tree's share of a scan of
// 20,000 recordings: every row arrives pending, in batches, then again
// classified, in one batch, in place of the pending ones. Only the last
// batch is timed (and its allocations counted): the pending tree is made
// with the timer stopped.
func BenchmarkClassifiedReplacePending(b *testing.B) {
	classified := scanItems(500, 10, 4)
	pending := make([]Item, len(classified))
	for i, it := range classified {
		it.Status = "pending"
		pending[i] = it
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m := New(theme.New(true), DefaultKeyMap())
		m.SetSize(120, 35)
		for i := 0; i < len(pending); i += 4000 {
			m = m.Add(append([]Item(nil), pending[i:i+4000]...))
		}
		last := append([]Item(nil), classified...)
		b.StartTimer()
		m = m.Add(last)
		if m.Counts()["live"] == 0 {
			b.Fatal("no live recording")
		}
	}
}

// scanItems are the rows of a generated project as the scan sends them
// classified, in the order of their paths: suites of cases of turns.
func scanItems(suites, cases, turns int) []Item {
	statuses := []string{"live", "live", "live", "stale", "superseded"}
	var out []Item
	for s := range suites {
		for c := range cases {
			for t := range turns {
				n := len(out)
				key := fmt.Sprintf("%016x", uint64(n)*0x9e3779b97f4a7c15)
				suite, name := fmt.Sprintf("suite_%04d", s), fmt.Sprintf("case_%03d", c)
				p := fmt.Sprintf(".dryfire/cassettes/%s/%s/%02d-%s.json", suite, name, t, key)
				out = append(out, Item{
					ID: p, Path: p, Group: suite, Sub: name, Turn: t,
					Label: fmt.Sprintf("%02d %s", t, key[:6]), Key: key, Status: statuses[n%5], Secrets: n % 97 / 96,
				})
			}
		}
	}
	return out
}
