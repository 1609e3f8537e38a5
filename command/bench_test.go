//go:build unix

package command

// Benchmarks of the commands over a generated project, the documents
// written as the command line writes them:
//
//	go test ./command -run '^$' -bench 'Command' -benchtime 3x -cpu 2
//
// DRYFIRE_BENCH_RECORDINGS sets the project's size (2,000 by default), and
// DRYFIRE_BENCH_PROJECT names a project generated beforehand (go run
// ./tools/gen/cmd/gen -out DIR -recordings N -seed 1) to use instead.
// Each reports CPU seconds per operation beside wall clock: on a shared
// machine the first moves little when the second moves a lot.

import (
	"context"
	"io"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/tools/gen"
)

var benchProject = sync.OnceValues(func() (string, error) { return gen.BenchProject("dryfire-command-bench-") })

// benchDir is the project the benchmarks run on.
func benchDir(b *testing.B) string {
	b.Helper()
	dir, err := benchProject()
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchCommand times run, which makes a document and writes its JSON.
func benchCommand(b *testing.B, run func(ctx context.Context, dir string) error) {
	dir := benchDir(b)
	ctx := context.Background()
	if err := run(ctx, dir); err != nil { // warm the page cache
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		if err := run(ctx, dir); err != nil {
			b.Fatal(err)
		}
	}
	cputime.PerOp(b, cpu0)
}

// writeJSON writes a command's document as its --json does.
func writeJSON[D any](r Result[D], err error) error {
	if err != nil {
		return err
	}
	return report.WriteJSON(io.Discard, r.Doc)
}

// BenchmarkCommandLs is ls --json: the yardstick the others are held to.
func BenchmarkCommandLs(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Ls(ctx, LsRequest{Path: dir}))
	})
}

// BenchmarkCommandCheck is check --json: every part over one load.
func BenchmarkCommandCheck(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Check(ctx, CheckRequest{Paths: []string{dir}}))
	})
}

// BenchmarkCommandSecrets is secrets --json, end to end: the walk, the
// reads, the decode and the scan of every recording.
func BenchmarkCommandSecrets(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Secrets(ctx, SecretsRequest{Path: dir}))
	})
}

// BenchmarkCommandReplay is replay --json.
func BenchmarkCommandReplay(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Replay(ctx, ReplayRequest{Paths: []string{dir}}))
	})
}

// BenchmarkCommandPrune is prune --json (a dry run).
func BenchmarkCommandPrune(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Prune(ctx, PruneRequest{Path: dir}))
	})
}

// BenchmarkCommandDoctor is doctor --json.
func BenchmarkCommandDoctor(b *testing.B) {
	benchCommand(b, func(ctx context.Context, dir string) error {
		return writeJSON(Doctor(ctx, DoctorRequest{Path: dir}))
	})
}
