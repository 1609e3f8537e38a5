package backend

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/scan"
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
	// StandIn, when set, says who answers the calls instead of the
	// providers (the demo's stand-in): the dialog says it in place of the
	// keys and the cost.
	StandIn string
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
	root, files, err := c.suiteFiles(path, cases)
	if err != nil {
		return RecordPlan{}, err
	}
	rp, err := command.PrepareRun(ctx, command.RunRequest{
		Env:    command.Env{Dir: root, LookupEnv: c.Env},
		Paths:  files,
		Mode:   engine.ModeRecord,
		Engine: engine.Options{Include: recordable},
		Live:   runplan.LiveOptions{Env: c.Env, Provider: c.Provider},
	})
	if err != nil {
		return RecordPlan{}, err
	}
	if len(rp.Project.Errors) > 0 {
		e := rp.Project.Errors[0]
		return RecordPlan{}, fmt.Errorf("%s:%d:%d: %s: fix the suite first", e.File, e.Line, e.Column, e.Message)
	}
	p := RecordPlan{Root: rp.Project.Root, CassetteDir: rp.CassetteDir(), Handle: rp, StandIn: c.StandIn,
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

// suiteFiles are the suite files that hold the chosen cases, as the
// arguments of dryfire's suite form (globs, so escaped), and the project
// root they are relative to: the re-recording loads those suites alone,
// as `dryfire run FILE… --cassette-mode record` does, so that a suite that
// fails to parse elsewhere in the project blocks only its own cases.
// dryfire.yaml is read, and an error in it blocks everything.
func (c CoreRecorder) suiteFiles(path string, cases []CaseRef) (string, []string, error) {
	l, err := scan.Resolve(scan.Request{Args: pathArgs(path), Want: scan.Suites})
	if err != nil {
		return "", nil, err
	}
	if l.Project == nil {
		return "", nil, &scan.NoProjectError{Path: l.Arg}
	}
	l.LoadSuites(c.Env)
	if errs := scan.ConfigErrors(l.Project); len(errs) > 0 {
		e := errs[0]
		return "", nil, fmt.Errorf("%s:%d:%d: %s: fix %s first", e.File, e.Line, e.Column, e.Message, suite.ConfigFileName)
	}
	chosen := map[string]bool{}
	for _, cr := range cases {
		chosen[cr.Suite] = true
	}
	var files []string
	for _, s := range l.Project.Suites {
		if chosen[s.Name] && !slices.Contains(files, globEscape(s.File)) {
			files = append(files, globEscape(s.File))
		}
	}
	if len(files) == 0 {
		return "", nil, errors.New("no suite holds the chosen cases any more: press r to read the project again")
	}
	return l.Root, files, nil
}

// globEscape is p as a glob that matches p alone, as Python's
// glob.escape writes it: each *, ? and [ inside brackets.
func globEscape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if r == '*' || r == '?' || r == '[' {
			b.WriteString("[" + string(r) + "]")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
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
