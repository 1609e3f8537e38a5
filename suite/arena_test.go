package suite

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestLoadedSuitesKeepNoNodes: a suite's YAML Nodes are handed back once
// it is loaded and reused for the next files, so nothing loaded may point
// into them. Each golden project is loaded, then all of them again a few
// times (which reuses and overwrites the Nodes), and what was loaded
// first must be unchanged.
func TestLoadedSuitesKeepNoNodes(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(dryfireGolden, "project-*"))
	if err != nil || len(dirs) < 3 {
		t.Fatalf("golden projects: %v (%d)", err, len(dirs))
	}
	noEnv := func(string) (string, bool) { return "", false }
	load := func(dir string) *Project {
		p, err := LoadProject(dir, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	dump := func(p *Project) string {
		var out []byte
		for _, s := range p.Suites {
			flat := *s
			flat.Cases = nil
			var cases []Case
			for _, c := range s.Cases {
				cc := *c
				cc.Suite = nil // the way back to the suite
				cases = append(cases, cc)
			}
			data, err := json.Marshal([]any{flat, cases})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, data...)
		}
		return string(out)
	}
	var first []*Project
	var want []string
	for _, d := range dirs {
		p := load(d)
		first, want = append(first, p), append(want, dump(p))
	}
	for range 3 {
		for _, d := range dirs {
			load(d)
		}
	}
	for i, p := range first {
		if got := dump(p); got != want[i] {
			t.Errorf("%s: the suites loaded first changed when later ones were loaded", dirs[i])
		}
	}
}
