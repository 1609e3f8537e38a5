//go:build unix

package secrets

// The per-file stages of check over a generated project's cassettes, read
// into memory once, each an operation over every file:
//
//	go test ./secrets -run '^$' -bench 'CheckStages' -cpu 1
//
// DRYFIRE_BENCH_PROJECT names a project generated beforehand (go run
// ./tools/gen/cmd/gen -out DIR -recordings N -seed 1), else one of
// DRYFIRE_BENCH_RECORDINGS recordings (2,000 by default) is generated.
// Each reports CPU microseconds a file beside wall clock: on a shared
// machine the first moves less.

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonbytes"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	projectgen "github.com/dryfire-tui/dryfire-tui/tools/gen"
)

var stageFiles = sync.OnceValues(func() ([][]byte, error) {
	dir, err := projectgen.BenchProject("dryfire-secrets-bench-")
	if err != nil {
		return nil, err
	}
	var docs [][]byte
	err = filepath.WalkDir(filepath.Join(dir, ".dryfire", "cassettes"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		data, err := os.ReadFile(p)
		docs = append(docs, data)
		return err
	})
	return docs, err
})

// BenchmarkCheckStages times each stage check runs on a file beyond
// ls's summary decode, and that decode for reference; and the decode of
// a store load that scans for secrets and nothing else, which leaves out
// what recurs in the digests (a new Repeats each pass over the files, as
// each load has).
func BenchmarkCheckStages(b *testing.B) {
	docs, err := stageFiles()
	if err != nil {
		b.Fatal(err)
	}
	var buf []byte
	stages := []struct {
		name string
		run  func(data []byte, r *Repeats)
	}{
		{"SummaryDecode", func(d []byte, _ *Repeats) { _ = jsonv.DecodeSummaryFunc(d, true, func(jsonv.Value) {}) }},
		{"FullDecode", func(d []byte, _ *Repeats) { _ = jsonv.DecodeFunc(d, true, func(jsonv.Value) {}) }},
		{"FormatCheck", func(d []byte, _ *Repeats) {
			_, buf, _ = jsonbytes.IsDryfireEncodingCompact(d, "request_digest", buf[:0])
		}},
		{"FullDecodeAndScan", func(d []byte, _ *Repeats) {
			_ = jsonv.DecodeFunc(d, true, func(body jsonv.Value) { ScanCassette("c.json", &cassette.Cassette{Body: body}) })
		}},
		{"RepeatsDecode", func(d []byte, r *Repeats) { _ = jsonv.DecodeFuncRepeats(d, r, func(jsonv.Value) {}) }},
		{"RepeatsDecodeAndScan", func(d []byte, r *Repeats) {
			_ = jsonv.DecodeFuncRepeats(d, r, func(body jsonv.Value) { ScanCassette("c.json", &cassette.Cassette{Body: body}) })
		}},
	}
	for _, st := range stages {
		b.Run(st.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Used()
			repeats := strings.HasPrefix(st.name, "Repeats")
			for b.Loop() {
				var r *Repeats
				if repeats {
					r = NewRepeats() // each load has its own
				}
				for _, d := range docs {
					st.run(d, r)
				}
			}
			b.ReportMetric((cputime.Used()-start).Seconds()*1e6/float64(b.N*len(docs)), "cpu-µs/file")
		})
	}
}
