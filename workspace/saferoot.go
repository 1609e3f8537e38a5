package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrUnsafeRoot is matched (errors.Is) by the error of a command that would
// remove or rewrite files under a cassette root that is not safe to change.
var ErrUnsafeRoot = errors.New("cassette root is not safe to change")

// UnsafeRootError says why the cassette root is not safe to change.
type UnsafeRootError struct {
	// Root is the cassette root as configured (cassettes.dir, absolute).
	Root string
	// Reason is what is wrong with it, for a person.
	Reason string
}

func (e *UnsafeRootError) Error() string {
	return fmt.Sprintf("cassette root %s %s: refusing to remove or rewrite files there", e.Root, e.Reason)
}

// Is makes errors.Is(err, ErrUnsafeRoot) true.
func (e *UnsafeRootError) Is(target error) bool { return target == ErrUnsafeRoot }

// CheckModifiable reports whether files under the cassette root may be
// removed or rewritten (prune, doctor --fix, secrets --redact). The root
// must be a directory inside the project, other than the project root,
// that contains neither the project root nor a git repository (.git): a
// cassettes.dir of ".", "..", or an absolute path elsewhere would make
// prune remove a suite's $ref schemas as orphans, empty directories of
// .git, or files outside the project. Links are followed for the second
// test: a root that is a link to an ancestor of the project is refused.
// Without a project (a bare cassette directory), only the .git rule
// applies. A layout of one file has nothing to check.
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
		case !Within(root, l.Root):
			return fail("is outside the project " + l.Root)
		}
		realRoot, err1 := filepath.EvalSymlinks(root)
		realProject, err2 := filepath.EvalSymlinks(l.Root)
		if err1 == nil && err2 == nil && Within(realProject, realRoot) {
			return fail("is a link to " + realRoot + ", which contains the project root")
		}
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return fail("holds a git repository (.git)")
	}
	return nil
}
