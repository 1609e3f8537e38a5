package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/spf13/pflag"
)

// What the commands that may call model providers (run, trace, compare)
// share on the command line: their flags, the options of the live modes,
// what is said before a provider is called and the question asked then.

// liveFlags are the flags of trace and compare that run has too.
type liveFlags struct {
	mode                string
	maxRetries          int
	yes, redact, reveal bool
}

func (l *liveFlags) register(fs *pflag.FlagSet, retries int, retriesHelp string) {
	fs.StringVar(&l.mode, "cassette-mode", "", "replay, record, auto or off (default: cassettes.mode, else off)")
	fs.IntVar(&l.maxRetries, "max-retries", retries, retriesHelp)
	fs.BoolVarP(&l.yes, "yes", "y", false, "call the providers without asking first")
	fs.BoolVar(&l.redact, "redact-secrets", false, "write a recording that carries a secret with the secret redacted, instead of refusing it")
	fs.BoolVar(&l.reveal, "reveal", false, "print the recorded secrets instead of their masks (never an API key)")
}

// check refuses what no run can take.
func (l *liveFlags) check() error {
	if l.maxRetries < 0 {
		return usageErrorf("pass a number of 0 or more", "--max-retries cannot be negative")
	}
	return nil
}

// liveOptions are the options of the modes that call providers: keys from
// the command's environment only, the retries, the progress lines.
func liveOptions(e Env, prog *report.RunProgress, maxRetries int, redact bool) runplan.LiveOptions {
	po := provider.Options{MaxRetries: maxRetries, OnRetry: prog.Retry}
	if e.tuneProviders != nil {
		e.tuneProviders(&po)
	}
	return runplan.LiveOptions{Env: e.lookup, Provider: po, Now: e.Now, RedactSecrets: redact, OnCall: prog.Call}
}

// liveOptions are run's options of the modes that call providers.
func (c *runCommand) liveOptions(e Env, prog *report.RunProgress) runplan.LiveOptions {
	return liveOptions(e, prog, c.maxRetries, c.redact)
}

// beforeCalls is what run says before it runs ([beforeCalls]); a "no"
// ends the run with dryfire's exit 1.
func (c *runCommand) beforeCalls(e Env, rp *runplan.Plan) error {
	err := beforeCalls(e, c.yes, rp)
	if errors.Is(err, command.ErrDeclined) {
		return ended(command.Failed, err)
	}
	return err
}

// beforeCalls prints what dryfire prints before a run (the skipped cases,
// the cases recording leaves alone) and this tool's notes and, when the
// run will call a provider, what it may call and cost; then it asks, on a
// terminal, or needs --yes.
func beforeCalls(e Env, yes bool, rp *runplan.Plan) error {
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
	return askToCall(e, yes, rp.Mode, rp.Estimate, func(w io.Writer) { report.WritePlan(w, rp) })
}

// askToCall says on stderr what will be called (write) and, unless yes,
// asks on the terminal, with the calls and their cost (est) on the line
// answered; without one it needs --yes. A "no" is command.ErrDeclined.
func askToCall(e Env, yes bool, mode string, est runplan.Estimate, write func(w io.Writer)) error {
	write(e.Stderr)
	switch {
	case yes:
		return nil
	case !e.InputIsTerminal:
		return usageErrorf("pass --yes to call the providers without a terminal to ask on",
			"--cassette-mode %s calls the model providers, and there is no terminal to ask on", mode)
	}
	fmt.Fprint(e.Stderr, report.CallQuestion(est))
	_ = visible.Flush(e.Stderr) // the question is seen before the answer is read
	line, _ := safefile.ReadLine(bufio.NewReader(e.Stdin), 1024)
	switch strings.ToLower(strings.TrimSpace(string(line))) {
	case "y", "yes":
		return nil
	}
	return command.ErrDeclined
}

// runError maps the errors of command.PrepareRun to exit codes and
// hints: all are usage, spec or config errors (exit 2).
func runError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return err
	}
	return ended(command.UsageError, command.PrepareError(err))
}

// splitList splits a comma-separated flag value into its trimmed,
// non-empty items, as dryfire does.
func splitList(value string) []string {
	var out []string
	for _, item := range strings.Split(value, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
