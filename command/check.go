package command

import (
	"context"
	"fmt"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// The parts of a check, as the check document names them.
const (
	partReplay  = report.PartReplay
	partRun     = report.PartRun
	partSecrets = report.PartSecrets
	partPrune   = report.PartPrune
	partDoctor  = report.PartDoctor
)

// CheckRequest is check [PATH...] [--skip PART]... [--baseline FILE].
type CheckRequest struct {
	Env
	// Paths are the PATH arguments: none, one in this tool's forms, or
	// dryfire's suite form (the replay and run parts then run those
	// suites, and prune does not apply).
	Paths []string
	// Skip names the parts not to run.
	Skip map[string]bool
	// Baseline is the secrets baseline file; "" reads
	// secrets.DefaultBaselineFile at the root when it exists.
	Baseline string
}

// Check is the CI gate: every part over one scan of PATH (see
// checkParts), in the check document. Its outcome is UsageError when a
// suite or dryfire.yaml has errors (the suites that parse were still
// checked; the errors are in SpecErrors, Err says how many), Findings
// when a part has problems.
func Check(ctx context.Context, req CheckRequest) (Result[*report.Check], error) {
	parts, err := checkParts(ctx, req)
	if err != nil {
		return Abort[*report.Check](ctx, UsageError, err)
	}
	w := parts.Workspace
	res := Result[*report.Check]{Doc: parts.Document(req.Skip), Warnings: w.Problems, Root: w.Root}
	if parts.Replay != nil && len(parts.Replay.Errors) > 0 {
		n := len(parts.Replay.Errors)
		res.SpecErrors, res.Outcome = parts.Replay.Errors, UsageError
		res.Err = WithHint(fmt.Errorf("%d spec or config %s", n, report.Plural(n, "error")), "fix the errors above; suites that parse were still checked")
		return res, nil
	}
	res.Outcome = outcomeIf(!res.Doc.OK)
	return res, nil
}

// checkResult is every part of a check. A nil part was skipped or does
// not apply; Notes says why a part that was not skipped did not run.
type checkResult struct {
	Workspace *scan.Workspace
	Replay    *engine.Result
	// Run is the same replay, for the run part (the cases' verdicts).
	Run     *engine.Result
	Secrets *openSecrets
	Prune   *scan.PrunePlan
	Doctor  *doctorReport
	Notes   map[string]string
}

// NothingToCheckError is the error of a check of a PATH that has neither
// a project nor recordings.
type NothingToCheckError struct {
	// Path is PATH as given.
	Path string
}

func (e *NothingToCheckError) Error() string {
	return "nothing to check: no " + suite.ConfigFileName + " at or above " + e.Path + " and no recordings in it"
}

// Hint says what to do.
func (e *NothingToCheckError) Hint() string {
	return "run it inside a dryfire project, or pass a cassette or tapes directory"
}

// checkParts is one scan of PATH, every cassette read once, with the
// replay, the secrets scan, the prune plan and doctor's checks riding on
// it.
func checkParts(ctx context.Context, o CheckRequest) (*checkResult, error) {
	w, err := o.open(ctx, o.Paths, scan.Project, scan.Options{Secrets: !o.Skip[partSecrets], Doctor: !o.Skip[partDoctor], ReleaseServed: true, BriefExplanations: true, Collect: true})
	if err != nil {
		return nil, err
	}
	if w.Project == nil && len(w.Recordings) == 0 {
		return nil, &NothingToCheckError{Path: w.Arg}
	}
	r := &checkResult{Workspace: w, Notes: map[string]string{}}
	noProject := "no dryfire.yaml at or above " + w.Arg
	if w.Project != nil {
		noProject = w.Arg + " is a file outside the cassette root: nothing replays it"
	}
	if !o.Skip[partReplay] {
		if w.Replay == nil {
			r.Notes[partReplay] = noProject
		} else {
			r.Replay = w.Replay
		}
	}
	if !o.Skip[partRun] {
		if w.Replay == nil {
			r.Notes[partRun] = noProject
		} else {
			r.Run = w.Replay
		}
	}
	// The prune plan, the secrets and doctor's report only read the
	// workspace: they are made at once, on the cores a CI runner has.
	var wg sync.WaitGroup
	if !o.Skip[partPrune] {
		switch {
		case w.Project == nil:
			r.Notes[partPrune] = noProject
		case w.SuiteFiles != nil:
			r.Notes[partPrune] = "suite files were named: what is orphaned is decided by every suite of " + suite.ConfigFileName
		case len(scan.ConfigErrors(w.Project)) > 0:
			r.Notes[partPrune] = suite.ConfigFileName + " has errors"
		default:
			wg.Go(func() {
				plan := w.PrunePlan()
				r.Prune = &plan
			})
		}
	}
	if !o.Skip[partDoctor] {
		wg.Go(func() { r.Doctor = doctorReportOf(w) })
	}
	if !o.Skip[partSecrets] {
		r.Secrets, err = secretsOf(w).WithBaseline(join(o.Dir, o.Baseline))
	}
	wg.Wait()
	if err != nil {
		return nil, err
	}
	return r, nil
}
