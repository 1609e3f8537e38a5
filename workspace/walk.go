package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
)

// walkJSON yields the *.json files below root, in lexical order, as
// dryfire's rglob finds them: symbolic links to directories are not
// followed (dryfire does not follow them either) and each is reported;
// directories that cannot be read are reported and skipped. A root that
// does not exist yields nothing. It is the one walk of the tool: the
// cassette store, the tapes, the secrets scan and doctor all read what it
// yields.
func walkJSON(ctx context.Context, root string, report func(error)) iter.Seq[string] {
	return func(yield func(string) bool) {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if err != nil {
				if p == root && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipAll
				}
				report(err)
				return nil
			}
			if d.IsDir() {
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					report(fmt.Errorf("%s: symbolic link to a directory, not followed (dryfire does not follow it either)", p))
					return nil
				}
			}
			if !strings.HasSuffix(d.Name(), ".json") {
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
