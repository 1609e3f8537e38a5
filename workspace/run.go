package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// RunOptions tune [Run].
type RunOptions struct {
	// Engine selects and tunes the run (filter, tags, model, fail-fast,
	// workers, gateways, clock).
	Engine engine.Options
	// Getenv looks up environment variables for ${VAR} in suites.
	Getenv func(string) (string, bool)
	// Invoker returns the invoker of passthrough mocks for the project
	// root (nil: cases that reach such a mock stop there).
	Invoker func(root string) engine.Invoker
	// Mode is the cassette mode (--cassette-mode); "" takes dryfire.yaml's
	// cassettes.mode, else off, as dryfire does.
	Mode string
}

// ModeError is a cassette mode Run cannot run: one dryfire does not know,
// or one that calls models.
type ModeError struct {
	Mode  string
	Known bool
}

func (e *ModeError) Error() string {
	if !e.Known {
		return "invalid --cassette-mode " + jsonv.PyRepr(e.Mode) + "; expected auto|record|replay|off"
	}
	return "--cassette-mode " + e.Mode + " calls the model providers, which dryfire-tui does not do yet"
}

// Run runs the project around path as `dryfire run` does and returns the
// project and the result. PATH may be a project directory (or any directory
// below one: the suites of dryfire.yaml run) or a suite file (that suite
// alone runs). As with dryfire, nothing runs when a suite or dryfire.yaml
// has an error, a fake case has no script or a passthrough mock's impl
// does not import: the result then holds the errors (exit code 2). It fails
// with an error matching suite.ErrNoProject without a dryfire.yaml.
func Run(ctx context.Context, path string, o RunOptions) (*suite.Project, *engine.Result, error) {
	l, err := Locate(path)
	if err != nil {
		return nil, nil, err
	}
	if l.Project == nil {
		return nil, nil, fmt.Errorf("%s: %w", path, suite.ErrNoProject)
	}
	p := l.Project
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	if l.IsFile {
		rel, err := filepath.Rel(p.Root, l.Path)
		if err != nil {
			rel = l.Path
		}
		p.LoadSuiteFiles([]string{filepath.ToSlash(rel)}, getenv)
	} else {
		p.LoadSuites(getenv)
	}
	eo := o.Engine
	eo.StopOnErrors = true
	if n, errs := engine.Planned(p, eo); len(p.Errors) == 0 && len(errs) == 0 && n > 0 {
		// dryfire resolves the mode once it knows there is something to
		// run: no case matched is exit 0 whatever the mode.
		mode := o.Mode
		if mode == "" {
			mode = p.Config.CassetteMode
		}
		if mode == "" {
			mode = "off"
		}
		switch mode {
		case "replay":
		case "auto", "record", "off":
			return p, nil, &ModeError{Mode: mode, Known: true}
		default:
			return p, nil, &ModeError{Mode: mode}
		}
	}
	if o.Invoker != nil && len(p.Errors) == 0 {
		inv := o.Invoker(p.Root)
		eo.Invoker = inv
		if errs, err := engine.ImplErrors(ctx, p, inv); err == nil && len(errs) > 0 {
			p.Errors = append(p.Errors, errs...)
			sort.SliceStable(p.Errors, func(i, j int) bool { return p.Errors[i].File < p.Errors[j].File })
		}
	}
	w := &Workspace{Layout: l, byFile: map[*cassette.StoreFile]*Recording{}}
	if err := w.loadStore(ctx, l.CassetteRoot, Options{}, nil); err != nil {
		return nil, nil, err
	}
	res := engine.Run(ctx, p, w.Store, eo)
	return p, res, ctx.Err()
}
