//go:build unix

package cli

// The benchmark of check as a person types it, on a generated project:
//
//	go test ./internal/cli -run '^$' -bench CheckText -benchtime 3x -cpu 2
//
// DRYFIRE_BENCH_RECORDINGS sets the project's size (2,000 by default), and
// DRYFIRE_BENCH_PROJECT names a project generated beforehand (go run
// ./tools/gen/cmd/gen -out DIR -recordings N -seed 1) to use instead. It
// is the yardstick of the browser's palette check
// (ui/backend BenchmarkCorePaletteCheck), which shows the same text.

import (
	"context"
	"io"
	"os"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/tools/gen"
)

var checkBenchProject = sync.OnceValues(func() (string, error) { return gen.BenchProject("dryfire-cli-bench-") })

// BenchmarkCheckText is `dryfire-tui check DIR` with stdout and stderr to
// a pipe: the command line from its arguments to the text report, through
// the output policy, as a person or a CI job runs it.
func BenchmarkCheckText(b *testing.B) {
	dir, err := checkBenchProject()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	e := Env{Stdout: io.Discard, Stderr: io.Discard, LookupEnv: os.LookupEnv}
	run := func() {
		if code := Run(ctx, []string{"check", dir}, e); code != exitOK && code != exitFindings {
			b.Fatalf("check %s: exit %d", dir, code)
		}
	}
	run() // warm the page cache
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		run()
	}
	cputime.PerOp(b, cpu0)
}
