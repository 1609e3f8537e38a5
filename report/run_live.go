package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
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
		fmt.Fprintf(w, "  %s (%s; %s): at most %s, to %s\n", u.Name, strings.Join(u.Models, ", "), key, count(u.Calls, "call"), baseURL(u))
	}
	fmt.Fprintf(w, "  %s (%s), at most %s\n", count(est.Cases, "case"), count(est.Repetitions, "repetition"), count(est.Calls, "call"))
	fmt.Fprintf(w, "  estimated cost: %s\n", est.CostText())
	if mode != engine.ModeOff {
		fmt.Fprintf(w, "  cassettes go to %s\n", cassetteDir)
	}
}

// baseURL is where a provider is called, and what set it when it is not
// the default.
func baseURL(u runplan.ProviderUse) string {
	if u.BaseURLFrom != "" {
		return u.BaseURL + " (" + u.BaseURLFrom + ")"
	}
	return u.BaseURL
}

// CallQuestion is the question asked before a run calls the providers:
// the calls at most and what they may cost, the calls the pricing table
// has no price for counted on the line a person answers.
func CallQuestion(est runplan.Estimate) string {
	return fmt.Sprintf("Call the providers (%s at most; %s)? [y/N] ", count(est.Calls, "call"), est.CostShort())
}

// count is n and word, pluralised by [Plural].
func count(n int, word string) string { return fmt.Sprintf("%d %s", n, Plural(n, word)) }

// WriteRunEnd writes what a run prints once it is done: its spec errors on
// stderr (and nothing else), "no cases matched", or the report and the
// files o asks for ([runreport.WriteRun]) followed, on stderr, by what recording
// wrote ([WriteRecorded]), the short summary of what did not pass
// ([runreport.WriteRunSummary]) and a warning when most cases were skipped
// ([WriteSkipWarning]). Stdout is flushed first, so that on a terminal
// they come after the report. An unknown reporter gets the terminal
// report, as dryfire does, and a warning on stderr, at the end too. The
// error is [runreport.WriteRun]'s.
func WriteRunEnd(stdout, stderr io.Writer, rp *runplan.Plan, res *engine.Result, rec *runplan.Recorded, o runreport.RunOutput) error {
	if len(res.Errors) > 0 {
		_ = WriteSpecErrors(stderr, rp.Project.Root, res.Errors)
		return nil
	}
	if len(res.Suites) == 0 {
		fmt.Fprintln(stdout, "no cases matched")
		return nil
	}
	if err := runreport.WriteRun(stdout, res, o); err != nil {
		return err
	}
	_ = visible.Flush(stdout)
	WriteRecorded(stderr, rp, rec)
	_ = runreport.WriteRunSummary(stderr, res, runreport.SummaryOptions{
		Path: o.Text.Path, Mask: runreport.ShownMask(res, o.Keys, o.Reveal), Verbose: o.Text.Verbose,
	})
	WriteSkipWarning(stderr, rp, res, o.JUnitOut)
	WriteReporterWarning(stderr, o.Reporter)
	return nil
}

// reporters are the values of run's --reporter.
var reporters = []string{"terminal", "json", "junit"}

// WriteReporterWarning warns, when reporter is none of reporters, that
// stdout got the terminal report: dryfire falls back to it without a word
// and exits as if nothing were wrong, so that a CI step asking for "xml"
// goes green on a report it never meant to read.
func WriteReporterWarning(w io.Writer, reporter string) {
	if slices.Contains(reporters, reporter) {
		return
	}
	fmt.Fprintf(w, "dryfire-tui: warning: unknown --reporter %q: stdout got the terminal report, as dryfire gives it (the exit code is dryfire's)\n", reporter)
	hint := "--reporter is terminal, json or junit"
	if near := nearest(reporter, reporters); near != "" {
		hint = "did you mean --reporter " + near + "? " + hint
	}
	fmt.Fprintf(w, "dryfire-tui: hint: %s\n", hint)
}

