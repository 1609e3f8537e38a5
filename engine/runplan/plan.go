package runplan

import (
	"context"
	"io"
	"sort"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Options tune [Prepare].
type Options struct {
	// Engine selects and tunes the run (filter, tags, model, fail-fast,
	// workers, gateways, clock).
	Engine engine.Options
	// Invoker runs the impl callables of passthrough mocks (nil: cases
	// that reach such a mock stop there). The plan stops it ([Plan.Close])
	// when it can be stopped (io.Closer).
	Invoker engine.Invoker
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

// Plan is a run prepared by [Prepare]: the project, the mode, and,
// for the modes that call providers, what the run will call before it
// calls anything.
type Plan struct {
	Project *suite.Project
	// CassetteRoot is where the run reads and writes cassettes.
	CassetteRoot string
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

	// given are the engine options the plan was made with; eo those it
	// runs with (the cases skipped for want of a key left out).
	given, eo engine.Options
	store     *cassette.Store
	live      LiveOptions
	providers map[string]engine.Provider
	skip      map[*suite.Case]bool
	runnable  int
	rec       *recorder
	// recordings are shared with the other columns of a comparison (nil:
	// the run's own).
	recordings *engine.Recordings
}

// Errors are what stops the run before anything runs: the project's spec
// errors, then the planned fake cases without a script.
func (rp *Plan) Errors() []suite.SpecError {
	errs := append([]suite.SpecError(nil), rp.Project.Errors...)
	if len(errs) > 0 {
		return errs
	}
	_, planErrs := engine.Planned(rp.Project, rp.given)
	return planErrs
}

// CallsProviders reports whether the run may call a model provider.
func (rp *Plan) CallsProviders() bool { return rp.Estimate.Calls > 0 }

// NothingToRun reports whether every planned case was skipped for want of
// a key: dryfire then prints the skips and exits 0 with no report.
func (rp *Plan) NothingToRun() bool { return len(rp.Skipped) > 0 && rp.runnable == 0 }

// Live reports whether the mode calls providers (record, auto, off).
func (rp *Plan) Live() bool {
	return rp.Mode == engine.ModeRecord || rp.Mode == engine.ModeAuto || rp.Mode == engine.ModeOff
}

// Prepare plans a run of the project p, whose suites are loaded, over the
// cassettes under cassetteRoot, up to reading them: [Plan.Load] is given
// them next (the caller's one walk of the files, made only when the plan
// gets that far). As with dryfire, nothing runs when a suite or
// dryfire.yaml has an error, a fake case has no script or a passthrough
// mock's impl does not import: the project then holds the errors (exit
// code 2). It fails with a *ModeError for a mode dryfire does not know.
//
// With Engine.Only the plan is dryfire trace's, one case: an address that
// names no case is an *engine.CaseNotFoundError (once the project has no
// error).
func Prepare(ctx context.Context, p *suite.Project, cassetteRoot string, o Options) (*Plan, error) {
	rp := &Plan{Project: p, CassetteRoot: cassetteRoot, live: o.Live}
	eo := o.Engine
	eo.StopOnErrors = true
	eo.Invoker = o.Invoker
	rp.given = eo
	if n, errs := engine.Planned(p, eo); len(p.Errors) == 0 && len(errs) == 0 {
		if n == 0 && eo.Only != nil {
			return rp, &engine.CaseNotFoundError{Address: *eo.Only, Near: engine.NearestCase(p, *eo.Only)}
		}
		if n > 0 {
			// dryfire resolves the mode once it knows there is something to
			// run: no case matched is exit 0 whatever the mode.
			mode, err := ResolveMode(o.Mode, p)
			if err != nil {
				return rp, err
			}
			rp.Mode = mode
		}
	}
	if o.Invoker != nil && len(p.Errors) == 0 {
		if errs, err := engine.ImplErrors(ctx, p, o.Invoker); err == nil && len(errs) > 0 {
			p.Errors = append(p.Errors, errs...)
			sort.SliceStable(p.Errors, func(i, j int) bool { return p.Errors[i].File < p.Errors[j].File })
		}
	}
	return rp, nil
}

// Load completes the plan with the cassette store of its root, which the
// caller read: in the modes that call providers it resolves their
// gateways, lists the cases skipped for want of a key, and estimates the
// calls and their cost; nothing is called yet. It fails with a
// provider.ConfigError for a provider name dryfire does not know, and,
// in a trace (Engine.Only), a *provider.MissingKeyError where a run of
// every case skips the case.
func (rp *Plan) Load(ctx context.Context, store *cassette.Store) error {
	rp.store = store
	return rp.prepare(ctx)
}

// Close stops the passthrough invoker of the run, when it has one that
// can be stopped: once the run is done, so that what the callables
// printed is out before anything is reported, or when the plan is not
// run. Closing twice is closing once.
func (rp *Plan) Close() {
	if c, ok := rp.given.Invoker.(io.Closer); ok {
		_ = c.Close()
	}
}

// ResolveMode is the cassette mode of a run, as dryfire resolves it: the
// flag's, else dryfire.yaml's cassettes.mode, else off. A mode dryfire
// does not know is a *ModeError.
func ResolveMode(flag string, p *suite.Project) (string, error) {
	mode := flag
	if mode == "" {
		mode = p.Config.CassetteMode
	}
	if mode == "" {
		mode = engine.ModeOff
	}
	switch mode {
	case engine.ModeReplay, engine.ModeRecord, engine.ModeAuto, engine.ModeOff:
		return mode, nil
	}
	return mode, &ModeError{Mode: mode}
}

// prepare sets the engine options of the run from the given ones and, in
// the modes that call providers, resolves the gateways, the skips and the
// notes, and estimates what the run will call.
func (rp *Plan) prepare(ctx context.Context) error {
	rp.eo = rp.given
	if !rp.Live() || len(rp.Project.Errors) > 0 {
		return nil
	}
	return rp.prepareLive(ctx)
}

// prepareLive resolves the gateways, the skips and the notes, and
// estimates what the run will call.
func (rp *Plan) prepareLive(ctx context.Context) error {
	planned := engine.PlannedCases(rp.Project, rp.eo)
	if err := rp.resolveProviders(planned); err != nil {
		return err
	}
	if rp.eo.Only != nil && len(rp.Skipped) > 0 {
		// dryfire trace, an explicit request, fails where run skips.
		return rp.Skipped[0].Missing
	}
	rp.notes(planned)
	if rp.Mode != engine.ModeOff {
		keys := recordKeys(rp.live, customProviders(rp.Project))
		rec, err := newRecorder(rp.Project.Root, rp.CassetteRoot, rp.live.RedactSecrets, keys)
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
func (rp *Plan) OnCall(f func(engine.CallEvent)) { rp.live.OnCall = f }

// Execute runs the prepared plan. In record and auto it writes the
// cassettes it records, after a secrets scan; the second result says what
// it wrote (empty in replay and off).
func (rp *Plan) Execute(ctx context.Context) (*engine.Result, *Recorded) {
	eo := rp.eo
	rec := rp.rec
	if rp.Live() && len(rp.Project.Errors) == 0 {
		lo := engine.LiveOptions{Mode: rp.Mode, Providers: rp.providers, Store: rp.store,
			Uncached: rp.uncached, Now: rp.live.Now, OnCall: rp.live.OnCall, Recordings: rp.recordings}
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
