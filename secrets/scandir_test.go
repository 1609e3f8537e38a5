package secrets

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// dirScan is what scanDir found: the findings of every recording under a
// directory, with paths relative to it.
type dirScan struct {
	Root     string
	Findings []Finding
	Problems []error
}

// scanDir scans every recording under dir with the analyzer, as the
// workspace's walk hands them to it; the tests of this package use it to
// find the files of a corpus.
func scanDir(t *testing.T, dir string) *dirScan {
	t.Helper()
	r := &dirScan{Root: dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch format.Detect(data) { //nolint:exhaustive // the other cases need nothing here
		case format.Tape:
			tp, err := tape.Decode(data)
			if err != nil {
				r.Problems = append(r.Problems, err)
				return nil
			}
			r.Findings = append(r.Findings, ScanTape(rel, tp)...)
		case format.Dryfire:
			c, err := cassette.Decode(data)
			if err != nil {
				r.Problems = append(r.Problems, err)
				return nil
			}
			r.Findings = append(r.Findings, ScanCassette(rel, c)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
