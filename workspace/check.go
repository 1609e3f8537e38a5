package workspace

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// The parts of [Check], as the check document names them.
const (
	PartReplay  = report.PartReplay
	PartRun     = report.PartRun
	PartSecrets = report.PartSecrets
	PartPrune   = report.PartPrune
	PartDoctor  = report.PartDoctor
)

// CheckOptions tune [Check].
type CheckOptions struct {
	// Skip names the parts not to run.
	Skip map[string]bool
	// Baseline is the secrets baseline file; "" reads
	// secrets.DefaultBaselineFile at the root when it exists.
	Baseline string
	// Getenv looks up environment variables for ${VAR} in suites.
	Getenv func(string) (string, bool)
}

// CheckResult is every part of [Check]. A nil part was skipped or does not
// apply; Notes says why a part that was not skipped did not run.
type CheckResult struct {
	Workspace *Workspace
	Replay    *engine.Result
	// Run is the same replay, for the run part (the cases' verdicts).
	Run     *engine.Result
	Secrets *Secrets
	Prune   *PrunePlan
	Doctor  *DoctorReport
	Notes   map[string]string
}

// ErrNothingToCheck is returned by [Check] when PATH has neither a project
// nor recordings.
var ErrNothingToCheck = errors.New("nothing to check: no dryfire.yaml at or above PATH and no recordings in it")

// Check is the CI gate: one scan of PATH, every cassette read once, with
// the replay, the secrets scan, the prune plan and doctor's checks riding on
// it.
func Check(ctx context.Context, path string, o CheckOptions) (*CheckResult, error) {
	w, err := Open(ctx, path, Options{Getenv: o.Getenv, Secrets: !o.Skip[PartSecrets], Doctor: !o.Skip[PartDoctor]})
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
		case len(ConfigErrors(w.Project)) > 0:
			r.Notes[PartPrune] = suite.ConfigFileName + " has errors"
		default:
			plan := w.PrunePlan()
			r.Prune = &plan
		}
	}
	if !o.Skip[PartSecrets] {
		if r.Secrets, err = w.SecretsReport().WithBaseline(o.Baseline); err != nil {
			return nil, err
		}
	}
	if !o.Skip[PartDoctor] {
		r.Doctor = w.DoctorReport()
	}
	return r, nil
}

// Secrets is the secrets part of a check, or the secrets command's result:
// the findings a baseline leaves open.
type Secrets struct {
	*SecretsReport
	// Open are the findings the baseline does not accept.
	Open []secrets.Finding
	// Suppressed is how many findings the baseline accepted.
	Suppressed int
	// Baseline is the baseline file read ("" for none), and Accepts its
	// rule (nil without one).
	Baseline string
	Accepts  func(rule, hash, path string) bool
}

// WithBaseline applies a baseline file to the findings: file, or
// secrets.DefaultBaselineFile at the root when file is "" and it exists.
func (r *SecretsReport) WithBaseline(file string) (*Secrets, error) {
	if file == "" {
		def := filepath.Join(r.Root, secrets.DefaultBaselineFile)
		if _, err := os.Stat(def); err == nil {
			file = def
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	s := &Secrets{SecretsReport: r, Baseline: file}
	var bl *secrets.Baseline
	if file != "" {
		var err error
		if bl, err = secrets.ReadBaseline(file); err != nil {
			return nil, err
		}
		s.Accepts = bl.Accepts
	}
	s.Suppressed = bl.Apply(r.Findings)
	for _, f := range r.Findings {
		if !f.Suppressed {
			s.Open = append(s.Open, f)
		}
	}
	return s, nil
}

// ConfigErrors are the errors of a project's dryfire.yaml (not of its
// suites): with any, prune has no valid set of suites to go by.
func ConfigErrors(p *suite.Project) []suite.SpecError {
	var out []suite.SpecError
	for _, se := range p.Errors {
		if se.File == suite.ConfigFileName {
			out = append(out, se)
		}
	}
	return out
}
