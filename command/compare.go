package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/htmlreport"
)

// CompareRequest is compare (--models A,B | --prompts P1,P2) [PATH...]
// and its flags.
type CompareRequest struct {
	Env
	// Paths are the PATH arguments, as run takes them.
	Paths []string
	// Models and Prompts are the two axes, already split at commas: one
	// of them, as dryfire takes them. Prompt files are read relative to
	// the working directory.
	Models, Prompts []string
	// Mode is the cassette mode of every column; "" takes dryfire.yaml's
	// cassettes.mode, else off.
	Mode string
	// Concurrency is the case repetitions a column runs at once (0: the
	// CPUs in replay, runplan.LiveConcurrency when calling providers).
	Concurrency int
	// Yes is --yes: a comparison of more than
	// runplan.CompareConfirmThreshold runs outside replay runs only with
	// it, as dryfire's.
	Yes bool
	// Live configures the modes that call providers; its OnCall hears of
	// every column's calls.
	Live runplan.LiveOptions
	// Passthrough is as for [RunRequest].
	Passthrough io.Writer
	// HTMLOut, when set, is the file the page of the matrix is written to
	// (atomically), relative to the working directory.
	HTMLOut string
	// Before, when set, hears of the comparison once it is prepared,
	// before dryfire's gate and before anything runs: the command line
	// prints dryfire's estimate there, and why a column cannot run.
	Before func(cmp *runplan.Comparison)
	// Confirm, when set, is called once the gate is passed, before
	// anything runs: the command line asks there when a column calls a
	// provider. Its error stops the comparison with nothing called
	// ([ErrDeclined]: a person said no).
	Confirm func(cmp *runplan.Comparison) error
	// Keys are the API keys never printed, nor written in the page.
	Keys *visible.Keys
}

// Compare runs the project's suites once per model or system prompt, as
// dryfire's compare does, the columns one after another, each over its
// own cassettes, and returns the matrix (and, with HTMLOut, writes its
// page). A column that cannot be prepared (a prompt file that cannot be
// read) is FAILED and the others run. The outcome is dryfire's exit
// code, the worst column's: OK, Failed (a case failed), Miss (a column
// failed, or a case ended in a provider error); UsageError for no axis or
// both, a spec or config error (in SpecErrors), more than the threshold
// of runs without Yes, or a page that cannot be written (Err, after the
// matrix); Interrupted, with what recording left.
func Compare(ctx context.Context, req CompareRequest) (Result[*report.Compare], error) {
	axis, labels, err := runplan.AxisOf(req.Models, req.Prompts)
	if err != nil {
		return failed[*report.Compare](ctx, UsageError, err)
	}
	if req.Concurrency < 0 {
		return failed[*report.Compare](ctx, UsageError, withHint(errors.New("--concurrency cannot be negative"), "pass a number of 0 or more"))
	}
	// The base plan only loads the project and its cassettes: replay
	// resolves nothing; each column is planned in the mode asked for.
	base, err := PrepareRun(ctx, RunRequest{Env: req.Env, Paths: req.Paths, Engine: engine.Options{Workers: req.Concurrency},
		Passthrough: req.Passthrough, Mode: engine.ModeReplay, Live: req.Live})
	if err != nil {
		return prepareFailed[*report.Compare](ctx, err)
	}
	defer base.Close()
	if errs := base.Errors(); len(errs) > 0 {
		return Result[*report.Compare]{Outcome: UsageError, SpecErrors: errs, Root: base.Project.Root}, ErrSpecErrors
	}
	cmp, err := runplan.PrepareCompare(ctx, base, runplan.CompareOptions{Axis: axis, Labels: labels, Mode: req.Mode,
		ReadFile: func(p string) ([]byte, error) { return safefile.ReadFile(join(req.Dir, p)) }})
	if err != nil {
		return prepareFailed[*report.Compare](ctx, err)
	}
	if req.Before != nil {
		req.Before(cmp)
	}
	if err := cmp.Confirm(req.Yes); err != nil {
		return failed[*report.Compare](ctx, UsageError, err)
	}
	if req.Confirm != nil {
		if err := req.Confirm(cmp); err != nil {
			return declined[*report.Compare](ctx, err)
		}
	}
	if req.Live.OnCall != nil {
		cmp.OnCall(req.Live.OnCall)
	}
	cmp.Execute(ctx)
	base.Close()
	return compareResult(ctx, req, cmp), nil
}

// compareResult is the document of a comparison that ran, and its page
// written when asked for.
func compareResult(ctx context.Context, req CompareRequest, cmp *runplan.Comparison) Result[*report.Compare] {
	doc := &report.Compare{Comparison: cmp, Keys: req.Keys}
	res := Result[*report.Compare]{Doc: doc, Outcome: exitOutcome(cmp.ExitCode())}
	for _, col := range cmp.Columns {
		res.Changed = res.Changed || col.Recorded != nil && len(col.Recorded.Written) > 0
	}
	if ctx.Err() != nil {
		doc.Interrupted, res.Outcome = true, Interrupted
		return res
	}
	if req.HTMLOut == "" {
		return res
	}
	var page bytes.Buffer
	if err := htmlreport.WriteCompare(&page, cmp, htmlreport.Options{Keys: req.Keys, Now: req.now()}); err != nil {
		res.Outcome, res.Err = UsageError, err
		return res
	}
	if err := safefile.WriteAtomic(join(req.Dir, req.HTMLOut), page.Bytes(), 0o644); err != nil {
		res.Outcome, res.Err = UsageError, fmt.Errorf("cannot write %s: %w", req.HTMLOut, pathReason(err))
		return res
	}
	doc.Wrote = req.HTMLOut
	return res
}
