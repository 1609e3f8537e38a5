package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Outcomes of a replayed case repetition.
const (
	OutcomeHit     = "hit"     // every visit was served from a cassette
	OutcomeMiss    = "miss"    // a visit found no cassette: dryfire raises CassetteMiss
	OutcomeSkipped = "skipped" // not simulated: provider fake, or a passthrough mock needs Python
	OutcomeError   = "error"   // the case errors (broken cassette, unhashable request, bad mock value, bad input)
)

// Visit is one model call of a simulated case: the storage key it asks
// for and, on a hit, the file that serves it.
type Visit struct {
	Turn int
	Key  string
	Hit  bool
	File *cassette.StoreFile // the serving file on a hit; the broken file on a lookup error
	// Request is the hashable request of the call (what request_digest
	// records). It is kept for the visit that missed, and for every visit
	// when ReplayOptions.KeepRequests is set.
	Request jsonv.Value
}

// CaseResult is the replay of one repetition of one case.
type CaseResult struct {
	Suite, Case, SuiteFile string
	RepeatIndex            int
	Spec                   *suite.Case
	Outcome                string // OutcomeHit, OutcomeMiss, OutcomeSkipped or OutcomeError
	Termination            string // dryfire's termination; "" when not simulated
	Visits                 []Visit
	// Message is dryfire's CassetteMiss message for a miss, the reason for
	// a skip or an error, the unmocked-tool error for unmocked_tool.
	Message     string
	NeedsPython bool
}

// Miss returns the visit that missed, if any.
func (r *CaseResult) Miss() (Visit, bool) {
	if r.Outcome == OutcomeMiss && len(r.Visits) > 0 {
		return r.Visits[len(r.Visits)-1], true
	}
	return Visit{}, false
}

// Options select and override what [Replay] simulates.
type Options struct {
	// Model overrides every case's model (dryfire run --model).
	Model string
	// Filter keeps the cases whose name contains it (dryfire run --filter).
	Filter string
	// KeepRequests keeps the hashable request of every visit, not only of
	// the missed one.
	KeepRequests bool
	// Workers bounds the cases simulated at once (default GOMAXPROCS).
	Workers int
}

// Result is the offline replay of a project.
type Result struct {
	Cases  []CaseResult      // suite load order, case order, repetition order
	Errors []suite.SpecError // the project's errors, plus fake cases without a script
	// ExitCode: 2 on any spec or config error; else 3 when a repetition
	// missed or ended in a provider error; else 1 when a case errored; else 0.
	ExitCode int
}

// Replay simulates every case of every parsed suite exactly as
// `dryfire run --cassette-mode replay` would, offline, serving each turn
// from s. Failed suites are not replayed; their errors are in the result.
// Unlike dryfire, every repetition is reported (dryfire reports only the
// first failing one, which can hide a miss).
func Replay(ctx context.Context, p *suite.Project, s *cassette.Store, o Options) *Result {
	res := &Result{Errors: append([]suite.SpecError(nil), p.Errors...)}
	type unit struct {
		c   *suite.Case
		rep int
	}
	var units []unit
	for _, st := range p.Suites {
		if st.Failed {
			continue
		}
		for _, c := range st.Cases {
			if o.Filter != "" && !strings.Contains(c.Name, o.Filter) {
				continue
			}
			r := suite.Resolve(&p.Config, c, o.Model)
			if r.Provider == "fake" && !c.HasScript {
				res.Errors = append(res.Errors, suite.SpecError{File: st.Path, Line: c.Line, Column: c.Column,
					Message: "case " + jsonv.PyRepr(c.Name) + " uses provider 'fake' but has no 'script'"})
			}
			for rep := range r.Repeat {
				units = append(units, unit{c, rep})
			}
		}
	}
	res.Cases = make([]CaseResult, len(units))
	rs := newStoreResponder(s)
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(len(units), 1)) {
		wg.Go(func() {
			for i := range next {
				u := units[i]
				res.Cases[i] = replayCase(&p.Config, u.c, u.rep, o, rs)
			}
		})
	}
	for i := range units {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	res.ExitCode = replayExitCode(res)
	return res
}

func replayExitCode(res *Result) int {
	if len(res.Errors) > 0 {
		return 2
	}
	code := 0
	for i := range res.Cases {
		c := &res.Cases[i]
		switch {
		case c.Outcome == OutcomeMiss || c.Termination == "provider_error":
			return 3
		case c.Outcome == OutcomeError:
			code = 1
		}
	}
	return code
}

