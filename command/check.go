package command

import (
	"context"
	"errors"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// The parts of [RunCheck], as the check document names them.
const (
	PartReplay  = report.PartReplay
	PartRun     = report.PartRun
	PartSecrets = report.PartSecrets
	PartPrune   = report.PartPrune
	PartDoctor  = report.PartDoctor
)

// CheckOptions tune [RunCheck].
type CheckOptions struct {
	// Skip names the parts not to run.
	Skip map[string]bool
	// Baseline is the secrets baseline file; "" reads
	// secrets.DefaultBaselineFile at the root when it exists.
	Baseline string
	// Getenv looks up environment variables for ${VAR} in suites.
	Getenv func(string) (string, bool)
}

// CheckResult is every part of [RunCheck]. A nil part was skipped or does not
// apply; Notes says why a part that was not skipped did not run.
type CheckResult struct {
	Workspace *scan.Workspace
	Replay    *engine.Result
	// Run is the same replay, for the run part (the cases' verdicts).
	Run     *engine.Result
	Secrets *SecretsResult
	Prune   *scan.PrunePlan
	Doctor  *DoctorReport
	Notes   map[string]string
}

// ErrNothingToCheck is returned by [RunCheck] when PATH has neither a project
// nor recordings.
var ErrNothingToCheck = errors.New("nothing to check: no dryfire.yaml at or above PATH and no recordings in it")

// RunCheck is the CI gate: one scan of PATH, every cassette read once, with
// the replay, the secrets scan, the prune plan and doctor's checks riding on
// it.
func RunCheck(ctx context.Context, path string, o CheckOptions) (*CheckResult, error) {
	w, err := scan.Open(ctx, path, scan.Options{Getenv: o.Getenv, Secrets: !o.Skip[PartSecrets], Doctor: !o.Skip[PartDoctor]})
	if err != nil {
		return nil, err
	}
	if w.Project == nil && len(w.Recordings) == 0 {
		return nil, ErrNothingToCheck
	}
	r := &CheckResult{Workspace: w, Notes: map[string]string{}}
	noProject := "no dryfire.yaml at or above " + w.Arg
	if !o.Skip[PartReplay] {
		if w.Replay == nil {
			r.Notes[PartReplay] = noProject
		} else {
			r.Replay = w.Replay
		}
	}
	if !o.Skip[PartRun] {
		if w.Replay == nil {
			r.Notes[PartRun] = noProject
		} else {
			r.Run = w.Replay
		}
	}
	if !o.Skip[PartPrune] {
		switch {
		case w.Project == nil:
			r.Notes[PartPrune] = noProject
		case len(scan.ConfigErrors(w.Project)) > 0:
			r.Notes[PartPrune] = suite.ConfigFileName + " has errors"
		default:
			plan := w.PrunePlan()
			r.Prune = &plan
		}
	}
	if !o.Skip[PartSecrets] {
		if r.Secrets, err = SecretsReportOf(w).WithBaseline(o.Baseline); err != nil {
			return nil, err
		}
	}
	if !o.Skip[PartDoctor] {
		r.Doctor = DoctorReportOf(w)
	}
	return r, nil
}
