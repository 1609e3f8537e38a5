package scan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/scan/probe"
)

// goTapeDir is where package tape keeps a Go package's tapes, relative to
// the package's directory (tape.DefaultDir): testdata, which the go tool
// leaves out of every build.
var goTapeDir = filepath.Join("testdata", "tapes")

// goTapeBudget bounds how many directories of a Go module are looked into
// for testdata/tapes: a module larger than this is searched in part, and
// the layout says so.
const goTapeBudget = probe.Budget

// goTapeDirs are the testdata/tapes directories of the Go packages at and
// below root, when root lies in a Go module (a go.mod at root or above
// it): the directories that package tape's OpenTest writes to, found as
// the go tool finds packages (directories whose names start with . or _,
// testdata itself, vendor and node_modules are not packages). Outside a
// module there are none. The error says the search stopped at its budget.
func goTapeDirs(root string) ([]string, error) { return goTapeDirsWithin(root, goTapeBudget) }

// goTapeDirsWithin is goTapeDirs looking into at most budget directories.
func goTapeDirsWithin(root string, budget int) ([]string, error) {
	if !inGoModule(root) {
		return nil, nil
	}
	var dirs []string
	queue, most := []string{root}, budget
	for len(queue) > 0 {
		if budget == 0 {
			return dirs, fmt.Errorf("%s: looked for %s in the first %d directories of the Go module only: pass a package's directory to see the others",
				root, filepath.ToSlash(goTapeDir), most)
		}
		budget--
		dir := queue[0]
		queue = queue[1:]
		if probe.IsDir(filepath.Join(dir, goTapeDir)) {
			dirs = append(dirs, filepath.Join(dir, goTapeDir))
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue // a directory that cannot be read holds no package
		}
		for _, e := range entries {
			if e.IsDir() && isGoPackageDir(e.Name()) {
				queue = append(queue, filepath.Join(dir, e.Name()))
			}
		}
	}
	return dirs, nil
}

// isGoPackageDir reports whether the go tool looks for packages in a
// directory of this name.
func isGoPackageDir(name string) bool {
	return !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") &&
		name != "testdata" && name != "vendor" && name != "node_modules"
}

// inGoModule reports whether dir or a directory above it holds a go.mod.
func inGoModule(dir string) bool {
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

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
