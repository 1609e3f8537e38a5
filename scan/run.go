package scan

import (
	"context"
	"os"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// RunPlan and LiveOptions name runplan's types for the browser's record
// flow, which started from this package; every other caller names
// runplan.Plan and runplan.LiveOptions.
type (
	// RunPlan is a run prepared by [PrepareRun] (runplan.Plan).
	RunPlan = runplan.Plan
	// LiveOptions configure the modes that call providers
	// (runplan.LiveOptions).
	LiveOptions = runplan.LiveOptions
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
	Live runplan.LiveOptions
}

// Run runs the resolved project as `dryfire run` does and returns the
// project and the result: [PrepareRun], then [runplan.Plan.Execute] without
// asking anyone. A caller that calls providers on a person's behalf
// prepares first and asks.
func Run(ctx context.Context, l *Layout, o RunOptions) (*suite.Project, *engine.Result, error) {
	rp, err := PrepareRun(ctx, l, o)
	if err != nil {
		if rp != nil {
			return rp.Project, nil, err
		}
		return nil, nil, err
	}
	res, _ := rp.Execute(ctx)
	return rp.Project, res, ctx.Err()
}

// PrepareRun loads the resolved project for a run: the suites of
// dryfire.yaml, or the suite files of dryfire's suite form. It fails with
// a [*NoProjectError] without a project; the rest is runplan.Prepare's,
// over the cassette root's files as the workspace reads them: as with
// dryfire, nothing runs when a suite or dryfire.yaml has an error, a fake
// case has no script or a passthrough mock's impl does not import (the
// result then holds the errors, exit code 2); it fails with a
// *runplan.ModeError for a mode dryfire does not know and a
// provider.ConfigError for a provider name it does not know; in the modes
// that call providers it resolves their gateways, lists the cases skipped
// for want of a key, and estimates the calls and their cost. Nothing is
// called yet.
func PrepareRun(ctx context.Context, l *Layout, o RunOptions) (*runplan.Plan, error) {
	if l.Project == nil {
		return nil, &NoProjectError{Path: l.Arg}
	}
	p := l.Project
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	l.LoadSuites(getenv)
	load := func() (*cassette.Store, error) { return ReadStore(ctx, l) }
	return runplan.Prepare(ctx, p, l.CassetteRoot, load, runplan.Options{Engine: o.Engine, Invoker: o.Invoker, Mode: o.Mode, Live: o.Live})
}
