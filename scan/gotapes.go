package scan

import (
	"errors"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/scan/probe"
)

// goModuleProbe refuses a Go module directory outside any project whose
// packages keep tapes when dryfire projects lie below it (a repository
// that ships a project, as this tool's own does): the project was
// probably meant, and the refusal names it and the tapes. A module with no
// project below is its tapes' directory.
func goModuleProbe(arg, dir string, tapes []string) error {
	var nr *NoRecordingsError
	if err := probe.Dir(arg, dir); !errors.As(err, &nr) || len(nr.Projects) == 0 {
		return nil
	}
	for _, t := range tapes {
		if r, err := filepath.Rel(dir, t); err == nil {
			nr.GoTapes = append(nr.GoTapes, filepath.ToSlash(filepath.Join(arg, r)))
		}
	}
	return nr
}
