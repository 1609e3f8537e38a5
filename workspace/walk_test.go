package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// collect runs the walk and returns the files relative to root and the
// problems it reported.
func collect(t *testing.T, ctx context.Context, root string) ([]string, []error) {
	t.Helper()
	var files []string
	var problems []error
	for p := range walkJSON(ctx, root, func(err error) { problems = append(problems, err) }) {
		rel, _ := filepath.Rel(root, p)
		files = append(files, filepath.ToSlash(rel))
	}
	return files, problems
}

func TestWalkJSON(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"s/c/00-aa.json": "{}",
		"s/c/notes.txt":  "not a cassette",
		"t/01-bb.json":   "{}",
	})
	if err := os.Symlink(filepath.Join(root, "s"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.json", filepath.Join(root, "s", "loop.json")); err != nil {
		t.Fatal(err)
	}
	files, problems := collect(t, context.Background(), root)
	if want := []string{"s/c/00-aa.json", "s/loop.json", "t/01-bb.json"}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "not followed") {
		t.Errorf("problems %v, want the symlinked directory", problems)
	}
}

func TestWalkJSONRoots(t *testing.T) {
	t.Parallel()
	files, problems := collect(t, context.Background(), filepath.Join(t.TempDir(), "missing"))
	if len(files) != 0 || len(problems) != 0 {
		t.Errorf("missing root: %v, %v", files, problems)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	files, _ = collect(t, ctx, filepath.Join(golden, "project-A", ".dryfire", "cassettes"))
	if len(files) != 0 {
		t.Errorf("a cancelled walk yielded %d files", len(files))
	}
}

func TestWalkJSONUnreadableDirectoryIsAProblem(t *testing.T) {
	t.Parallel()
	if os.Geteuid() == 0 {
		t.Skip("permissions do not apply to root")
	}
	root := writeTree(t, map[string]string{"s/c/00-aa.json": "{}", "t/00-aa.json": "{}"})
	locked := filepath.Join(root, "s")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	files, problems := collect(t, context.Background(), root)
	if len(problems) != 1 || !errors.Is(problems[0], os.ErrPermission) || len(files) != 1 {
		t.Errorf("problems %v, files %v", problems, files)
	}
}

// TestOpenRefusesAFileAsCassetteRoot: cassettes.dir naming a file is an
// error, not an empty store.
func TestOpenRefusesAFileAsCassetteRoot(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"dryfire.yaml":    "version: 1\nsuites: []\ncassettes:\n  dir: recordings.json\n",
		"recordings.json": "{}",
	})
	if _, err := Open(context.Background(), root, Options{}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open: %v, want the cassette root refused", err)
	}
}
