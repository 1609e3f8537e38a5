package command

import (
	"context"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// TraceRequest is trace SUITE::CASE [PATH...] and its flags.
type TraceRequest struct {
	Env
	// Address is SUITE::CASE as given.
	Address string
	// Paths are the PATH arguments after the address, as run takes them:
	// none (the project of the working directory), one directory in this
	// tool's form, or dryfire's suite form.
	Paths []string
	// Model overrides the case's model (--model).
	Model string
	// Mode is the cassette mode (--cassette-mode); "" takes dryfire.yaml's
	// cassettes.mode, else off (dryfire's trace).
	Mode string
	// Live configures the modes that call providers.
	Live runplan.LiveOptions
	// Passthrough is as for [RunRequest]: where what passthrough mocks'
	// callables print goes (nil: a case that reaches such a mock stops
	// there).
	Passthrough io.Writer
	// Confirm, when set, is called once the case is planned and before
	// anything runs: the command line says there what will be called and
	// asks. Its error stops the trace with nothing called ([ErrDeclined]:
	// a person said no).
	Confirm func(rp *runplan.Plan) error
	// Keys are the API keys never printed; Reveal prints the recorded
	// secrets instead of their masks.
	Keys   *visible.Keys
	Reveal bool
}

// Trace runs one case as dryfire's trace does and returns its turns. The
// address must be SUITE::CASE: the first suite of that name, in load
// order, that has the case; a repeated case runs every repetition and
// reports the one run reports. The cassette mode is run's (replay traces
// offline; record and auto write the case's cassettes); unlike run, a key
// that is not set is an error (dryfire's trace stops there), with a hint.
// The outcome is dryfire's exit code of the case: OK, Failed, Miss (a
// provider error, a cassette miss in replay); UsageError for an address
// without "::", no such case, a spec or config error ([ErrSpecErrors],
// the errors in SpecErrors), a missing key; Interrupted, with what
// recording left in the document.
func Trace(ctx context.Context, req TraceRequest) (Result[*report.Trace], error) {
	addr, err := engine.ParseAddress(req.Address)
	if err != nil {
		return failed[*report.Trace](ctx, UsageError, withHint(err, "name the case as SUITE::CASE"))
	}
	rp, err := PrepareRun(ctx, RunRequest{Env: req.Env, Paths: req.Paths, Engine: engine.Options{Model: req.Model, Only: &addr},
		Passthrough: req.Passthrough, Mode: req.Mode, Live: req.Live})
	if err != nil {
		return prepareFailed[*report.Trace](ctx, err)
	}
	defer rp.Close()
	if req.Confirm != nil {
		if err := req.Confirm(rp); err != nil {
			return declined[*report.Trace](ctx, err)
		}
	}
	run := Execute(ctx, rp)
	doc := &report.Trace{Result: run.Result, Plan: rp, Recorded: run.Recorded, Keys: req.Keys, Reveal: req.Reveal}
	switch {
	case run.Outcome == Interrupted:
		doc.Interrupted = true
	case len(run.Result.Errors) > 0:
		return Result[*report.Trace]{Outcome: UsageError, SpecErrors: run.Result.Errors, Root: rp.Project.Root}, ErrSpecErrors
	}
	return Result[*report.Trace]{Doc: doc, Outcome: run.Outcome, Changed: len(run.Recorded.Written) > 0}, nil
}
