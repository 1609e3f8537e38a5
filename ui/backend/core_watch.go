package backend

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/scan/watch"
)

// Watch implements Watcher: package watch on what Open reads, the layout
// resolved as Open resolves it (again after each change, so that the
// watches follow dryfire.yaml).
func (c Core) Watch(ctx context.Context, p string) <-chan watch.Event {
	return watch.Start(ctx, c.Locate(p), watch.Options{})
}

// Locate is how Open and Watch work out where the recordings of path are.
func (c Core) Locate(p string) func() (*scan.Layout, error) {
	return func() (*scan.Layout, error) {
		return scan.Resolve(scan.Request{Dir: c.Env.Dir, Args: pathArgs(p), Want: scan.Project})
	}
}
