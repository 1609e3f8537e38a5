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
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/tools/gen"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

var benchProject = sync.OnceValues(func() (string, error) {
	if dir := os.Getenv("DRYFIRE_BENCH_PROJECT"); dir != "" {
		return dir, nil
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("DRYFIRE_BENCH_RECORDINGS")); err == nil && v > 0 {
		n = v
	}
	dir, err := os.MkdirTemp("", "dryfire-backend-bench-")
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "project")
	_, err = gen.Generate(dir, gen.Default(n, 1))
	return dir, err
})

func benchLoop(b *testing.B, run func(ctx context.Context, dir string)) {
	dir, err := benchProject()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	run(ctx, dir) // warm the page cache
	b.ReportAllocs()
	var ru0 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	for b.Loop() {
		run(ctx, dir)
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
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
