package report

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// WritePlan says what a run will call: per provider its models, its key
// variable and whether it is set (never its value), the calls at most, the
// estimated cost, and where cassettes go.
func WritePlan(w io.Writer, rp *runplan.Plan) {
	writeEstimate(w, rp.Mode, rp.Estimate, rp.CassetteDir())
}

// WriteComparePlan says what a comparison will call, its columns added
// up, as [WritePlan] says it of a run.
func WriteComparePlan(w io.Writer, cmp *runplan.Comparison) {
	dir := ""
	for _, col := range cmp.Columns {
		if col.Plan != nil {
			dir = col.Plan.CassetteDir()
			break
		}
	}
	writeEstimate(w, cmp.Mode, cmp.Estimate(), dir)
}

func writeEstimate(w io.Writer, mode string, est runplan.Estimate, cassetteDir string) {
	fmt.Fprintf(w, "dryfire-tui: --cassette-mode %s calls the model providers:\n", mode)
	for _, u := range est.Providers {
		if u.Calls == 0 {
			continue
		}
		key := u.KeyEnv + " is set"
		if !u.KeySet {
			key = u.KeyEnv + " is not set"
		}
		fmt.Fprintf(w, "  %s (%s; %s): at most %d calls\n", u.Name, strings.Join(u.Models, ", "), key, u.Calls)
	}
	fmt.Fprintf(w, "  %s (%s), at most %s\n", count(est.Cases, "case"), count(est.Repetitions, "repetition"), count(est.Calls, "call"))
	fmt.Fprintf(w, "  estimated cost: %s\n", est.CostText())
	if mode != engine.ModeOff {
		fmt.Fprintf(w, "  cassettes go to %s\n", cassetteDir)
	}
}

// count is n and word, pluralised by [Plural].
func count(n int, word string) string { return fmt.Sprintf("%d %s", n, Plural(n, word)) }

// WriteRunEnd writes what a run prints once it is done: its spec errors on
// stderr (and nothing else), "no cases matched", or the report and the
// files o asks for ([runreport.WriteRun]) followed by what recording wrote
// ([WriteRecorded]). An unknown reporter gets a hint on stderr and the
// terminal report, as dryfire does. The error is [runreport.WriteRun]'s.
func WriteRunEnd(stdout, stderr io.Writer, rp *runplan.Plan, res *engine.Result, rec *runplan.Recorded, o runreport.RunOutput) error {
	if len(res.Errors) > 0 {
		_ = WriteSpecErrors(stderr, rp.Project.Root, res.Errors)
		return nil
	}
	if len(res.Suites) == 0 {
		fmt.Fprintln(stdout, "no cases matched")
		return nil
	}
	if o.Reporter != "terminal" && o.Reporter != "json" && o.Reporter != "junit" {
		fmt.Fprintf(stderr, "dryfire-tui: hint: unknown --reporter %q: the terminal report, as dryfire does\n", o.Reporter)
	}
	if err := runreport.WriteRun(stdout, res, o); err != nil {
		return err
	}
	WriteRecorded(stderr, rp, rec)
	return nil
}

// WriteRecorded says what a recording run wrote, redacted and refused.
func WriteRecorded(w io.Writer, rp *runplan.Plan, rec *runplan.Recorded) {
	if !rp.Live() || rp.Mode == engine.ModeOff || (!rp.CallsProviders() && len(rec.Written) == 0) {
		return
	}
	fmt.Fprintf(w, "dryfire-tui: recorded %s under %s\n", count(len(rec.Written), "cassette"), secrets.MaskPath(rp.CassetteDir()))
	for _, p := range rec.Redacted {
		fmt.Fprintf(w, "dryfire-tui: redacted a secret before writing %s\n", secrets.MaskPath(p))
	}
	for _, r := range rec.Refused {
		fmt.Fprintf(w, "dryfire-tui: error: %s\n", secrets.MaskNames(r.Error()))
	}
}

// WriteInterrupted says what an interrupted run leaves behind.
func WriteInterrupted(w io.Writer, rp *runplan.Plan, rec *runplan.Recorded) {
	if !rp.Live() || rp.Mode == engine.ModeOff {
		return
	}
	fmt.Fprintf(w, "dryfire-tui: stopped after recording %s under %s, each written whole; no report was written\n",
		count(len(rec.Written), "cassette"), secrets.MaskPath(rp.CassetteDir()))
	if len(rec.Written) > 0 {
		fmt.Fprintln(w, "dryfire-tui: hint: run again with --cassette-mode auto to record only what is missing")
	}
}

// RunProgress prints a line per model call and per retry while a run
// calls providers. Its methods are safe for concurrent use.
type RunProgress struct {
	w     io.Writer
	mu    sync.Mutex
	calls int
	most  int
}

// NewRunProgress returns a RunProgress that prints to w.
func NewRunProgress(w io.Writer) *RunProgress { return &RunProgress{w: w} }

// Start takes the calls at most from the plan: the N each progress line
// counts its call i of.
func (p *RunProgress) Start(rp *runplan.Plan) {
	p.mu.Lock()
	p.most = rp.Estimate.Calls
	p.mu.Unlock()
}

// StartComparison takes the calls at most of every column.
func (p *RunProgress) StartComparison(cmp *runplan.Comparison) {
	p.mu.Lock()
	p.most = cmp.Estimate().Calls
	p.mu.Unlock()
}

// Call prints one model call: replayed, called, recorded or failed.
func (p *RunProgress) Call(ev engine.CallEvent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	what := "called"
	switch {
	case ev.Err != nil:
		what = "failed: " + ev.Err.Error()
	case ev.Served:
		fmt.Fprintf(p.w, "  %s replayed\n", caseRef(ev))
		return
	case ev.File != "":
		what = "recorded"
	}
	p.calls++
	fmt.Fprintf(p.w, "  [%d/%d] %s %s\n", p.calls, p.most, caseRef(ev), what)
}

// Retry prints one retry of a failed provider call and its wait.
func (p *RunProgress) Retry(r provider.Retry) {
	p.mu.Lock()
	defer p.mu.Unlock()
	capped := ""
	if r.RetryAfter != "" {
		capped = fmt.Sprintf(" (the provider's Retry-After is %s s; dryfire-tui waits at most %s)", r.RetryAfter, provider.MaxRetryAfter)
	}
	fmt.Fprintf(p.w, "  retrying in %s%s: %s\n", r.Wait.Round(100*time.Millisecond), capped, r.Err)
}

// caseRef names a call: suite::case (their directories' names, a secret
// in them masked), #N from the second repetition, the
// turn of a call that is recorded (its NN), "judge" for a judge's call.
func caseRef(ev engine.CallEvent) string {
	s := secrets.MaskPath(ev.Suite) + "::" + secrets.MaskPath(ev.Case)
	if ev.RepeatIndex > 0 {
		s += fmt.Sprintf(" #%d", ev.RepeatIndex)
	}
	if ev.Key != "" {
		s += fmt.Sprintf(" turn %02d", ev.Turn)
	}
	if ev.Judge {
		s += " (judge)"
	}
	return s
}
