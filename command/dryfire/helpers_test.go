package dryfire

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// open scans one PATH as the commands over a project do.
func open(t *testing.T, path string) *scan.Workspace {
	t.Helper()
	w, err := scan.Open(context.Background(), path, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// copyTree copies the directory src into a temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
