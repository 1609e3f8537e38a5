package htmlreport

import "github.com/dryfire-tui/dryfire-tui/internal/jsonv"

// The run document's fields, as the page reads them (see [NewDocument]
// for what is required). Optional texts are pointers: nil is null.
type (
	run struct {
		schema      string // schema_version as written ("" when absent)
		generatedAt string
		complete    bool
		suites      []suiteDoc
	}
	suiteDoc struct {
		name, path string
		cases      []caseDoc
	}
	caseDoc struct {
		suite, name string
		outcome     // the repetition reported: the first that failed, else the first
		// repeated is set for a case run more than once: reps are its
		// repetitions, against its pass rates.
		repeated                  bool
		passRate, requirePassRate *float64
		reps                      []outcome
	}
	outcome struct {
		passed     bool
		err        *string
		assertions []assertion
		trace      *trace
	}
	assertion struct {
		kind, description string
		passed            bool
		message           string
		expected, actual  jsonv.Value // strings as dryfire writes them, or null
	}
	trace struct {
		caseName, suiteName string
		turns               []turn
		finalText           *string
		termination         string
		usage               usage
		cost                *float64
		durationMS          int64
		err, model          *string
		verdicts            []verdict
		judgeUsage          usage
		judgeCost           *float64
	}
	turn struct {
		index    int64
		request  []message
		response response
		results  []toolResult
	}
	message struct {
		role    string
		content jsonv.Value
		calls   []toolCall
		results []toolResult
	}
	response struct {
		text      *string
		calls     []toolCall
		stop      string
		usage     usage
		latencyMS int64
		cacheHit  bool
	}
	toolCall struct {
		id, name  string
		args      jsonv.Value
		malformed *string
	}
	toolResult struct {
		callID  string
		content jsonv.Value
		isError bool
	}
	usage struct {
		in, out, cacheRead, cacheWrite int64
	}
	verdict struct {
		key                                        string
		score                                      float64
		passed                                     bool
		reasoning, model, modelVersion, rubricHash string
		threshold                                  float64
		err                                        *string
		usage                                      usage
	}
)

// status is a case's verdict as the page shows it.
type status uint8

const (
	statusPassed status = iota
	statusFailed
	// statusErrored is a case that could not be evaluated: a provider
	// error, an unmocked tool, an exception (JUnit's <error>).
	statusErrored
)

// String is the status as the page and its classes name it.
func (s status) String() string {
	switch s {
	case statusFailed:
		return "failed"
	case statusErrored:
		return "errored"
	default:
		return "passed"
	}
}

// statusOf is an outcome's status: passed as dryfire counts it (every
// assertion held, or a repeated case's pass rate was met); else errored
// by the rule of the JUnit report (an error, or a trace that ended in a
// provider error or an unmocked tool), else failed. The passed count is
// the terminal report's, and failed plus errored is its failed count.
func statusOf(o outcome) status {
	switch {
	case o.passed:
		return statusPassed
	case o.err != nil && *o.err != "",
		o.trace != nil && (o.trace.termination == "provider_error" || o.trace.termination == "unmocked_tool"):
		return statusErrored
	}
	return statusFailed
}

// passes is the number of repetitions that passed.
func (c *caseDoc) passes() int {
	n := 0
	for _, r := range c.reps {
		if r.passed {
			n++
		}
	}
	return n
}

// mixed reports whether a repeated case's repetitions disagree: the ~ of
// the terminal report.
func (c *caseDoc) mixed() bool {
	p := c.passes()
	return c.repeated && p != 0 && p != len(c.reps)
}

// reported is the index of the repetition the case reports (the first
// that failed, else the first), or -1 for a case not repeated.
func (c *caseDoc) reported() int {
	if !c.repeated || len(c.reps) == 0 {
		return -1
	}
	for i, r := range c.reps {
		if !r.passed {
			return i
		}
	}
	return 0
}

func (u usage) total() int64 { return u.in + u.out }

func (u usage) add(o usage) usage {
	return usage{u.in + o.in, u.out + o.out, u.cacheRead + o.cacheRead, u.cacheWrite + o.cacheWrite}
}

// cacheHits is the number of turns a cassette served.
func (t *trace) cacheHits() int {
	n := 0
	for _, tn := range t.turns {
		if tn.response.cacheHit {
			n++
		}
	}
	return n
}

// totals are the figures of the summary.
type totals struct {
	cases, suites                  int
	passed, failed, errored, mixed int
	turns, cached                  int
	usage, judgeUsage              usage
	cost, judgeCost                float64
	priced, judgePriced, judged    bool
	durationMS                     int64
}

// totalsOf sums the run up as the terminal report does: the reported
// repetition of each case.
func totalsOf(r *run) totals {
	t := totals{suites: len(r.suites)}
	for i := range r.suites {
		for j := range r.suites[i].cases {
			t.addCase(&r.suites[i].cases[j])
		}
	}
	return t
}

func (t *totals) addCase(c *caseDoc) {
	t.cases++
	switch statusOf(c.outcome) {
	case statusErrored:
		t.errored++
	case statusFailed:
		t.failed++
	default:
		t.passed++
	}
	if c.mixed() {
		t.mixed++
	}
	tr := c.trace
	if tr == nil {
		return
	}
	t.turns += len(tr.turns)
	t.cached += tr.cacheHits()
	t.usage = t.usage.add(tr.usage)
	t.judgeUsage = t.judgeUsage.add(tr.judgeUsage)
	t.durationMS += tr.durationMS
	t.judged = t.judged || len(tr.verdicts) > 0
	if tr.cost != nil {
		t.cost, t.priced = t.cost+*tr.cost, true
	}
	if tr.judgeCost != nil {
		t.judgeCost, t.judgePriced = t.judgeCost+*tr.judgeCost, true
	}
}