func replayCase(cfg *suite.Config, c *suite.Case, rep int, o Options, rs *storeResponder) CaseResult {
	r := suite.Resolve(cfg, c, o.Model)
	if r.Provider == "fake" {
		res := newCaseResult(c, rep)
		res.Outcome = OutcomeSkipped
		res.Message = "provider fake: dryfire never records or replays scripted cases"
		return res
	}
	return simulate(c, r, rep, o.KeepRequests, false, rs.gen, rs.respond)
}

// errMiss is what the store responder returns when no cassette serves a key.
var errMiss = errors.New("cassette miss")

// Responder answers one model call of a simulated case: turn is the call
// counter of the repetition, hashArgs what dryfire's caching layer hashes
// (provider, model, system, messages, tools, params).
type Responder func(turn int, hashArgs jsonv.Value) (cassette.Response, error)

// Simulate runs dryfire's agent loop for one repetition of a case with
// responses from respond instead of a provider or a cassette store, with
// the case's mocks, and returns every visit with its storage key (key#N for
// repetitions from 1). A project generator records real cassettes with it:
// write each response under the visit's key. An error from respond ends the
// case as a provider error (OutcomeError, its text in Message). cfg may be
// nil; model overrides the case's model when not "".
func Simulate(cfg *suite.Config, c *suite.Case, rep int, model string, respond Responder) CaseResult {
	r := suite.Resolve(cfg, c, model)
	return simulate(c, r, rep, true, true, 0, func(turn int, hashArgs jsonv.Value, _ string) (cassette.Response, *cassette.StoreFile, error) {
		resp, err := respond(turn, hashArgs)
		return resp, nil, err
	})
}

// RequestAt returns the hashable request case c sends at turn (0-based) of
// repetition rep when replayed from s, and the key it asks for. It fails
// when the simulation ends before that turn (an earlier miss, or the loop
// stopped).
func RequestAt(p *suite.Project, s *cassette.Store, c *suite.Case, rep, turn int, o Options) (jsonv.Value, string, error) {
	o.KeepRequests = true
	res := replayCase(&p.Config, c, rep, o, newStoreResponder(s))
	for _, v := range res.Visits {
		if v.Turn == turn {
			return v.Request, v.Key, nil
		}
	}
	return jsonv.Value{}, "", fmt.Errorf("%s repetition %d makes no call at turn %d (%s)", c.ID(), rep, turn, res.Outcome)
}

// storeResponder serves responses from a store, parsing each file once.
type storeResponder struct {
	s *cassette.Store
	// gen tells the keyers of this replay's cases apart from those of
	// other replays: within one replay the suites do not change, so the
	// encoded tail of a suite's requests can be reused from case to case.
	gen   uint64
	mu    sync.Mutex
	cache map[*cassette.StoreFile]cachedResponse
}

var replayGen atomic.Uint64

type cachedResponse struct {
	resp cassette.Response
	err  error
}

func newStoreResponder(s *cassette.Store) *storeResponder {
	return &storeResponder{s: s, cache: map[*cassette.StoreFile]cachedResponse{}, gen: replayGen.Add(1)}
}

func (rs *storeResponder) respond(_ int, _ jsonv.Value, key string) (cassette.Response, *cassette.StoreFile, error) {
	if rs.s == nil {
		return cassette.Response{}, nil, errMiss
	}
	f, err := rs.s.Lookup(key)
	if err != nil {
		return cassette.Response{}, f, err
	}
	if f == nil {
		return cassette.Response{}, nil, errMiss
	}
	if f.Served != nil {
		return *f.Served, f, nil
	}
	rs.mu.Lock()
	cr, ok := rs.cache[f]
	rs.mu.Unlock()
	if !ok {
		cr = rs.load(f)
		rs.mu.Lock()
		rs.cache[f] = cr
		rs.mu.Unlock()
	}
	return cr.resp, f, cr.err
}

func (rs *storeResponder) load(f *cassette.StoreFile) cachedResponse {
	c, err := rs.s.Read(f)
	if err != nil {
		return cachedResponse{err: err}
	}
	resp, err := cassette.ParseResponse(c.Response)
	if err != nil {
		return cachedResponse{err: fmt.Errorf("%s: invalid response: %w", f.Rel, err)}
	}
	return cachedResponse{resp: resp}
}

// MissMessage is dryfire's CassetteMiss message, exactly.
func MissMessage(suite, caseName, key string) string {
	return "cassette miss in replay mode: no recording for " + suite + "::" + caseName +
		" (fingerprint " + key + "). Record it with --cassette-mode=record."
}

func newCaseResult(c *suite.Case, rep int) CaseResult {
	return CaseResult{Suite: c.Suite.Name, Case: c.Name, SuiteFile: c.Suite.Path, RepeatIndex: rep, Spec: c}
}
