package command

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// ReplayRequest is replay [PATH...] [--filter TEXT] [--model M].
type ReplayRequest struct {
	Env
	// Paths are the PATH arguments: none, one in this tool's forms, or
	// dryfire's suite form.
	Paths []string
	// Filter and Model are dryfire run's --filter and --model.
	Filter, Model string
}

// Replay replays every case of the project offline, as `dryfire run
// --cassette-mode replay` would, without classifying the recordings, and
// says which turn of which case would miss. Its outcome is dryfire's exit
// code: OK, Miss (a repetition misses or ends in a provider error),
// Failed (a case errors) or UsageError (a spec or config error: the
// suites that parse are still replayed, and the errors are in SpecErrors).
// No project is a [*scan.NoProjectError].
func Replay(ctx context.Context, req ReplayRequest) (Result[*report.Replay], error) {
	l, err := req.Resolve(req.Paths, scan.Project)
	if err != nil {
		return Abort[*report.Replay](ctx, UsageError, err)
	}
	if l.Project == nil {
		return Abort[*report.Replay](ctx, UsageError, &scan.NoProjectError{Path: l.Arg})
	}
	l.LoadSuites(req.Lookup())
	store, err := scan.ReadStore(ctx, l)
	if err != nil {
		return Abort[*report.Replay](ctx, UsageError, err)
	}
	res := engine.Replay(ctx, l.Project, store, engine.Options{Model: req.Model, Filter: req.Filter})
	if ctx.Err() != nil {
		return Abort[*report.Replay](ctx, Interrupted, ctx.Err())
	}
	return Result[*report.Replay]{Doc: report.NewReplay(l.Project.Root, res), Outcome: ExitOutcome(res.ExitCode),
		SpecErrors: res.Errors, Root: l.Project.Root}, nil
}

// ExitOutcome is the outcome of dryfire's exit code.
func ExitOutcome(code int) Outcome {
	switch code {
	case 0:
		return OK
	case 1:
		return Failed
	case 3:
		return Miss
	case 130:
		return Interrupted
	}
	return UsageError
}
