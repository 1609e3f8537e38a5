package dryfire

import (
	"context"
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
