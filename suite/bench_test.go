package suite

import (
	"path/filepath"
	"testing"
)

// The suite loader is on the path of every command (ls, replay, check,
// prune all load the project). This benchmark times it on the golden
// project made by the real dryfire (the YAML layer alone is timed in
// internal/yamlnode):
//
//	go test -run '^$' -bench . -benchmem ./suite

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

// dryfireGolden is the dryfire golden data shared by the repository's tests.
var dryfireGolden = filepath.Join("..", "testdata", "golden", "dryfire")
