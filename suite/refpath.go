package suite

import (
	"path/filepath"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/confine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// A $ref names a file to read into the suite, and a suite comes with a
// pull request: dryfire reads whatever path it names, the process's
// environment in /proc/self/environ or a credentials file, and its
// errors then quote that file's lines. Here a $ref is confined (by
// internal/confine) to the project root: the directory of dryfire.yaml;
// for a suite loaded without a project, the one of the dryfire.yaml above
// it or else the suite's own directory. It reaches no file under /proc,
// /sys or /dev either, whatever symbolic links lead there.

// refScope is where the $refs of the suites of one load may read: the
// root, found once, when the first $ref needs it, and what it is (for
// the hint of a refusal).
type refScope struct {
	once sync.Once
	find func() (path, name string)
	root *confine.Root
	name string
}

func (s *refScope) get() (*confine.Root, string) {
	s.once.Do(func() {
		path, name := s.find()
		s.root, s.name = confine.New(path), name
	})
	return s.root, s.name
}

// projectScope confines $refs to the project root at path.
func projectScope(path string) *refScope {
	return &refScope{find: func() (string, string) { return path, rootOfProject }}
}

// suiteScope confines the $refs of a suite loaded without a project to
// the directory of the dryfire.yaml above it, else to its own directory.
func suiteScope(file string) *refScope {
	return &refScope{find: func() (string, string) {
		if cfg, err := FindProject(file); err == nil {
			return filepath.Dir(cfg), rootOfProject
		}
		return filepath.Dir(file), "the suite's directory, there being no " + ConfigFileName
	}}
}

// rootOfProject names the root of a project in a refusal's hint.
const rootOfProject = "the directory of " + ConfigFileName

// refusal is the message and the hint of a $ref resolved outside the
// places it may read; rootName says what the root is.
func refusal(r confine.Result, ref, rootName string) (msg, hint string) {
	what := "$ref target " + jsonv.PyRepr(ref)
	switch {
	case r.Fate == confine.InSystem && r.Linked:
		msg = what + " leads into " + r.System + " through a symbolic link: not read"
	case r.Fate == confine.InSystem:
		msg = what + " is in " + r.System + ": not read"
	case r.Linked:
		msg = what + " leads outside the project root through a symbolic link: not read"
	default:
		msg = what + " is outside the project root: not read"
	}
	hint = "dryfire-tui reads a $ref only inside the project root (" + rootName +
		") and never under /proc, /sys or /dev, where dryfire reads any path; move the file into the project"
	return msg, hint
}
