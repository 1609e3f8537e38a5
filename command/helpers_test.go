package command

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

// locateOne resolves one PATH in this tool's forms, as a command over
// recordings does.
func locateOne(path string) (*scan.Layout, error) {
	return scan.Resolve(scan.Request{Args: []string{path}, Want: scan.Recordings})
}
