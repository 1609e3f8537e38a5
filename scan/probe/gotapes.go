package probe

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// goTapeDir is where package tape keeps a Go package's tapes, relative to
// the package's directory (tape.DefaultDir): testdata, which the go tool
// leaves out of every build.
var goTapeDir = filepath.Join("testdata", "tapes")

// GoTapeDirs are the testdata/tapes directories of the Go packages at and
// below root, when root lies in a Go module (a go.mod at root or above
// it): the directories that package tape's OpenTest writes to, found as
// the go tool finds packages (directories whose names start with . or _,
// testdata itself, vendor and node_modules are not packages). Outside a
// module there are none. At most [Budget] directories are looked into: the
// error says the search of a larger module stopped there.
func GoTapeDirs(root string) ([]string, error) { return GoTapeDirsWithin(root, Budget) }

// GoTapeDirsWithin is [GoTapeDirs] looking into at most budget directories.
func GoTapeDirsWithin(root string, budget int) ([]string, error) {
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
		if IsDir(filepath.Join(dir, goTapeDir)) {
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
