package workspace

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
// onTemp, when not nil, receives the temporary files of atomic writes that
// were never renamed (a write killed half-way; safefile.IsTempName).
//
// It is the one walk of the tool: the cassette store, the tapes, the
// secrets scan and doctor all read what it yields.
func walkJSON(ctx context.Context, root string, report func(error), onTemp func(string), skip ...string) iter.Seq[string] {
	return func(yield func(string) bool) {
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
				return nil
			}
			if d.IsDir() {
				if p != start && slices.Contains(skip, p) {
					return fs.SkipDir
				}
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					report(fmt.Errorf("%s: symbolic link to a directory, not followed (dryfire does not follow it either)", p))
					return nil
				}
			}
			if !strings.HasSuffix(d.Name(), ".json") {
				if _, ok := safefile.IsTempName(d.Name()); ok && onTemp != nil && d.Type().IsRegular() {
					onTemp(p)
				}
				return nil
			}
			if !yield(p) {
				return fs.SkipAll
			}
			return nil
		})
		if err != nil && !errors.Is(err, fs.SkipAll) && ctx.Err() == nil {
			report(err)
		}
	}
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
