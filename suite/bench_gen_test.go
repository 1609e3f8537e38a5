package suite_test

import (
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tools/gen"
)

// BenchmarkLoadGenerated loads the suites of a generated project of 5,000
// recordings (about 130 suites, 0.5 MB of YAML in the generator's style:
// flow collections, quoted strings, many cases), which weighs the YAML
// layer as a large project does. The project is generated once, before
// timing:
//
//	go test -run '^$' -bench LoadGenerated -benchmem ./suite
func BenchmarkLoadGenerated(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "project")
	cfg := gen.Default(5000, 1)
	cfg.Tapes = -1
	if _, err := gen.Generate(dir, cfg); err != nil {
		b.Fatal(err)
	}
	noEnv := func(string) (string, bool) { return "", false }
	b.ReportAllocs()
	for b.Loop() {
		p, err := suite.LoadProject(dir, noEnv)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Suites) == 0 {
			b.Fatal("no suites")
		}
	}
}
