package workspace

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

// UnsafeRootError says why the cassette root (or another directory) is
// not safe to change.
type UnsafeRootError struct {
	// Root is the cassette root as configured (cassettes.dir, absolute),
	// or the directory of a file outside it.
	Root string
	// Dir is set when Root is such another directory (of a tape, say).
	Dir bool
	// Reason is what is wrong with it, for a person.
	Reason string
	// Outside is set when the root lies outside the project (an absolute
	// cassettes.dir elsewhere, or a symbolic link that leads there): the
	// one refusal [AllowOutsideProject] lifts.
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

// AllowOutsideProject lets every later [Layout.CheckModifiable] of the
// process accept a cassette root that lies outside the project, or stops
// it (allow false, the default). The command line sets it, per command,
// from [AllowOutsideFlag]: a person asked for it; a file of the project,
// which a pull request may change, never can.
func AllowOutsideProject(allow bool) { allowOutside.Store(allow) }

// CheckModifiable reports whether files under the cassette root may be
// removed or rewritten (prune, doctor --fix, secrets --redact, and the
// browser's prune and fixes, which are those). Every one of them asks
// here before it acts on a file of the root. The root must be a directory
// inside the project, other than the project root, that contains neither
// the project root nor a git repository (.git): a cassettes.dir of ".",
// "..", or an absolute path elsewhere would make prune remove a suite's
// $ref schemas as orphans, empty directories of .git, or files outside the
// project. Links are followed for the last tests: a root that is (or lies
// under) a link to an ancestor of the project is refused, and so is one
// whose real path is outside the project's, as a committed
// .dryfire/cassettes that links to another directory is: reading through
// it is what dryfire does, changing the files there is not this project's
// to do, unless [AllowOutsideProject] says so. Without a project (a bare
// cassette directory), a root found under PATH (PATH/.dryfire/cassettes)
// must resolve inside PATH, and the .git rule applies. A layout of one
// file has nothing to check.
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
	if root != l.Root {
		if err := l.checkRealRoot(root); err != nil {
			return err
		}
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return fail("holds a git repository (.git)")
	}
	return nil
}

// checkRealRoot refuses a cassette root whose real path (every link on
// the way resolved) contains the real project root (or PATH's), or lies
// outside it.
func (l *Layout) checkRealRoot(root string) error {
	realRoot, err1 := filepath.EvalSymlinks(root)
	realProject, err2 := filepath.EvalSymlinks(l.Root)
	if err1 != nil || err2 != nil {
		return nil // nothing there to change
	}
	what := "the project"
	if l.Project == nil {
		what = "the directory"
	}
	switch {
	case Within(realProject, realRoot):
		return &UnsafeRootError{Root: root, Reason: "is a link to " + realRoot + ", which contains " + what + " root"}
	case !Within(realRoot, realProject) && !allowOutside.Load():
		return &UnsafeRootError{Root: root, Outside: true,
			Reason: "is a link to " + realRoot + ", outside " + what + " " + l.Root + " (dryfire reads through it, but the files there are not this project's to change)"}
	}
	return nil
}

// CheckChangeable reports whether the file at path may be removed or
// rewritten: one under the cassette root only while the root is safe to
// change ([Layout.CheckModifiable]), and any file only while its
// directory, every link on the way resolved, lies inside the project
// (PATH without one), unless [AllowOutsideProject] says otherwise. It is
// for the commands that change files beyond the cassette root's (secrets
// --redact rewrites tapes, and a .tapes directory may be a link too); the
// cassette root's own files need only the root's check, as the walk that
// finds them never follows a link below the root.
func (l *Layout) CheckChangeable(path string) error {
	if l.CassetteRoot != "" && Within(path, l.CassetteRoot) {
		if err := l.CheckModifiable(); err != nil {
			return err
		}
	}
	if allowOutside.Load() {
		return nil
	}
	dir := filepath.Dir(path)
	realDir, err1 := filepath.EvalSymlinks(dir)
	realRoot, err2 := filepath.EvalSymlinks(l.Root)
	if err1 != nil || err2 != nil || Within(realDir, realRoot) {
		return nil
	}
	what := "the project"
	if l.Project == nil {
		what = "the directory"
	}
	return &UnsafeRootError{Root: dir, Dir: true, Outside: true,
		Reason: "is a link to " + realDir + ", outside " + what + " " + l.Root + " (dryfire reads through it, but the files there are not this project's to change)"}
}
