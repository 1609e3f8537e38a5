package engine

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// Options select what a run runs and how.
type Options struct {
	// Model overrides every case's model (dryfire run --model).
	Model string
	// Filter keeps the cases whose name contains it (dryfire run --filter).
	Filter string
	// Tags keep the suites carrying at least one of them (dryfire run
	// --tag).
	Tags []string
	// FailFast stops at the first case that does not pass (dryfire run
	// --fail-fast): later cases are not run.
	FailFast bool
	// KeepRequests keeps the hashable request of every visit, not only of
	// the missed one.
	KeepRequests bool
	// KeepRaw keeps each response's raw provider payload in the traces (a
	// run document shows it).
	KeepRaw bool
	// BriefTraces keeps of each trace what its turns came to (the final
	// text, the termination, usage and cost, the judges' verdicts) and
	// lets the turns go once the assertions are graded: for a command that
	// prints no trace and replays once (check, ls, prune), so that the
	// responses the turns point to are not held until the end. Such a
	// trace has no turns: [Trace.Requests] and [Trace.ToolNames] are empty.
	// The store's gateway then takes each served response from its file
	// (StoreFile.Served is nil once served), so that a response lives
	// only while its case runs.
	BriefTraces bool
	// Workers bounds the case repetitions run at once (default GOMAXPROCS).
	Workers int
	// Gateways gives each case repetition its gateway (nil: replay from
	// the store). provider: fake cases always play their script.
	Gateways GatewayFactory
	// Include, when set, keeps only the cases it accepts, after the
	// filter and the tags: the others are not planned at all (dryfire's
	// skip of a case whose provider has no key; the browser's re-recording
	// of chosen cases).
	Include func(c *suite.Case, r suite.Resolved) bool
	// Invoker runs passthrough (impl:) mocks. Without one, a case that
	// reaches one stops there, skipped: reading a project never runs its
	// code.
	Invoker Invoker
	// Pricing prices traces (nil: dryfire's bundled table).
	Pricing *pricing.Table
	// Now is the clock that times the loops (nil: time.Now).
	Now func() time.Time
	// Only, when set, runs the one case at the address ([FindCase]), as
	// dryfire trace does. The other cases are still planned far enough to
	// find a fake case without a script, which is an error wherever it is.
	Only *Address
	// StopOnErrors runs nothing when the project or the plan has an error,
	// as dryfire run, which checks everything before it runs anything.
	StopOnErrors bool
}

// Result is a run of a project.
type Result struct {
	// Cases are every repetition run, in plan order (suite load order,
	// case order, repetition order).
	Cases []CaseResult
	// Suites are dryfire's run result: the suites planned, each with its
	// cases' verdicts. With FailFast the cases after the first failure are
	// missing and Complete is false.
	Suites   []SuiteRun
	Complete bool
	// Errors are the project's spec errors, plus fake cases without a
	// script.
	Errors []suite.SpecError
	// ExitCode is replay's: 2 on any spec or config error; else 3 when a
	// repetition missed or ended in a provider error; else 1 when a case
	// errored; else 0.
	ExitCode int
	// RunExitCode is dryfire run's: 2 on any spec or config error; else 3
	// when a reported trace ended in a provider error; else 1 when a case
	// did not pass; else 0.
	RunExitCode int
}

// SuiteRun is one planned suite and its cases' verdicts.
type SuiteRun struct {
	Name string
	// File is the suite file's absolute path, as dryfire names it.
	File  string
	Cases []*CaseRun
}

// CaseRun is the verdict of one case: its repetitions aggregated.
type CaseRun struct {
	Suite, Case string
	// Reps are the repetitions, in order.
	Reps []*CaseResult
	// Rep is the repetition reported: the first that failed, else the
	// first.
	Rep    *CaseResult
	Passed bool
	// Repeated is set for a case with repeat above 1: then Passes of
	// len(Reps) passed, against RequirePassRate.
	Repeated        bool
	Passes          int
	RequirePassRate float64
}

// PassRate is passes over repetitions, as a float.
func (c *CaseRun) PassRate() float64 { return float64(c.Passes) / float64(len(c.Reps)) }

