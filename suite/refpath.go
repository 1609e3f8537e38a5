package suite

import (
	"os"
	"path/filepath"
	"strings"
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
	// also is a second place the $refs may read, tried when the first
	// says a target is outside it: for a suite file named outside the
	// project root, the project root.
	also *refScope
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

// outsideScope confines the $refs of a suite file named outside the
// project root to what is beside it ([suiteScope]) and to the project.
func outsideScope(file string, project *refScope) *refScope {
	s := suiteScope(file)
	s.also = project
	return s
}

// resolve resolves name (relative to dir, a directory as [confine.Root.Dir]
// spells it for the scope's root) in the scope: in its root, else, when
// that says outside, in the second place it may read.
func (s *refScope) resolve(dir, name string) confine.Result {
	root, _ := s.get()
	r := root.Resolve(dir, name)
	if r.Fate == confine.Outside && s.also != nil {
		also, _ := s.also.get()
		if r2 := also.Resolve(dir, name); r2.Fate == confine.Found || r2.Fate == confine.Missing {
			return r2
		}
	}
	return r
}

// rootOfProject names the root of a project in a refusal's hint.
const rootOfProject = "the directory of " + ConfigFileName

// refusal is the message and the hint of a $ref resolved outside the
// places it may read; rootName says what the root is.
func refusal(r confine.Result, ref, rootName string) (msg, hint string) {
	msg = refusalOf("$ref target "+jsonv.PyRepr(ref), r)
	hint = "dryfire-tui reads a $ref only inside the project root (" + rootName +
		") and never under /proc, /sys or /dev, where dryfire reads any path; move the file into the project"
	return msg, hint
}

// refusalOf says why what (a $ref target, a suite file) resolved as r is
// not read.
func refusalOf(what string, r confine.Result) string {
	switch {
	case r.Fate == confine.InSystem && r.Linked:
		return what + " leads into " + r.System + " through a symbolic link: not read"
	case r.Fate == confine.InSystem:
		return what + " is in " + r.System + ": not read"
	case r.Linked:
		return what + " leads outside the project root through a symbolic link: not read"
	default:
		return what + " is outside the project root: not read"
	}
}

// A suite file comes with a pull request too, and so may a symbolic link
// in the place of one (evals/x.eval.yaml -> /proc/self/environ): dryfire
// reads through it, and its parse errors then quote the lines of what it
// leads to. A suite file is read only when the links on the way to it stay
// inside the root its $refs are confined to, and never under /proc, /sys
// or /dev. One named outside the root (an absolute path, or ../ on the
// command line) is read as named, unless it is itself a link or lies in
// one of those directories.

// refuseSuiteFile returns the spec error of a suite file that is not to
// be read (display is how errors name it), or nil.
func (s *refScope) refuseSuiteFile(file, display string) *SpecError {
	root, rootName := s.get()
	r := root.Resolve(root.Path(), file)
	if r.Fate == confine.Outside && !r.Linked {
		r = outsideFile(file)
	}
	if r.Fate != confine.Outside && r.Fate != confine.InSystem {
		// Found is read; Missing is the read's to report.
		return nil
	}
	return &SpecError{File: display, Message: refusalOf("suite file "+jsonv.PyRepr(display), r),
		Hint: "dryfire-tui reads a suite file through a symbolic link only inside the project root (" + rootName +
			") and never one under /proc, /sys or /dev, where dryfire reads any path; put the file itself there"}
}

// outsideFile judges a suite file named outside the root: found (to be
// read) unless it is a symbolic link, or lies, links followed, under one
// of confine.System.
func outsideFile(file string) confine.Result {
	resolved := confine.RealPath(file)
	linked := false
	if fi, err := os.Lstat(file); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		linked = true
	}
	for _, d := range confine.System {
		if resolved == d || strings.HasPrefix(resolved, d+string(filepath.Separator)) {
			return confine.Result{Fate: confine.InSystem, System: d, Linked: linked || resolved != filepath.Clean(file)}
		}
	}
	if linked {
		return confine.Result{Fate: confine.Outside, Linked: true}
	}
	return confine.Result{Fate: confine.Found, Path: file}
}
