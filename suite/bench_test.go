package suite

import (
	"os"
	"path/filepath"
	"testing"
)

// The suite loader is on the path of every command (ls, replay, check,
// prune all load the project). These benchmarks time it on the golden
// project made by the real dryfire:
//
//	go test -run '^$' -bench . -benchmem ./suite

func goldenSuites(b *testing.B) [][]byte {
	b.Helper()
	files, err := filepath.Glob(filepath.Join(dryfireGolden, "project-A", "evals", "*", "*.eval.yaml"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no golden suites: %v", err)
	}
	top, _ := filepath.Glob(filepath.Join(dryfireGolden, "project-A", "evals", "*.eval.yaml"))
	files = append(files, top...)
	out := make([][]byte, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// BenchmarkParseYAML parses every suite of the golden project (the YAML
// layer alone: scanner, parser, composer, constructor).
func BenchmarkParseYAML(b *testing.B) {
	docs := goldenSuites(b)
	size := 0
	for _, d := range docs {
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			if _, err := ParseYAML(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLoadProject loads the golden project: dryfire.yaml, every
// suite, $refs, validation.
func BenchmarkLoadProject(b *testing.B) {
	dir := filepath.Join(dryfireGolden, "project-A")
	noEnv := func(string) (string, bool) { return "", false }
	b.ReportAllocs()
	for b.Loop() {
		p, err := LoadProject(dir, noEnv)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Suites) == 0 {
			b.Fatal("no suites")
		}
	}
}