// plan is a case ready to run.
type plan struct {
	c    *suite.Case
	r    suite.Resolved
	fake *FakeGateway
	// first is the index of the case's first repetition in Result.Cases.
	first int
}

// runner holds what every repetition of a run shares.
type runner struct {
	opts Options
	// keys are what the keyers of the run's repetitions share.
	keys     conversation.Keys
	invoker  Invoker
	pricing  *pricing.Table
	gateways GatewayFactory
	now      func() time.Time
	// judgeSlots bounds the judge calls made at once across the run.
	judgeSlots chan struct{}
}

// Run runs every case of every parsed suite as `dryfire run` does —
// the loop, the mocks, the judges, the assertions, the repetitions —
// with each model call answered by its gateway (the store by default, as
// --cassette-mode replay). Failed suites are not run; their errors are in
// the result. The replay that gives every cassette its status is this
// same run.
func Run(ctx context.Context, p *suite.Project, s *cassette.Store, o Options) *Result {
	e := &runner{opts: o, invoker: o.Invoker, pricing: o.Pricing, gateways: o.Gateways, now: o.Now,
		judgeSlots: make(chan struct{}, JudgeConcurrency)}
	if e.pricing == nil {
		e.pricing = pricing.Bundled()
	}
	if e.now == nil {
		e.now = time.Now
	}
	if e.gateways == nil {
		g := NewStoreGateway(s, o.KeepRaw)
		g.take = o.BriefTraces
		e.gateways = func(*suite.Case, suite.Resolved, int) Gateway { return g }
	}
	res := &Result{Errors: append([]suite.SpecError(nil), p.Errors...)}
	plans := e.plan(p, res)
	if o.StopOnErrors && len(res.Errors) > 0 {
		plans = nil
	}
	reps := 0
	for _, pl := range plans {
		reps += pl.r.Repeat
	}
	res.Cases = make([]CaseResult, 0, reps)
	for _, pl := range plans {
		pl.first = len(res.Cases)
		for rep := range pl.r.Repeat {
			res.Cases = append(res.Cases, newCaseResult(pl.c, rep))
		}
	}
	ran := e.execute(ctx, plans, res)
	e.aggregate(res, plans, ran)
	res.ExitCode = replayExitCode(res)
	res.RunExitCode = runExitCode(res)
	return res
}

// plan lists the cases to run, with dryfire's filters; suites left with
// no case are dropped.
func (e *runner) plan(p *suite.Project, res *Result) []*plan {
	var plans []*plan
	var only *suite.Case
	if e.opts.Only != nil {
		only = FindCase(p, *e.opts.Only)
	}
	for _, st := range p.Suites {
		if st.Failed || (len(e.opts.Tags) > 0 && !slices.ContainsFunc(e.opts.Tags, func(t string) bool { return slices.Contains(st.Tags, t) })) {
			continue
		}
		for _, c := range st.Cases {
			if e.opts.Filter != "" && !strings.Contains(c.Name, e.opts.Filter) {
				continue
			}
			pl := &plan{c: c, r: suite.Resolve(&p.Config, c, e.opts.Model)}
			if e.opts.Include != nil && !e.opts.Include(c, pl.r) {
				continue
			}
			if pl.r.Provider == "fake" && !c.HasScript {
				res.Errors = append(res.Errors, suite.SpecError{File: st.Path, Line: c.Line, Column: c.Column,
					Message: "case " + jsonv.PyRepr(c.Name) + " uses provider 'fake' but has no 'script'"})
			}
			if e.opts.Only != nil && c != only {
				continue
			}
			if pl.r.Provider == "fake" {
				pl.fake = NewFakeGateway(c.Script, c.ScriptArgs)
			}
			plans = append(plans, pl)
		}
	}
	return plans
}

