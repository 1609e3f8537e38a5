package scan

import (
	"context"
	"fmt"
	"os"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// ReplayOptions tune [Replay].
type ReplayOptions struct {
	// Filter and Model are engine.Options' (dryfire run's --filter and
	// --model).
	Filter, Model string
	// Getenv looks up environment variables for ${VAR} in suites.
	Getenv func(string) (string, bool)
}

// Replay replays every case of the project around path offline, as
// `dryfire run --cassette-mode replay` would, without classifying the
// recordings. It fails with an error matching suite.ErrNoProject when there
// is no dryfire.yaml at or above path.
func Replay(ctx context.Context, path string, o ReplayOptions) (*suite.Project, *engine.Result, error) {
	l, err := Locate(path)
	if err != nil {
		return nil, nil, err
	}
	if l.Project == nil {
		return nil, nil, fmt.Errorf("%s: %w", path, suite.ErrNoProject)
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	l.Project.LoadSuites(getenv)
	w := &Workspace{Layout: l, byFile: map[*cassette.StoreFile]*Recording{}}
	if err := w.loadStore(ctx, l.CassetteRoot, Options{}, nil); err != nil {
		return nil, nil, err
	}
	res := engine.Replay(ctx, l.Project, w.Store, engine.Options{Model: o.Model, Filter: o.Filter})
	return l.Project, res, ctx.Err()
}
