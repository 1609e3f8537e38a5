package command

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/scan"
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
	// a link): the one refusal a request's AllowOutside lifts.
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
// cassette root outside the project (the AllowOutside of a request): a
// person asks for it, never a file of the project, which a pull request
// may change.
const AllowOutsideFlag = "--allow-outside-project"

// Hint says what to do: the flag, for a root outside the project, else
// where cassettes.dir should lead.
func (e *UnsafeRootError) Hint() string {
	if e.Outside {
		instead := "set cassettes.dir in dryfire.yaml to a directory of the project"
		if e.Dir {
			instead = "make " + e.Root + " a directory of the project, not a link"
		}
		return "pass " + AllowOutsideFlag + " if you mean to change the files there, or " + instead
	}
	return "set cassettes.dir in dryfire.yaml to a directory inside the project that holds only recordings (dryfire's default is .dryfire/cassettes)"
}

// checkModifiable reports whether files under the cassette root of l may be
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
// directory), unless allowOutside says so: reading through it is
// what dryfire does, changing the files there is not this project's to
// do. Without a project (a bare cassette directory), a root found under
// PATH (PATH/.dryfire/cassettes) must resolve inside PATH, and the .git
// rule applies. A layout of one file has nothing to check.
func checkModifiable(l *scan.Layout, allowOutside bool) error {
	root := l.CassetteRoot
	if root == "" || l.IsFile {
		return nil
	}
	fail := func(reason string) error { return &UnsafeRootError{Root: root, Reason: reason} }
	if l.Project != nil {
		switch {
		case root == l.Root:
			return fail("is the project root")
		case scan.Within(l.Root, root):
			return fail("contains the project root")
		case !scan.Within(root, l.Root) && !allowOutside:
			return &UnsafeRootError{Root: root, Reason: "is outside the project " + l.Root, Outside: true}
		}
	}
	if realRoot, realProject, ok := realPaths(l, root); ok && root != l.Root {
		switch {
		case scan.Within(realProject, realRoot):
			return fail("is a link to " + realRoot + ", which contains " + what(l) + " root")
		case !scan.Within(realRoot, realProject) && !allowOutside:
			return linkedOut(l, root, realRoot, false)
		}
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return fail("holds a git repository (.git)")
	}
	return nil
}

// checkChangeable reports whether the file at path may be removed or
// rewritten: one under the cassette root while the root is safe to change
// (checkModifiable), any file while its directory, links resolved, lies
// inside the project (PATH without one), unless allowOutside. secrets --redact asks it for each file, tapes
// included (a .tapes directory may be a link too); the walk never follows
// a link below the cassette root, so its files need the root's check only.
func checkChangeable(l *scan.Layout, path string, allowOutside bool) error {
	if l.CassetteRoot != "" && scan.Within(path, l.CassetteRoot) {
		if err := checkModifiable(l, allowOutside); err != nil {
			return err
		}
	}
	dir := filepath.Dir(path)
	if realDir, realRoot, ok := realPaths(l, dir); ok && !scan.Within(realDir, realRoot) && !allowOutside {
		return linkedOut(l, dir, realDir, true)
	}
	return nil
}

// realPaths resolves the links on the way to dir and to the layout's
// root; ok is false when either is not there (nothing there to change).
func realPaths(l *scan.Layout, dir string) (realDir, realRoot string, ok bool) {
	realDir, err1 := filepath.EvalSymlinks(dir)
	realRoot, err2 := filepath.EvalSymlinks(l.Root)
	return realDir, realRoot, err1 == nil && err2 == nil
}

// linkedOut refuses dir (the cassette root, or another directory when
// other), which resolves to realDir, outside the layout's root.
func linkedOut(l *scan.Layout, dir, realDir string, other bool) error {
	return &UnsafeRootError{Root: dir, Dir: other, Outside: true,
		Reason: "is a link to " + realDir + ", outside " + what(l) + " " + l.Root + " (dryfire reads through it, but the files there are not this project's to change)"}
}

// what names the layout's root in a refusal.
func what(l *scan.Layout) string {
	if l.Project == nil {
		return "the directory"
	}
	return "the project"
}
