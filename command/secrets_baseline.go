package command

import (
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// WriteBaseline accepts every finding of the report: it writes them to
// the baseline file, scoped to the scanned PATH when it lies below the
// root (then the file's entries outside that scope are kept). It returns
// the baseline written and its scope, relative to the root ("" for the
// whole project).
func (r *secretsScan) WriteBaseline(file string) (*secrets.Baseline, string, error) {
	scope := ""
	if r.layout != nil {
		if rel, err := filepath.Rel(r.Root, r.layout.Path); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			scope = filepath.ToSlash(rel)
		}
	}
	b := secrets.NewBaseline(r.Findings, scope)
	if old, err := secrets.ReadBaseline(file); err == nil && scope != "" {
		for _, x := range old.Findings {
			if x.Path == "" || !strings.HasPrefix(x.Path+"/", scope+"/") {
				b.Findings = append(b.Findings, x)
			}
		}
	}
	if err := secrets.WriteBaseline(file, b); err != nil {
		return nil, "", err
	}
	return b, scope, nil
}
