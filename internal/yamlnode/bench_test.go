package yamlnode

import (
	"os"
	"path/filepath"
	"testing"
)

// The YAML layer is on the path of every command that loads a project.
// This benchmark times it on the golden project made by the real dryfire:
//
//	go test -run '^$' -bench . -benchmem ./internal/yamlnode

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

// BenchmarkParse parses every suite of the golden project (the YAML
// layer alone: scanner, parser, composer, constructor).
func BenchmarkParse(b *testing.B) {
	docs := goldenSuites(b)
	size := 0
	for _, d := range docs {
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			if _, err := Parse(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}