// execute runs the repetitions on a pool of workers; a fake case's
// repetitions run in order on one worker (they share the script). With
// FailFast no case after a failing one starts. It returns which plans
// ran to the end.
func (e *runner) execute(ctx context.Context, plans []*plan, res *Result) []bool {
	type unit struct{ plan, rep int } // rep -1: every repetition
	units := make([]unit, 0, len(plans))
	for i, pl := range plans {
		if pl.fake != nil {
			units = append(units, unit{i, -1})
			continue
		}
		for rep := range pl.r.Repeat {
			units = append(units, unit{i, rep})
		}
	}
	ran := make([]bool, len(plans))
	left := make([]atomic.Int32, len(plans))
	for i, pl := range plans {
		left[i].Store(int32(pl.r.Repeat))
	}
	var stopAt atomic.Int64 // the first failing plan + 1 (0: none)
	workers := e.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// The workers take the units in order from a shared counter: no
	// goroutine hands them out, so none waits on another between units.
	var taken atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, max(len(units), 1)) {
		wg.Go(func() {
			for {
				i := taken.Add(1) - 1
				if i >= int64(len(units)) || ctx.Err() != nil {
					return
				}
				u := units[i]
				if s := stopAt.Load(); s > 0 && int64(u.plan) >= s {
					return
				}
				e.unit(ctx, plans[u.plan], u.plan, u.rep, res, left, ran, &stopAt)
			}
		})
	}
	wg.Wait()
	if s := stopAt.Load(); s > 0 {
		for i := int(s); i < len(ran); i++ {
			ran[i] = false
		}
	}
	return ran
}

// unit runs one repetition of a plan (every repetition when rep < 0, a
// fake case's) and, after the plan's last one, marks it ran; with FailFast
// a plan that did not pass stops the plans after it.
func (e *runner) unit(ctx context.Context, pl *plan, idx, rep int, res *Result, left []atomic.Int32, ran []bool, stopAt *atomic.Int64) {
	reps := []int{rep}
	if rep < 0 {
		reps = reps[:0]
		for r := range pl.r.Repeat {
			reps = append(reps, r)
		}
	}
	for _, r := range reps {
		e.repetition(ctx, pl, r, &res.Cases[pl.first+r])
		if left[idx].Add(-1) != 0 {
			continue
		}
		ran[idx] = true
		if e.opts.FailFast && !casePassed(res.Cases[pl.first:pl.first+pl.r.Repeat], pl.r) {
			for {
				s := stopAt.Load()
				if (s > 0 && s <= int64(idx)+1) || stopAt.CompareAndSwap(s, int64(idx)+1) {
					break
				}
			}
		}
	}
}

// casePassed is dryfire's verdict of a case from its repetitions.
func casePassed(reps []CaseResult, r suite.Resolved) bool {
	passes := 0
	for _, c := range reps {
		if c.Passed {
			passes++
		}
	}
	if r.Repeat == 1 {
		return passes == 1
	}
	return float64(passes)/float64(len(reps)) >= r.RequirePassRate
}

// repetition runs one repetition of a case into res.
func (e *runner) repetition(ctx context.Context, pl *plan, index int, res *CaseResult) {
	x := &rep{p: pl, index: index, res: res}
	if pl.fake != nil {
		x.gw = pl.fake
	} else {
		x.gw = e.gateways(pl.c, pl.r, index)
		x.keyed = !isUncached(x.gw)
	}
	res.Outcome = OutcomeHit
	start := e.now()
	t := e.loop(ctx, x)
	if t == nil {
		return
	}
	t.DurationMS = e.now().Sub(start).Milliseconds()
	t.Model = pl.r.Model
	t.Cost = e.pricing.Cost(pl.r.Provider, pl.r.Model, t.Usage)
	if pl.fake == nil {
		res.Termination = t.Termination
	}
	e.judge(ctx, x, t)
	res.Trace = t
	res.Assertions = make([]AssertionResult, 0, len(pl.c.Assertions))
	for _, a := range pl.c.Assertions {
		if err := buildError(a); err != "" {
			res.Trace, res.Assertions = nil, nil
			res.fail(err)
			return
		}
		res.Assertions = append(res.Assertions, Grade(a, t))
	}
	res.Passed = true
	for _, a := range res.Assertions {
		res.Passed = res.Passed && a.Passed
	}
	if e.opts.BriefTraces {
		t.Turns = nil
	}
	if pl.fake != nil {
		res.Outcome = OutcomeSkipped
		res.Message = "provider fake: dryfire never records or replays scripted cases"
	}
}

