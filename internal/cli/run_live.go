package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// liveOptions are the options of the modes that call providers: keys from
// the command's environment only, dryfire's retries, the progress lines.
func (c *runCommand) liveOptions(e Env, prog *runProgress) runplan.LiveOptions {
	po := provider.Options{MaxRetries: c.maxRetries, OnRetry: prog.retry}
	if e.tuneProviders != nil {
		e.tuneProviders(&po)
	}
	return runplan.LiveOptions{Env: providerEnv(e), Provider: po, Now: e.Now, RedactSecrets: c.redact, OnCall: prog.call}
}

// providerEnv reads API keys and base URLs from the command's environment
// and nowhere else, so that a test's environment is the whole truth.
func providerEnv(e Env) provider.Env {
	if e.Getenv == nil {
		return os.LookupEnv
	}
	return func(name string) (string, bool) {
		v := e.Getenv(name)
		return v, v != ""
	}
}

// beforeCalls prints what dryfire prints before a run (the skipped cases,
// the cases recording leaves alone) and, when the run will call a
// provider, what it may call and cost; then it asks, on a terminal, or
// needs --yes.
func (c *runCommand) beforeCalls(e Env, rp *runplan.Plan) error {
	for _, s := range rp.Skipped {
		fmt.Fprintln(e.Stdout, s.Line())
	}
	if rp.NothingToRun() {
		return nil
	}
	for _, n := range rp.Notes {
		fmt.Fprintln(e.Stdout, n)
	}
	for _, d := range rp.Differences {
		fmt.Fprintf(e.Stderr, "dryfire-tui: note: %s\n", d)
	}
	if !rp.CallsProviders() {
		return nil
	}
	writePlan(e.Stderr, rp)
	switch {
	case c.yes:
		return nil
	case !e.InputIsTerminal:
		return usageErrorf("pass --yes to call the providers without a terminal to ask on",
			"--cassette-mode %s calls the model providers, and there is no terminal to ask on", rp.Mode)
	}
	fmt.Fprint(e.Stderr, "Call the providers? [y/N] ")
	line, _ := safefile.ReadLine(bufio.NewReader(e.Stdin), 1024)
	switch strings.ToLower(strings.TrimSpace(string(line))) {
	case "y", "yes":
		return nil
	}
	fmt.Fprintln(e.Stderr, "dryfire-tui: nothing was called")
	return exitWith(exitFindings)
}

// writePlan says what the run will call: per provider its models, its key
// variable and whether it is set (never its value), the calls at most, the
// estimated cost, and where cassettes go.
func writePlan(w io.Writer, rp *runplan.Plan) {
	est := rp.Estimate
	fmt.Fprintf(w, "dryfire-tui: --cassette-mode %s calls the model providers:\n", rp.Mode)
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
	fmt.Fprintf(w, "  %s (%s), at most %s\n", plural(est.Cases, "case"), plural(est.Repetitions, "repetition"), plural(est.Calls, "call"))
	fmt.Fprintf(w, "  estimated cost: %s\n", est.CostText())
	if rp.Mode != engine.ModeOff {
		fmt.Fprintf(w, "  cassettes go to %s\n", rp.CassetteDir())
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// writeRecorded says what a recording run wrote, redacted and refused.
func writeRecorded(w io.Writer, rp *runplan.Plan, rec *runplan.Recorded) {
	if !rp.Live() || rp.Mode == engine.ModeOff || (!rp.CallsProviders() && len(rec.Written) == 0) {
		return
	}
	fmt.Fprintf(w, "dryfire-tui: recorded %s under %s\n", plural(len(rec.Written), "cassette"), rp.CassetteDir())
	for _, p := range rec.Redacted {
		fmt.Fprintf(w, "dryfire-tui: redacted a secret before writing %s\n", p)
	}
	for _, r := range rec.Refused {
		fmt.Fprintf(w, "dryfire-tui: error: %s\n", r.Error())
	}
}

// writeInterrupted says what an interrupted run leaves behind.
func writeInterrupted(w io.Writer, rp *runplan.Plan, rec *runplan.Recorded) {
	if !rp.Live() || rp.Mode == engine.ModeOff {
		return
	}
	fmt.Fprintf(w, "dryfire-tui: stopped after recording %s under %s, each written whole; no report was written\n",
		plural(len(rec.Written), "cassette"), rp.CassetteDir())
	if len(rec.Written) > 0 {
		fmt.Fprintln(w, "dryfire-tui: hint: run again with --cassette-mode auto to record only what is missing")
	}
}

// runProgress prints a line per model call and per retry on stderr while
// a run calls providers.
type runProgress struct {
	w     io.Writer
	mu    sync.Mutex
	calls int
	most  int
}

func newRunProgress(w io.Writer) *runProgress { return &runProgress{w: w} }

func (p *runProgress) start(rp *runplan.Plan) {
	p.mu.Lock()
	p.most = rp.Estimate.Calls
	p.mu.Unlock()
}

func (p *runProgress) call(ev engine.CallEvent) {
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

func (p *runProgress) retry(r provider.Retry) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "  retrying in %s: %s\n", r.Wait.Round(100*time.Millisecond), r.Err)
}

// caseRef names a call: suite::case, #N from the second repetition, the
// turn of a call that is recorded (its NN), "judge" for a judge's call.
func caseRef(ev engine.CallEvent) string {
	s := ev.Suite + "::" + ev.Case
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
