//go:build unix

package backend

// Benchmarks of what the browser waits for, on a generated project:
//
//	go test ./ui/backend -run '^$' -bench . -benchtime 3x -cpu 2
//
// DRYFIRE_BENCH_RECORDINGS sets the project's size (2,000 by default), and
// DRYFIRE_BENCH_PROJECT names a project generated beforehand (go run
// ./tools/gen/cmd/gen -out DIR -recordings N -seed 1) to use instead.

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/tools/gen"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

var benchProject = sync.OnceValues(func() (string, error) { return gen.BenchProject("dryfire-backend-bench-") })

func benchLoop(b *testing.B, run func(ctx context.Context, dir string)) {
	dir, err := benchProject()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	run(ctx, dir) // warm the page cache
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		run(ctx, dir)
	}
	cputime.PerOp(b, cpu0)
}

// BenchmarkCoreOpen is the browser's scan: from the start to the last
// batch, every row classified (its status, secrets and verdict).
func BenchmarkCoreOpen(b *testing.B) {
	benchLoop(b, func(ctx context.Context, dir string) {
		var first time.Duration
		start := time.Now()
		rows := 0
		_, err := Core{}.Open(ctx, dir, func(items []tree.Item) {
			if first == 0 {
				first = time.Since(start)
			}
			rows = len(items)
		})
		if err != nil || rows == 0 {
			b.Fatalf("open: %v, %d rows in the last batch", err, rows)
		}
		b.ReportMetric(float64(first.Microseconds())/1000, "ms-to-first-rows")
	})
}

// BenchmarkCorePaletteCheck is the palette's check: the command's function
// and its text, line by line.
func BenchmarkCorePaletteCheck(b *testing.B) {
	benchLoop(b, func(ctx context.Context, dir string) {
		res := Core{}.Run(ctx, dir, CommandRequest{Command: CommandCheck})
		if len(res.Lines) == 0 {
			b.Fatalf("check: no lines (%v)", res.Err)
		}
	})
}

// BenchmarkCoreRefresh is the browser's live reading after one cassette
// changed: the files kept from the reading before (cassette.Reuse) are
// not read again, the changed one is, and every case is replayed; each
// loop rewrites the cassette first. BenchmarkCoreOpen is the same reading
// with every file read.
func BenchmarkCoreRefresh(b *testing.B) {
	c := Core{Files: &cassette.Reuse{}}
	var changed string
	var body []byte
	benchLoop(b, func(ctx context.Context, dir string) {
		if changed == "" { // the warm-up: a first reading, and one reuse
			_, _ = c.Open(ctx, dir, func([]tree.Item) {})
			changed, body = oneCassette(b, dir)
		}
		if err := os.WriteFile(changed, body, 0o644); err != nil {
			b.Fatal(err)
		}
		rows := 0
		_, err := c.Refresh(ctx, dir, func(items []tree.Item) { rows = len(items) })
		if err != nil || rows == 0 {
			b.Fatalf("refresh: %v, %d rows in the last batch", err, rows)
		}
	})
}

// oneCassette is a cassette of the project and its bytes.
func oneCassette(b *testing.B, dir string) (string, []byte) {
	b.Helper()
	var found string
	_ = filepath.WalkDir(filepath.Join(dir, ".dryfire", "cassettes"), func(p string, d os.DirEntry, err error) error {
		if err == nil && found == "" && !d.IsDir() && filepath.Ext(p) == ".json" {
			found = p
		}
		return nil
	})
	data, err := os.ReadFile(found)
	if err != nil {
		b.Fatal(err)
	}
	return found, data
}
