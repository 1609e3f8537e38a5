package scan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// walkJSON yields the *.json files below root, in lexical order, as
// dryfire's rglob finds them: a root that is a symbolic link to a
// directory is followed (pathlib opens the root it is given), symbolic
// links to directories below it are not (rglob does not follow them) and
// each is reported; directories that cannot be read are reported and
// skipped. A root that does not exist yields nothing. Whatever the walk
// yields may still be a named pipe or a device: the reader refuses those
// (safefile.ReadInto), so that each is reported as the file it is.
//
// The hooks are told what else the walk meets (see [walkHooks]).
//
// With each path it yields whether the listing saw a regular file there
// (not a link): such a file is read with one lookup of its path
// (safefile.ReadListedInto).
//
// It is the one walk of the tool: the cassette store, the tapes, the
// secrets scan and doctor all read what it yields.
func walkJSON(ctx context.Context, root string, h walkHooks) iter.Seq2[string, bool] {
	report, onTemp, tree, skip := h.report, h.onTemp, h.tree, h.skip
	return func(yield func(string, bool) bool) {
		start := followedRoot(root)
		err := filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if err != nil {
				if p == start && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipAll
				}
				report(err)
				tree.hold(p, start)
				return nil
			}
			if d.IsDir() {
				if p == start {
					return nil
				}
				if slices.Contains(skip, p) {
					tree.hold(p, start)
					return fs.SkipDir
				}
				tree.dir(p, d.Name())
				if h.onDir != nil {
					h.onDir(p)
				}
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					report(fmt.Errorf("%s: symbolic link to a directory, not followed (dryfire does not follow it either)", p))
					tree.hold(p, start)
					return nil
				}
			}
			if !strings.HasSuffix(d.Name(), ".json") {
				if _, ok := safefile.IsTempName(d.Name()); ok && onTemp != nil && d.Type().IsRegular() {
					onTemp(p)
				}
				tree.hold(p, start)
				return nil
			}
			if !yield(p, d.Type().IsRegular()) {
				return fs.SkipAll
			}
			return nil
		})
		if err != nil && !errors.Is(err, fs.SkipAll) && ctx.Err() == nil {
			report(err)
		}
	}
}

// walkHooks are what a walk tells besides the files it yields.
type walkHooks struct {
	// report receives the directories that could not be read and the
	// symbolic links to directories not followed.
	report func(error)
	// onTemp, when not nil, receives the temporary files of atomic writes
	// that were never renamed (a write killed half-way;
	// safefile.IsTempName).
	onTemp func(string)
	// onDir, when not nil, receives every directory entered below the root
	// (the secrets scan reads their names).
	onDir func(string)
	// tree, when not nil, learns the directories the walk saw and which of
	// them hold something it did not yield, so that prune can tell which
	// directories its removals leave empty without walking the tree again.
	tree *dirTree
	// skip are directories not entered (the tape directories inside a
	// cassette root, which the tapes' walk reads).
	skip []string
}

// followedRoot returns the path to walk for root: root itself, or, when
// root is a symbolic link to a directory, root with a trailing separator,
// which the walk opens through the link (the paths it yields still start
// with root).
func followedRoot(root string) string {
	fi, err := os.Lstat(root)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return root
	}
	if st, err := os.Stat(root); err == nil && st.IsDir() {
		return root + string(filepath.Separator)
	}
	return root
}

// dirTree is what a walk saw of the directories below its root: every
// directory it entered, in walk order, and those that directly hold an
// entry the walk did not yield (a file not named *.json, a link, a
// directory it skipped or could not read). A nil *dirTree records nothing.
type dirTree struct {
	dirs  []string
	held  map[string]bool
	inGit []string // the .git directories seen, with a trailing separator
}

// dir records a directory the walk entered. A .git directory holds its
// parent, and nothing inside it is recorded: prune never removes it.
func (t *dirTree) dir(p, name string) {
	switch {
	case t == nil:
	case name == ".git":
		t.hold(p, "")
		t.inGit = append(t.inGit, p+string(filepath.Separator))
	case slices.ContainsFunc(t.inGit, func(g string) bool { return strings.HasPrefix(p, g) }):
	default:
		t.dirs = append(t.dirs, p)
	}
}

// hold records that p, which the walk did not yield, keeps its directory
// from being empty. Nothing above start is recorded.
func (t *dirTree) hold(p, start string) {
	if t == nil || p == start {
		return
	}
	if t.held == nil {
		t.held = map[string]bool{}
	}
	t.held[filepath.Dir(p)] = true
}
