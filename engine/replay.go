package engine

import (
	"context"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Outcomes of a replayed case repetition, in terms of its cassettes.
const (
	OutcomeHit     = "hit"     // every keyed call was served from a cassette
	OutcomeMiss    = "miss"    // a call found no cassette: dryfire raises CassetteMiss
	OutcomeSkipped = "skipped" // not replayed from cassettes: provider fake, or a passthrough mock with no invoker
	OutcomeError   = "error"   // the case errors (broken cassette, unhashable request, bad mock value, bad input)
)

// Visit is one keyed model call of a case repetition: the storage key it
// asks for and, on a hit, the file that serves it.
type Visit struct {
	Turn int
	Key  string
	File *cassette.StoreFile // the serving file on a hit; the broken file on a lookup error
	// request is kept for a visit that missed, and for every visit with
	// Options.KeepRequests (see Visit.Request); nil otherwise. A replay of
	// 100,000 files keeps as many visits: one that holds no request is a
	// third of the size of one that holds a Value.
	request *jsonv.Value
	Hit     bool
	// Judge is set for a judge's call (after the loop's calls).
	Judge bool
}

// Request is the hashable request of the call (what request_digest
// records). It is kept for a visit that missed, and for every visit when
// Options.KeepRequests is set; the zero Value otherwise.
func (v Visit) Request() jsonv.Value {
	if v.request == nil {
		return jsonv.Value{}
	}
	return *v.request
}

// CaseResult is the run of one repetition of one case.
type CaseResult struct {
	Suite, Case, SuiteFile string
	RepeatIndex            int
	Spec                   *suite.Case
	// Outcome is what replay says: OutcomeHit, OutcomeMiss, OutcomeSkipped
	// or OutcomeError.
	Outcome     string
	Termination string // dryfire's termination; "" when the loop did not run to an end
	Visits      []Visit
	// Message is dryfire's CassetteMiss message for a miss (the first one),
	// the reason for a skip or an error, the unmocked-tool error for
	// unmocked_tool.
	Message     string
	NeedsPython bool

	// Trace is the loop's record (nil when the case ended before having
	// one: CaseError says why).
	Trace      *Trace
	Assertions []AssertionResult
	Passed     bool
	// CaseError is the exception that ended the case without a trace, as
	// dryfire reports it ("" for none).
	CaseError string
}

// Miss returns the first visit that missed, if any.
func (r *CaseResult) Miss() (Visit, bool) {
	if r.Outcome != OutcomeMiss {
		return Visit{}, false
	}
	for _, v := range r.Visits {
		if !v.Hit {
			return v, true
		}
	}
	return Visit{}, false
}

// fail ends the repetition with an exception and no trace.
func (r *CaseResult) fail(text string) {
	r.Outcome, r.Message, r.CaseError = OutcomeError, text, text
	r.Passed = false
}

// providerError ends the loop with a provider error (for replay's report).
func (r *CaseResult) providerError(msg string) {
	r.Outcome, r.Termination = OutcomeError, "provider_error"
	r.Message = "provider error: " + msg
}

func newCaseResult(c *suite.Case, rep int) CaseResult {
	return CaseResult{Suite: c.Suite.Name, Case: c.Name, SuiteFile: c.Suite.Path, RepeatIndex: rep, Spec: c}
}

// Replay runs every case of the project from the store, as
// `dryfire run --cassette-mode replay` would, offline. Failed suites are
// not replayed; their errors are in the result. Unlike dryfire's report,
// every repetition is in Result.Cases (dryfire reports only the first
// failing one, which can hide a miss).
func Replay(ctx context.Context, p *suite.Project, s *cassette.Store, o Options) *Result {
	return Run(ctx, p, s, o)
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

func runExitCode(res *Result) int {
	if len(res.Errors) > 0 {
		return 2
	}
	code := 0
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if t := c.Rep.Trace; t != nil && t.Termination == "provider_error" {
				return 3
			}
			if !c.Passed {
				code = 1
			}
		}
	}
	return code
}

// Responder answers one model call of a simulated case: turn is the call
// counter of the repetition, hashArgs what dryfire's caching layer hashes.
type Responder func(turn int, hashArgs jsonv.Value) (cassette.Response, error)

// responderGateway adapts a Responder.
type responderGateway Responder

func (g responderGateway) Complete(_ context.Context, call *Call) (Reply, error) {
	resp, err := g(call.Turn, call.Request.HashArgs())
	if err != nil {
		return Reply{}, err
	}
	return Reply{Response: &resp}, nil
}

// Simulate runs one repetition of a case with responses from respond
// instead of a provider or a cassette store, with the case's mocks, judges
// and assertions, and returns it with every visit's storage key (key#N for
// repetitions from 1). A project generator records real cassettes with it:
// write each response under the visit's key. cfg may be nil; model
// overrides the case's model when not "".
func Simulate(cfg *suite.Config, c *suite.Case, rep int, model string, respond Responder) CaseResult {
	p := &suite.Project{Suites: []*suite.Suite{c.Suite}}
	if cfg != nil {
		p.Config = *cfg
	}
	e := &runner{opts: Options{KeepRequests: true}, pricing: pricing.Bundled(), now: timeNow,
		gateways: func(*suite.Case, suite.Resolved, int) Gateway { return responderGateway(respond) }}
	r := suite.Resolve(cfg, c, model)
	pl := &plan{c: c, r: r}
	res := newCaseResult(c, rep)
	e.repetition(context.Background(), pl, rep, &res)
	return res
}

// RequestAt returns the hashable request case c sends at turn (0-based) of
// repetition rep when replayed from s, and the key it asks for. It fails
// when the run ends before that turn (an earlier miss, or the loop
// stopped).
func RequestAt(p *suite.Project, s *cassette.Store, c *suite.Case, rep, turn int, o Options) (jsonv.Value, string, error) {
	o.KeepRequests = true
	o.Filter = ""
	g := NewStoreGateway(s, false)
	e := &runner{opts: o, pricing: pricing.Bundled(), now: timeNow, invoker: o.Invoker,
		gateways: func(*suite.Case, suite.Resolved, int) Gateway { return g }}
	pl := &plan{c: c, r: suite.Resolve(&p.Config, c, o.Model)}
	res := newCaseResult(c, rep)
	e.repetition(context.Background(), pl, rep, &res)
	for _, v := range res.Visits {
		if v.Turn == turn {
			return v.Request(), v.Key, nil
		}
	}
	return jsonv.Value{}, "", fmt.Errorf("%s repetition %d makes no call at turn %d (%s)", c.ID(), rep, turn, res.Outcome)
}
