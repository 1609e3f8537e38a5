package browse

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/tools/gen"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// benchProject writes a 20,000-recording project once per test binary
// (DRYFIRE_UI_BENCH_RECORDINGS sets another size).
var benchProject = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "dryfire-ui-bench-")
	if err != nil {
		return "", err
	}
	root := filepath.Join(dir, "big")
	n := 20000
	if v, err := strconv.Atoi(os.Getenv("DRYFIRE_UI_BENCH_RECORDINGS")); err == nil && v > 0 {
		n = v
	}
	_, err = gen.Generate(root, gen.Default(n, 1))
	return root, err
})

func benchRoot(b *testing.B) string {
	b.Helper()
	root, err := benchProject()
	if err != nil {
		b.Fatal(err)
	}
	return root
}

// BenchmarkFirstFrame measures, on a 20,000-file project and the real core,
// the time from start to the first frame that shows rows: the scan starts,
// its first batch arrives, Update adds it and Render draws it.
func BenchmarkFirstFrame(b *testing.B) {
	root := benchRoot(b)
	b.ReportAllocs()
	for b.Loop() {
		m := New(Options{Path: root, Backend: backend.Core{}}, theme.New(false))
		m.SetSize(160, 45)
		msg := scanWorkspaceCmd(m.ctx, m.opts.Backend, root, m.gen)()
		m, _ = m.Update(msg)
		if m.tree.Rows() == 0 {
			b.Fatal("no rows in the first frame")
		}
		_ = m.Render()
		m.cancel()
	}
}

// loadedModel returns a page holding items, all delivered.
func loadedModel(b testing.TB, items []tree.Item, done bool) Page {
	m := New(Options{Path: "/big", Backend: &uitest.FakeBackend{Body: uitest.Cassette(b)}}, theme.New(false))
	m.SetSize(160, 45)
	m, _ = m.Update(scanBatchMsg{gen: m.gen, items: items, done: done, next: make(chan scanEvent)})
	return m
}

// BenchmarkKeyToFrame measures a key press (j, cycling through k and
// collapse/expand) to the next rendered frame, with 20,000 recordings,
// after loading and while loading.
func BenchmarkKeyToFrame(b *testing.B) {
	items := synthItems(20000)
	for _, tc := range []struct {
		name string
		done bool
	}{{"loaded", true}, {"loading", false}} {
		b.Run(tc.name, func(b *testing.B) {
			m := loadedModel(b, items, tc.done)
			down, up := uitest.PressKey("j"), uitest.PressKey("k")
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				k := down
				if i%200 >= 100 {
					k = up
				}
				i++
				m, _ = m.Update(k)
				_ = m.Render()
			}
		})
	}
}

// BenchmarkKeyToFrameLatency reports the median, p99 and slowest
// key-to-frame time with 20,000 recordings (DRYFIRE_UI_BENCH_RECORDINGS sets
// another size), loaded and while loading, as metrics (the figure in docs/performance.md;
// a benchmark, never a pass/fail timing).
func BenchmarkKeyToFrameLatency(b *testing.B) {
	n := 20000
	if v, err := strconv.Atoi(os.Getenv("DRYFIRE_UI_BENCH_RECORDINGS")); err == nil && v > 0 {
		n = v
	}
	items := synthItems(n)
	for _, done := range []bool{true, false} {
		b.Run(fmt.Sprintf("loaded=%v", done), func(b *testing.B) {
			b.ReportAllocs()
			m := loadedModel(b, items, done)
			ds := make([]time.Duration, 0, b.N)
			i := 0
			for b.Loop() {
				k := uitest.PressKey("j")
				if i%200 >= 100 {
					k = uitest.PressKey("k")
				}
				i++
				start := time.Now()
				m, _ = m.Update(k)
				_ = m.Render()
				ds = append(ds, time.Since(start))
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), "median-µs")
			b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds()), "p99-µs")
			b.ReportMetric(float64(ds[len(ds)-1].Microseconds()), "max-µs")
		})
	}
}

// synthItems makes n recordings in 200 suites of 10 cases.
func synthItems(n int) []tree.Item {
	statuses := []string{"live", "live", "live", "live", "stale", "superseded", "orphaned case", "in use"}
	items := make([]tree.Item, n)
	for i := range items {
		s, c, turn := i/100, (i/10)%10, i%10
		p := fmt.Sprintf(".dryfire/cassettes/suite_%03d/case_%02d/%02d-%016x.json", s, c, turn, i)
		items[i] = tree.Item{ID: p, Path: p, Format: format.Dryfire, Group: fmt.Sprintf("suite_%03d", s),
			Sub: fmt.Sprintf("case_%02d", c), Turn: turn, Key: fmt.Sprintf("%016x", i),
			Label: fmt.Sprintf("%02d %06x", turn, i), Status: statuses[i%len(statuses)]}
	}
	return items
}

// BenchmarkFirstBatchToFrame is the browser's share of the first frame:
// from New to a rendered frame holding the first scan batch (256
// recordings, the size scan streams), without the scan itself.
func BenchmarkFirstBatchToFrame(b *testing.B) {
	items := synthItems(256)
	body := uitest.Cassette(b)
	b.ReportAllocs()
	for b.Loop() {
		m := New(Options{Path: "/big", Backend: &uitest.FakeBackend{Body: body}}, theme.New(false))
		m.SetSize(160, 45)
		m, _ = m.Update(scanBatchMsg{gen: 1, items: items, next: make(chan scanEvent)})
		_ = m.Render()
	}
}

// BenchmarkFilterKeys reports the slowest key press among the keys whose
// work depends on the number of recordings: typing a filter, the status
// filter (the picker, then the status picked), expanding everything by jumping to the end.
func BenchmarkFilterKeys(b *testing.B) {
	n := 20000
	if v, err := strconv.Atoi(os.Getenv("DRYFIRE_UI_BENCH_RECORDINGS")); err == nil && v > 0 {
		n = v
	}
	items := synthItems(n)
	b.ReportAllocs()
	var worst time.Duration
	for b.Loop() {
		m := loadedModel(b, items, true)
		for _, k := range []string{"/", "c", "a", "s", "e", "_", "0", "3", "enter", "esc", "s", "enter", "esc", "G", "g"} {
			start := time.Now()
			m, _ = m.Update(uitest.PressKey(k))
			_ = m.Render()
			worst = max(worst, time.Since(start))
		}
	}
	b.ReportMetric(float64(worst.Microseconds()), "max-µs")
}

// BenchmarkNextProblem measures n (the walk of one kind of problem, with
// its place on the status line) to the next frame, with 20,000
// recordings.
func BenchmarkNextProblem(b *testing.B) {
	m := loadedModel(b, synthItems(20000), true)
	n := uitest.PressKey("n")
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(n)
		_ = m.Render()
	}
}
