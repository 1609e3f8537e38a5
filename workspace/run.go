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

// RunOptions tune [Run] and [PrepareRun].
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
	// Live configures the modes that call providers.
	Live LiveOptions
}

// ModeError is a cassette mode dryfire does not know.
type ModeError struct {
	Mode string
}

func (e *ModeError) Error() string {
	return "invalid --cassette-mode " + jsonv.PyRepr(e.Mode) + "; expected auto|record|replay|off"
}

// RunPlan is a run prepared by [PrepareRun]: the project, the mode, and,
// for the modes that call providers, what the run will call before it
// calls anything.
type RunPlan struct {
	Project *suite.Project
	Layout  *Layout
	// Mode is the cassette mode resolved ("" when nothing will run: a spec
	// error, or no case matched).
	Mode string
	// Skipped are the cases left out because their provider's key is not
	// set, in plan order (dryfire prints their lines first).
	Skipped []Skip
	// Notes are dryfire's notes on the cases recording leaves alone
	// (passthrough mocks), for stdout as dryfire prints them.
	Notes []string
	// Differences say where this run does what dryfire would not.
	Differences []string
	// Estimate is what the run may call and cost (zero in replay).
	Estimate Estimate

	eo        engine.Options
	store     *cassette.Store
	live      LiveOptions
	providers map[string]engine.Provider
	skip      map[*suite.Case]bool
	runnable  int
	rec       *recorder
}

// CallsProviders reports whether the run may call a model provider.
func (rp *RunPlan) CallsProviders() bool { return rp.Estimate.Calls > 0 }

// NothingToRun reports whether every planned case was skipped for want of
// a key: dryfire then prints the skips and exits 0 with no report.
func (rp *RunPlan) NothingToRun() bool { return len(rp.Skipped) > 0 && rp.runnable == 0 }

// Live reports whether the mode calls providers (record, auto, off).
func (rp *RunPlan) Live() bool {
	return rp.Mode == engine.ModeRecord || rp.Mode == engine.ModeAuto || rp.Mode == engine.ModeOff
}

// Run runs the project around path as `dryfire run` does and returns the
// project and the result: [PrepareRun], then [RunPlan.Execute] without
// asking anyone. A caller that calls providers on a person's behalf
// prepares first and asks.
func Run(ctx context.Context, path string, o RunOptions) (*suite.Project, *engine.Result, error) {
	rp, err := PrepareRun(ctx, path, o)
	if err != nil {
		if rp != nil {
			return rp.Project, nil, err
		}
		return nil, nil, err
	}
	res, _ := rp.Execute(ctx)
	return rp.Project, res, ctx.Err()
}

// PrepareRun loads the project around path for a run: PATH may be a
// project directory (or any directory below one: the suites of
// dryfire.yaml run) or a suite file (that suite alone runs). As with
// dryfire, nothing runs when a suite or dryfire.yaml has an error, a fake
// case has no script or a passthrough mock's impl does not import: the
// result then holds the errors (exit code 2). It fails with an error
// matching suite.ErrNoProject without a dryfire.yaml, a *ModeError for a
// mode dryfire does not know, and a provider.ConfigError for a provider
// name it does not know. In the modes that call providers it resolves
// their gateways, lists the cases skipped for want of a key, and
// estimates the calls and their cost; nothing is called yet.
func PrepareRun(ctx context.Context, path string, o RunOptions) (*RunPlan, error) {
	l, err := Locate(path)
	if err != nil {
		return nil, err
	}
	if l.Project == nil {
		return nil, fmt.Errorf("%s: %w", path, suite.ErrNoProject)
	}
	p := l.Project
	rp := &RunPlan{Project: p, Layout: l, live: o.Live}
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
		rp.Mode = o.Mode
		if rp.Mode == "" {
			rp.Mode = p.Config.CassetteMode
		}
		if rp.Mode == "" {
			rp.Mode = engine.ModeOff
		}
		switch rp.Mode {
		case engine.ModeReplay, engine.ModeRecord, engine.ModeAuto, engine.ModeOff:
		default:
			return rp, &ModeError{Mode: rp.Mode}
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
		return rp, err
	}
	rp.store, rp.eo = w.Store, eo
	if rp.Live() && len(p.Errors) == 0 {
		if err := rp.prepareLive(ctx); err != nil {
			return rp, err
		}
	}
	return rp, nil
}

// prepareLive resolves the gateways, the skips and the notes, and
// estimates what the run will call.
func (rp *RunPlan) prepareLive(ctx context.Context) error {
	planned := engine.PlannedCases(rp.Project, rp.eo)
	if err := rp.resolveProviders(planned); err != nil {
		return err
	}
	rp.notes(planned)
	if rp.Mode != engine.ModeOff {
		rec, err := newRecorder(rp.Project.Root, rp.Layout.CassetteRoot, rp.live.RedactSecrets)
		if err != nil {
			return err
		}
		rp.rec = rec
	}
	include := rp.eo.Include
	rp.eo.Include = func(c *suite.Case, r suite.Resolved) bool {
		return !rp.skip[c] && (include == nil || include(c, r))
	}
	rp.runnable = len(planned) - len(rp.Skipped)
	return rp.estimate(ctx, planned)
}

// OnCall sets who hears of every model call of the run (progress), in
// place of LiveOptions.OnCall.
func (rp *RunPlan) OnCall(f func(engine.CallEvent)) { rp.live.OnCall = f }

// Execute runs the prepared plan. In record and auto it writes the
// cassettes it records, after a secrets scan; the second result says what
// it wrote (empty in replay and off).
func (rp *RunPlan) Execute(ctx context.Context) (*engine.Result, *Recorded) {
	eo := rp.eo
	rec := rp.rec
	if rp.Live() && len(rp.Project.Errors) == 0 {
		lo := engine.LiveOptions{Mode: rp.Mode, Providers: rp.providers, Store: rp.store,
			Uncached: rp.uncached, Now: rp.live.Now, OnCall: rp.live.OnCall}
		if rec != nil {
			lo.Recorder = rec
		}
		eo.Gateways = engine.NewLive(lo).Gateways()
		if eo.Workers <= 0 {
			eo.Workers = LiveConcurrency
		}
	}
	return engine.Run(ctx, rp.Project, rp.store, eo), rec.summary()
}
