package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

// TestAbsFileResolvesEachDirectoryOnce checks the suite file names of a
// run: symbolic links resolved, as dryfire names them, with the
// directories kept from suite to suite, and the plain absolute path when
// the directory cannot be resolved.
func TestAbsFileResolvesEachDirectoryOnce(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	realDir := filepath.Join(root, "real")
	if err := os.Mkdir(realDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(realDir, filepath.Join(root, "link")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	dirs := map[string]string{}
	for _, tc := range []struct{ file, want string }{
		{filepath.Join(root, "link", "a.eval.yaml"), filepath.Join(realDir, "a.eval.yaml")},
		{filepath.Join(root, "link", "b.eval.yaml"), filepath.Join(realDir, "b.eval.yaml")},
		{filepath.Join(root, "real", "c.eval.yaml"), filepath.Join(realDir, "c.eval.yaml")},
		{filepath.Join(root, "gone", "d.eval.yaml"), filepath.Join(root, "gone", "d.eval.yaml")},
		{filepath.Join(root, "gone", "e.eval.yaml"), filepath.Join(root, "gone", "e.eval.yaml")},
	} {
		if got := absFile(&suite.Suite{File: tc.file}, dirs); got != tc.want {
			t.Errorf("absFile(%s) = %s, want %s", tc.file, got, tc.want)
		}
	}
	if len(dirs) != 3 {
		t.Errorf("%d directories resolved, want 3: %v", len(dirs), dirs)
	}
}
