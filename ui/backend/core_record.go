package backend

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// CoreRecorder is the Recorder on the core: the run of `dryfire-tui run
// --cassette-mode record` limited to the chosen cases (command.PrepareRun
// and command.Execute: keys, retries, the secrets scan before writing,
// atomic writes), and the git review.
type CoreRecorder struct {
	// Env looks up ${VAR} in suites, API keys and base URLs (nil: the
	// process environment).
	Env provider.Env
	// Provider tunes the gateways; MaxRetries 0 is none, so pass
	// provider.DefaultMaxRetries for dryfire's default.
	Provider provider.Options
}

// Plan implements Recorder.
func (c CoreRecorder) Plan(ctx context.Context, path string, cases []CaseRef) (RecordPlan, error) {
	chosen := map[CaseRef]bool{}
	for _, cr := range cases {
		chosen[cr] = true
	}
	isChosen := func(sc *suite.Case, _ suite.Resolved) bool {
		return chosen[CaseRef{sc.Suite.Name, sc.Name}] || chosen[CaseRef{Suite: sc.Suite.Name}]
	}
	recordable := func(sc *suite.Case, r suite.Resolved) bool {
		return isChosen(sc, r) && r.Provider != "fake" && !engine.UsesPassthrough(sc)
	}
	rp, err := command.PrepareRun(ctx, command.RunRequest{
		Env:    command.Env{LookupEnv: c.Env},
		Paths:  pathArgs(path),
		Mode:   engine.ModeRecord,
		Engine: engine.Options{Include: recordable},
		Live:   runplan.LiveOptions{Env: c.Env, Provider: c.Provider},
	})
	if err != nil {
		return RecordPlan{}, err
	}
	if len(rp.Project.Errors) > 0 {
		e := rp.Project.Errors[0]
		return RecordPlan{}, fmt.Errorf("%s:%d:%d: %s: fix the suites first", e.File, e.Line, e.Column, e.Message)
	}
	p := RecordPlan{Root: rp.Project.Root, CassetteDir: rp.CassetteDir(), Handle: rp,
		Repetitions: rp.Estimate.Repetitions, Calls: rp.Estimate.Calls, Cost: rp.Estimate.CostText()}
	skipped := map[CaseRef]string{}
	for _, s := range rp.Skipped {
		skipped[CaseRef{s.Suite, s.Case}] = s.Missing.EnvVar
	}
	var leftOut []string
	for _, pc := range engine.PlannedCases(rp.Project, engine.Options{Include: isChosen}) {
		ref := CaseRef{pc.Case.Suite.Name, pc.Case.Name}
		name := ref.Suite + "::" + ref.Case
		switch {
		case pc.Resolved.Provider == "fake":
			leftOut = append(leftOut, name+" plays its script (provider: fake): dryfire never records it")
		case engine.UsesPassthrough(pc.Case):
			leftOut = append(leftOut, name+" uses passthrough mocks: dryfire never records it")
		case skipped[ref] != "":
			leftOut = append(leftOut, name+" needs "+skipped[ref]+", which is not set")
		default:
			p.Cases = append(p.Cases, ref)
		}
	}
	p.LeftOut = uniqueLines(leftOut)
	for _, u := range rp.Estimate.Providers {
		p.Providers = append(p.Providers, RecordProvider{Name: u.Name, Models: u.Models, KeyEnv: u.KeyEnv, KeySet: u.KeySet, Calls: u.Calls})
	}
	return p, nil
}

// uniqueLines keeps the first of each line (planning runs the filter more
// than once).
func uniqueLines(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// Record implements Recorder.
func (c CoreRecorder) Record(ctx context.Context, plan RecordPlan, progress func(RecordProgress)) RecordResult {
	rp, ok := plan.Handle.(*runplan.Plan)
	if !ok {
		return RecordResult{Err: errors.New("the plan was not made by this recorder")}
	}
	var mu sync.Mutex
	calls := 0
	rp.OnCall(func(ev engine.CallEvent) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		progress(RecordProgress{Calls: n, Most: plan.Calls, Line: callLine(ev)})
	})
	run := command.Execute(ctx, rp)
	res, rec := run.Result, run.Recorded
	out := RecordResult{Written: rec.Written, Interrupted: run.Outcome == command.Interrupted}
	for _, r := range rec.Refused {
		out.Problems = append(out.Problems, r.Error())
	}
	for _, s := range res.Suites {
		for _, cr := range s.Cases {
			if cr.Passed {
				out.Passed++
				continue
			}
			out.Failed++
			if t := cr.Rep.Trace; t != nil && t.Termination == "provider_error" && t.HasError {
				out.Problems = append(out.Problems, cr.Suite+"::"+cr.Case+": "+t.Error)
			}
		}
	}
	out.Problems = uniqueLines(out.Problems)
	return out
}

// callLine is a progress line: the call and how it went.
func callLine(ev engine.CallEvent) string {
	s := ev.Suite + "::" + ev.Case
	if ev.RepeatIndex > 0 {
		s += fmt.Sprintf(" #%d", ev.RepeatIndex)
	}
	s += fmt.Sprintf(" turn %02d", ev.Turn)
	if ev.Judge {
		s += " (judge)"
	}
	switch {
	case ev.Err != nil:
		return s + " failed: " + ev.Err.Error()
	case ev.File != "":
		return s + " recorded"
	}
	return s + " called"
}

// Review implements Recorder.
func (CoreRecorder) Review(ctx context.Context, root string) (*gitreview.Review, []string, error) {
	return NewReviewLoader(root)(ctx)
}
