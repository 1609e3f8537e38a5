package scan

import (
	"context"
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

// Replay replays every case of the resolved project offline, as `dryfire
// run --cassette-mode replay` would, without classifying the recordings.
// It fails with a [*NoProjectError] when there is no project.
func Replay(ctx context.Context, l *Layout, o ReplayOptions) (*suite.Project, *engine.Result, error) {
	if l.Project == nil {
		return nil, nil, &NoProjectError{Path: l.Arg}
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	l.LoadSuites(getenv)
	store, err := ReadStore(ctx, l)
	if err != nil {
		return nil, nil, err
	}
	res := engine.Replay(ctx, l.Project, store, engine.Options{Model: o.Model, Filter: o.Filter})
	return l.Project, res, ctx.Err()
}

// ReadStore reads the cassette root of the layout by the one walk, as
// [OpenLayout] does, without classifying anything: the store a run or a
// replay looks its cassettes up in.
func ReadStore(ctx context.Context, l *Layout) (*cassette.Store, error) {
	w := &Workspace{Layout: l, byFile: map[*cassette.StoreFile]*Recording{}}
	err := w.loadStore(ctx, l.CassetteRoot, Options{}, nil)
	return w.Store, err
}
