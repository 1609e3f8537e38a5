package command

import (
	"context"
	"io"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/passthrough"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// RunRequest is run [PATH...] and its flags: what [PrepareRun] prepares.
type RunRequest struct {
	Env
	// Paths are the PATH arguments: none (the project of the working
	// directory, which must have a dryfire.yaml), one directory in this
	// tool's form, or dryfire's suite form.
	Paths []string
	// Engine selects and tunes the run (filter, tags, model, fail-fast,
	// workers, gateways, clock).
	Engine engine.Options
	// Passthrough, when set, is where what the impl callables of
	// passthrough mocks print goes: they run in one Python process
	// (DRYFIRE_PYTHON, else python3) in the project root, stopped once the
	// run is done ([Execute], or the plan's Close when it is not run).
	// nil: cases that reach such a mock stop there.
	Passthrough io.Writer
	// Mode is the cassette mode (--cassette-mode); "" takes dryfire.yaml's
	// cassettes.mode, else off, as dryfire does.
	Mode string
	// Live configures the modes that call providers.
	Live runplan.LiveOptions
}

// Run runs the project as `dryfire run` does, without asking anyone:
// [PrepareRun], then [Execute]. A caller that calls providers on a
// person's behalf prepares first and asks.
func Run(ctx context.Context, req RunRequest) (*RunResult, error) {
	rp, err := PrepareRun(ctx, req)
	if err != nil {
		return nil, err
	}
	return Execute(ctx, rp), nil
}

// RunResult is what a run did.
type RunResult struct {
	// Result is the run: every case's verdict, the spec errors that kept it
	// from starting.
	Result *engine.Result
	// Recorded says what the modes that record wrote and refused.
	Recorded *runplan.Recorded
	// Outcome is dryfire's exit code.
	Outcome Outcome
}

// Execute runs a prepared plan and says how it ended: interrupted, a spec
// or config error (nothing ran), or dryfire's exit code of the cases run.
func Execute(ctx context.Context, rp *runplan.Plan) *RunResult {
	res, rec := rp.Execute(ctx)
	rp.Close()
	out := &RunResult{Result: res, Recorded: rec}
	switch {
	case ctx.Err() != nil:
		out.Outcome = Interrupted
	case len(res.Errors) > 0:
		out.Outcome = UsageError
	case len(res.Suites) > 0:
		out.Outcome = exitOutcome(res.RunExitCode)
	}
	return out
}

// PrepareRun resolves the PATHs (scan.Resolve, for a command that runs
// suites) and loads the project for a run: the suites of dryfire.yaml, or
// the suite files of dryfire's suite form (with the built-in defaults
// where no dryfire.yaml is found). It fails with the resolver's errors
// (a *scan.NoProjectError with no PATH and no dryfire.yaml); the rest is
// runplan's: [runplan.Prepare], then [runplan.Plan.Load] over the
// cassette root's files as the workspace reads them. As with dryfire,
// nothing runs when a suite or dryfire.yaml has an error, a fake case has
// no script or a passthrough mock's impl does not import (the result then
// holds the errors, exit code 2); it fails with a *runplan.ModeError for
// a mode dryfire does not know and a provider.ConfigError for a provider
// name it does not know; in the modes that call providers it resolves
// their gateways, lists the cases skipped for want of a key, and
// estimates the calls and their cost. Nothing is called yet. Every step
// goes down: the resolver, the loader, the store, then runplan with what
// they made.
func PrepareRun(ctx context.Context, req RunRequest) (*runplan.Plan, error) {
	l, err := req.resolve(req.Paths, scan.Suites)
	if err != nil {
		return nil, err
	}
	if l.Project == nil {
		return nil, &scan.NoProjectError{Path: l.Arg}
	}
	l.LoadSuites(req.lookup())
	var inv engine.Invoker
	if req.Passthrough != nil {
		inv = passthrough.NewPythonInvoker(l.Project.Root, req.getenv, req.Passthrough)
	}
	rp, err := runplan.Prepare(ctx, l.Project, l.CassetteRoot, runplan.Options{Engine: req.Engine, Invoker: inv, Mode: req.Mode, Live: req.Live})
	if err == nil {
		var store *cassette.Store
		if store, err = scan.ReadStore(ctx, l); err == nil {
			err = rp.Load(ctx, store)
		}
	}
	if err != nil {
		rp.Close()
	}
	return rp, err
}