// nearest is the word of words closest to s (by edit distance, at most
// 2 edits, or a prefix), or "".
func nearest(s string, words []string) string {
	best, bestD := "", 3
	for _, w := range words {
		d := editDistance(strings.ToLower(s), w)
		if strings.HasPrefix(w, strings.ToLower(s)) && s != "" {
			d = 0
		}
		if d < bestD {
			best, bestD = w, d
		}
	}
	if best == "" && strings.EqualFold(s, "xml") {
		return "junit"
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// WriteSkipWarning warns, when half the planned cases or more were
// skipped for want of a key, that they were not tested: dryfire lists
// each skip first and exits 0, and its JUnit file holds the cases that
// ran only (no <skipped/>, so none is written here either), so a CI job
// without keys and without cassettes.mode: replay goes green having
// tested nothing. junitOut names the JUnit file ("" for none). res is nil
// when nothing ran.
func WriteSkipWarning(w io.Writer, rp *runplan.Plan, res *engine.Result, junitOut string) {
	skipped := len(rp.Skipped)
	ran := 0
	if res != nil {
		for _, s := range res.Suites {
			ran += len(s.Cases)
		}
	}
	total := skipped + ran
	if skipped == 0 || skipped*2 < total {
		return
	}
	var vars []string
	for _, s := range rp.Skipped {
		if v := s.Missing.EnvVar; !slices.Contains(vars, v) {
			vars = append(vars, v)
		}
	}
	what := fmt.Sprintf("%d of %d cases were", skipped, total)
	switch {
	case total == 1:
		what = "the one case was"
	case skipped == total:
		what = fmt.Sprintf("all %d cases were", total)
	}
	fmt.Fprintf(w, "dryfire-tui: warning: %s skipped, not tested: %s not set\n", what, notSet(vars))
	switch {
	case junitOut != "" && ran == 0:
		fmt.Fprintf(w, "dryfire-tui: warning: %s was not written: nothing ran (dryfire writes no report then)\n", junitOut)
	case junitOut != "":
		fmt.Fprintf(w, "dryfire-tui: warning: %s lists the %s that ran, as dryfire writes it: no skipped case is in it\n",
			junitOut, count(ran, "case"))
	}
	fmt.Fprintln(w, "dryfire-tui: hint: --cassette-mode replay tests every case from its cassettes, offline, with no key (or set cassettes.mode: replay in dryfire.yaml)")
}

// notSet is "X is" or "X and Y are".
func notSet(vars []string) string {
	switch len(vars) {
	case 0:
		return "a key is"
	case 1:
		return vars[0] + " is"
	}
	return strings.Join(vars[:len(vars)-1], ", ") + " and " + vars[len(vars)-1] + " are"
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

// Retry prints one retry of a failed provider call and its wait, on a
// line of its own naming the call (suite::case and turn, when the call's
// context carried its [engine.CallEvent]) and the layer that retries: the
// SDK's own retries inside one attempt, or dryfire's, which --max-retries
// counts. A call that keeps failing is tried (1+N)×3 times with N retries:
// each of dryfire's attempts makes the SDK's three.
func (p *RunProgress) Retry(r provider.Retry) {
	p.mu.Lock()
	defer p.mu.Unlock()
	who := r.Provider
	if ev, ok := r.Call.(engine.CallEvent); ok {
		who = caseRef(ev)
	}
	var notes []string
	switch {
	case r.Transport:
		notes = append(notes, fmt.Sprintf("the SDK's retry %d of %d inside one attempt", r.Retry, r.Of))
	case r.Of > 0:
		notes = append(notes, fmt.Sprintf("retry %d of %d, --max-retries", r.Retry, r.Of))
	}
	if r.RetryAfter != "" {
		notes = append(notes, fmt.Sprintf("the provider's Retry-After is %s s; dryfire-tui waits at most %s", r.RetryAfter, provider.MaxRetryAfter))
	}
	line := "  "
	if who != "" {
		line += who + ": "
	}
	line += "retrying in " + r.Wait.Round(100*time.Millisecond).String()
	if len(notes) > 0 {
		line += " (" + strings.Join(notes, "; ") + ")"
	}
	fmt.Fprintf(p.w, "%s: %s\n", line, r.Err)
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