// buildError is the exception dryfire raises when it builds an expect
// entry it did not check at load (an entry with no key, or several).
func buildError(a casemodel.Assertion) string {
	switch {
	case a.Keys == 0:
		return "RuntimeError('coroutine raised StopIteration')"
	case a.Err == "":
		return ""
	case a.Raises != "":
		return a.Raises
	case !slices.Contains(assertionKinds, a.Kind):
		return "KeyError(" + jsonv.PyRepr("no assertion registered for kind "+jsonv.PyRepr(a.Kind)) + ")"
	}
	return "1 validation error for " + a.Kind + "\n" + a.Err
}

var assertionKinds = []string{
	"call_order", "calls_tool", "cost_under", "final_contains", "final_json", "final_matches",
	"latency_under_ms", "llm_judge", "max_turns", "min_tool_calls", "not_calls_tool", "tool_args",
}

// aggregate folds repetitions into case verdicts, suite by suite.
func (e *runner) aggregate(res *Result, plans []*plan, ran []bool) {
	res.Complete = true
	var cur *SuiteRun
	dirs := map[string]string{}
	for i, pl := range plans {
		st := pl.c.Suite
		if i == 0 || plans[i-1].c.Suite != st {
			res.Suites = append(res.Suites, SuiteRun{Name: st.Name, File: absFile(st, dirs)})
			cur = &res.Suites[len(res.Suites)-1]
		}
		if !ran[i] {
			res.Complete = false
			continue
		}
		cr := &CaseRun{Suite: st.Name, Case: pl.c.Name, Repeated: pl.r.Repeat > 1, RequirePassRate: pl.r.RequirePassRate,
			Reps: make([]*CaseResult, 0, pl.r.Repeat)}
		for r := range pl.r.Repeat {
			c := &res.Cases[pl.first+r]
			cr.Reps = append(cr.Reps, c)
			if c.Passed {
				cr.Passes++
			}
			if cr.Rep == nil && !c.Passed {
				cr.Rep = c
			}
		}
		if cr.Rep == nil {
			cr.Rep = cr.Reps[0]
		}
		cr.Passed = casePassed(res.Cases[pl.first:pl.first+pl.r.Repeat], pl.r)
		cur.Cases = append(cur.Cases, cr)
	}
}

// absFile is a suite file's absolute path with symbolic links resolved,
// as dryfire, which resolves its working directory, names it. A file the
// command line named outside the project root keeps the absolute name it
// was given (its ".." included), as dryfire joins its working directory
// and the match. dirs keeps the directories resolved so far ("" for one
// that failed): the suites of a project share a few, and each resolution
// is a system call per path element.
func absFile(st *suite.Suite, dirs map[string]string) string {
	if filepath.IsAbs(filepath.FromSlash(st.Path)) {
		return filepath.FromSlash(st.Path)
	}
	f, err := filepath.Abs(st.File)
	if err != nil {
		return st.File
	}
	dir, ok := dirs[filepath.Dir(f)]
	if !ok {
		if dir, err = filepath.EvalSymlinks(filepath.Dir(f)); err != nil {
			dir = ""
		}
		dirs[filepath.Dir(f)] = dir
	}
	if dir != "" {
		return filepath.Join(dir, filepath.Base(f))
	}
	return f
}

// Planned counts the cases a run with o would run in p, and the errors
// planning finds (a fake case without a script), without running anything.
func Planned(p *suite.Project, o Options) (int, []suite.SpecError) {
	e := &runner{opts: o}
	res := &Result{}
	return len(e.plan(p, res)), res.Errors
}

// PlannedCase is a case a run would run, with its resolved settings.
type PlannedCase struct {
	Case     *suite.Case
	Resolved suite.Resolved
}

// PlannedCases lists the cases a run with o would run in p, in plan order
// (suite load order, case order), without running anything.
func PlannedCases(p *suite.Project, o Options) []PlannedCase {
	e := &runner{opts: o}
	plans := e.plan(p, &Result{})
	out := make([]PlannedCase, len(plans))
	for i, pl := range plans {
		out[i] = PlannedCase{Case: pl.c, Resolved: pl.r}
	}
	return out
}
