package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/spf13/pflag"
)

const traceUsage = `dryfire-tui trace SUITE::CASE [PATH] [--cassette-mode replay|record|auto|off] [--model M]
                  [--yes] [--max-retries N] [--redact-secrets] [--reveal]

Runs one case of the dryfire project around PATH (default .; a suite file
searches that suite alone) and prints every turn as 'dryfire trace' does:
the messages sent, the model's response and tool calls, the result each
mock gave, and how the case ended. SUITE::CASE is the suite's name and the
case's name (the first suite of that name, in load order, that has the
case). A repeated case runs every repetition and prints the one reported:
the first that failed, else the first. provider: fake cases play their
script.

The cassette mode is --cassette-mode, else cassettes.mode of dryfire.yaml,
else off, as for run. replay traces the case offline from its cassettes;
record calls the provider for every turn and writes the cassettes; auto
replays what is recorded and records the rest; off calls the provider and
writes nothing ('dryfire trace' always does that). In the modes that call
a provider, a missing API key is an error, not a skip, as in dryfire's
trace, and trace first says what it may call and cost, then asks on a
terminal (--yes goes on without asking; without a terminal it is needed).
Like dryfire's trace it does not retry a failed call unless --max-retries
says so. Recorded secrets are printed as their masks unless --reveal;
keys never.

Exit status, dryfire's: 0 the case passed; 1 it failed (or the question
was answered no); 2 an address without '::', no such case, a spec or
config error, a missing key, or a provider call with neither a terminal
nor --yes; 3 the case ended in a provider error (a cassette miss in
replay); 130 interrupted.

Examples:
  dryfire-tui trace refund_agent::escalates_refund_over_limit --cassette-mode replay
  dryfire-tui trace refund_agent::escalates_refund_over_limit evals/support/refund_agent.eval.yaml
  dryfire-tui trace travel_booking::books_cheapest_flight --cassette-mode replay --model claude-haiku-4-5
  dryfire-tui trace hello::greets --cassette-mode off --yes`

type traceCmd struct {
	live  liveFlags
	model string
}

func (c *traceCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.model, "model", "", "override the case's `MODEL`")
	c.live.register(fs, 0, "retries of a failed provider call (`N`; dryfire's trace makes none; no effect in replay)")
}

func (c *traceCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) == 0 {
		return argsErrorf("", "trace needs the case to run, as SUITE::CASE")
	}
	addr, err := engine.ParseAddress(args[0])
	if err != nil {
		return usageErrorf("name the case as SUITE::CASE", "%v", err)
	}
	paths := args[1:]
	if err := c.live.check(); err != nil {
		return err
	}
	addStreamKeys(e, pathOf(paths))
	prog := report.NewRunProgress(e.Stderr)
	rp, inv, err := c.live.prepare(ctx, e, paths, c.live.mode, engine.Options{Model: c.model, Only: &addr}, prog)
	if inv != nil {
		defer inv.Close()
	}
	if err := planError(ctx, err); err != nil {
		return err
	}
	for _, n := range rp.Notes {
		fmt.Fprintln(e.Stdout, n)
	}
	if rp.CallsProviders() {
		if err := askToCall(e, c.live.yes, rp.Mode, func(w io.Writer) { report.WritePlan(w, rp) }); err != nil {
			return err
		}
	}
	prog.Start(rp)
	res, rec := rp.Execute(ctx)
	if inv != nil {
		inv.Close()
	}
	if ctx.Err() != nil {
		report.WriteInterrupted(e.Stderr, rp, rec)
		return ctx.Err()
	}
	if len(res.Errors) > 0 {
		_ = report.WriteSpecErrors(e.Stderr, rp.Project.Root, res.Errors)
		return exitWith(exitUsage)
	}
	if err := runreport.WriteTrace(e.Stdout, res, runreport.TraceOptions{Keys: keysOf(e), Reveal: c.live.reveal}); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	report.WriteRecorded(e.Stderr, rp, rec)
	if res.RunExitCode != 0 {
		return exitWith(res.RunExitCode)
	}
	return nil
}
