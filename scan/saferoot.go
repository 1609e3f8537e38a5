package scan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
)

// ErrUnsafeRoot is matched (errors.Is) by the error of a command that would
// remove or rewrite files under a cassette root that is not safe to change.
var ErrUnsafeRoot = errors.New("cassette root is not safe to change")

// UnsafeRootError says why the cassette root (or a directory) is not safe
// to change.
type UnsafeRootError struct {
	// Root is the cassette root as configured (cassettes.dir, absolute),
	// or, with Dir set, the directory of another file (a tape).
	Root string
	Dir  bool
	// Reason is what is wrong with it, for a person.
	Reason string
	// Outside is set when it lies outside the project (an absolute path,
	// a link): the one refusal [AllowOutsideProject] lifts.
	Outside bool
}

func (e *UnsafeRootError) Error() string {
	what := "cassette root"
	if e.Dir {
		what = "directory"
	}
	return fmt.Sprintf("%s %s %s: refusing to remove or rewrite files there", what, e.Root, e.Reason)
}

// Is makes errors.Is(err, ErrUnsafeRoot) true.
func (e *UnsafeRootError) Is(target error) bool { return target == ErrUnsafeRoot }

// AllowOutsideFlag is the command-line flag that lifts the refusal of a
// cassette root outside the project ([AllowOutsideProject]).
const AllowOutsideFlag = "--allow-outside-project"

var allowOutside atomic.Bool

// AllowOutsideProject lets every later check of the process accept a
// cassette root (or a file) outside the project, or not (the default).
// The command line sets it from [AllowOutsideFlag]: a person asks for it,
// never a file of the project, which a pull request may change.
func AllowOutsideProject(allow bool) { allowOutside.Store(allow) }

// CheckModifiable reports whether files under the cassette root may be
// removed or rewritten (prune, doctor --fix, secrets --redact, and the
// browser's prune and fixes, which are those): each asks here before it
// acts on a file of the root. The root must be a directory inside the
// project, other than the project root, that contains neither the project
// root nor a git repository (.git): a cassettes.dir of ".", "..", or an
// absolute path elsewhere would make prune remove a suite's $ref schemas
// as orphans, empty directories of .git, or files outside the project.
// Links are then followed: a root that is (or lies under) a link to an
// ancestor of the project is refused, and so is one whose real path is
// outside the project's (a committed .dryfire/cassettes linked to another
// directory), unless [AllowOutsideProject] says so: reading through it is
// what dryfire does, changing the files there is not this project's to
// do. Without a project (a bare cassette directory), a root found under
// PATH (PATH/.dryfire/cassettes) must resolve inside PATH, and the .git
// rule applies. A layout of one file has nothing to check.
func (l *Layout) CheckModifiable() error {
	root := l.CassetteRoot
	if root == "" || l.IsFile {
		return nil
	}
	fail := func(reason string) error { return &UnsafeRootError{Root: root, Reason: reason} }
	if l.Project != nil {
		switch {
		case root == l.Root:
			return fail("is the project root")
		case Within(l.Root, root):
			return fail("contains the project root")
		case !Within(root, l.Root) && !allowOutside.Load():
			return &UnsafeRootError{Root: root, Reason: "is outside the project " + l.Root, Outside: true}
		}
	}
	if realRoot, realProject, ok := l.realPaths(root); ok && root != l.Root {
		switch {
		case Within(realProject, realRoot):
			return fail("is a link to " + realRoot + ", which contains " + l.what() + " root")
		case !Within(realRoot, realProject) && !allowOutside.Load():
			return l.linkedOut(root, realRoot, false)
		}
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return fail("holds a git repository (.git)")
	}
	return nil
}

// CheckChangeable reports whether the file at path may be removed or
// rewritten: one under the cassette root while the root is safe to change
// ([Layout.CheckModifiable]), any file while its directory, links
// resolved, lies inside the project (PATH without one), unless
// [AllowOutsideProject]. secrets --redact asks it for each file, tapes
// included (a .tapes directory may be a link too); the walk never follows
// a link below the cassette root, so its files need the root's check only.
func (l *Layout) CheckChangeable(path string) error {
	if l.CassetteRoot != "" && Within(path, l.CassetteRoot) {
		if err := l.CheckModifiable(); err != nil {
			return err
		}
	}
	dir := filepath.Dir(path)
	if realDir, realRoot, ok := l.realPaths(dir); ok && !Within(realDir, realRoot) && !allowOutside.Load() {
		return l.linkedOut(dir, realDir, true)
	}
	return nil
}

// realPaths resolves the links on the way to dir and to the layout's
// root; ok is false when either is not there (nothing there to change).
func (l *Layout) realPaths(dir string) (realDir, realRoot string, ok bool) {
	realDir, err1 := filepath.EvalSymlinks(dir)
	realRoot, err2 := filepath.EvalSymlinks(l.Root)
	return realDir, realRoot, err1 == nil && err2 == nil
}

// linkedOut refuses dir (the cassette root, or another directory when
// other), which resolves to realDir, outside the layout's root.
func (l *Layout) linkedOut(dir, realDir string, other bool) error {
	return &UnsafeRootError{Root: dir, Dir: other, Outside: true,
		Reason: "is a link to " + realDir + ", outside " + l.what() + " " + l.Root + " (dryfire reads through it, but the files there are not this project's to change)"}
}

// what names the layout's root in a refusal.
func (l *Layout) what() string {
	if l.Project == nil {
		return "the directory"
	}
	return "the project"
}
