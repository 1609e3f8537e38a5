package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/spf13/pflag"
)

const compareUsage = `dryfire-tui compare (--models A,B,... | --prompts P1,P2,...) [PATH]
                    [--cassette-mode replay|record|auto|off] [--concurrency N] [--max-retries N]
                    [--yes] [--redact-secrets]

Runs every case of the dryfire project around PATH (default .; a suite
file runs that suite alone) once per model of --models, or once per
system prompt of --prompts (files, read relative to the working
directory, each replacing every suite's system prompt), and prints the
matrix 'dryfire compare' prints: a row per case, a column per model or
prompt with ✓ or ✗, a ~ before a case the columns disagree on, then each
column's pass rate, cost and mean latency. One axis at a time, as in
dryfire. The columns run one after another; a column that cannot run (a
prompt file that cannot be read, said on stderr) is FAILED and the others
still run.

Before anything runs it prints dryfire's estimate, columns × case runs
(a repeated case counts each repetition), and, as dryfire does, refuses
more than 25 runs without --yes unless the mode is replay, which is free.
The cassette mode is --cassette-mode, else cassettes.mode of dryfire.yaml,
else off, as for run. The model and the system prompt are part of every
cassette's key, so each column records and replays its own cassettes,
beside the others in each case's directory. In the modes that call
providers, cases whose key is not set are skipped with dryfire's line, and
compare says what the columns may call and cost, then asks on a terminal
(--yes goes on without asking; without a terminal it is needed).

Exit status, dryfire's, the worst column's: 0 every case passed in every
column; 1 a case failed (or the question was answered no); 2 no axis or
both, a spec or config error, more than 25 runs without --yes, or a
provider call with neither a terminal nor --yes; 3 a column failed or a
case ended in a provider error (a cassette miss in replay); 130
interrupted.

Examples:
  dryfire-tui compare --models claude-opus-4-8,claude-sonnet-5,claude-haiku-4-5 --cassette-mode replay
  dryfire-tui compare --models claude-sonnet-4-6,claude-haiku-4-5 --cassette-mode record --yes
  dryfire-tui compare --prompts prompts/terse.txt,prompts/friendly.txt --cassette-mode auto`

type compareCmd struct {
	live            liveFlags
	models, prompts string
	concurrency     int
}

func (c *compareCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.models, "models", "", "comma-separated `MODELS`, a column each")
	fs.StringVar(&c.prompts, "prompts", "", "comma-separated prompt `FILES`, a column each (the other axis)")
	fs.IntVar(&c.concurrency, "concurrency", 0, "case repetitions run at once in a column (default: the CPUs in replay, 4 when calling providers)")
	c.live.register(fs, provider.DefaultMaxRetries, "retries of a failed provider call (`N`; no effect in replay)")
}

func (c *compareCmd) run(ctx context.Context, e Env, args []string) error {
	axis, labels, err := runplan.AxisOf(splitList(c.models), splitList(c.prompts))
	if err != nil {
		return usageErrorf("", "%v", err)
	}
	if err := c.live.check(); err != nil {
		return err
	}
	if c.concurrency < 0 {
		return usageErrorf("pass a number of 0 or more", "--concurrency cannot be negative")
	}
	prog := report.NewRunProgress(e.Stderr)
	// The base plan only loads the project and its cassettes: replay
	// resolves nothing; each column is planned in the mode asked for.
	base, inv, err := c.live.prepare(ctx, e, args, engine.ModeReplay, engine.Options{Workers: c.concurrency}, prog)
	if inv != nil {
		defer inv.Close()
	}
	if err := planError(ctx, err); err != nil {
		return err
	}
	if errs := base.Errors(); len(errs) > 0 {
		_ = report.WriteSpecErrors(e.Stderr, base.Project.Root, errs)
		return exitWith(exitUsage)
	}
	cmp, err := runplan.PrepareCompare(ctx, base, runplan.CompareOptions{Axis: axis, Labels: labels, Mode: c.live.mode})
	if err := planError(ctx, err); err != nil {
		return err
	}
	fmt.Fprintln(e.Stdout, runreport.CompareEstimate(cmp))
	if err := cmp.Confirm(c.live.yes); err != nil {
		return usageErrorf("", "%v", err)
	}
	if err := c.beforeColumns(e, cmp); err != nil {
		return err
	}
	prog.StartComparison(cmp)
	cmp.OnCall(prog.Call)
	cmp.Execute(ctx)
	if inv != nil {
		inv.Close()
	}
	if ctx.Err() != nil {
		for _, col := range cmp.Columns {
			if col.Recorded != nil {
				report.WriteInterrupted(e.Stderr, col.Plan, col.Recorded)
			}
		}
		return ctx.Err()
	}
	if err := runreport.WriteCompare(e.Stdout, cmp, keysOf(e)); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	for _, col := range cmp.Columns {
		if col.Recorded != nil {
			report.WriteRecorded(e.Stderr, col.Plan, col.Recorded)
		}
	}
	if code := cmp.ExitCode(); code != 0 {
		return exitWith(code)
	}
	return nil
}

// beforeColumns says why a column cannot run, asks before the providers
// are called, and prints what dryfire prints as it comes to each column
// (the skipped cases, the cases recording leaves alone).
func (c *compareCmd) beforeColumns(e Env, cmp *runplan.Comparison) error {
	for _, col := range cmp.Columns {
		if col.Err != nil {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s; its column is FAILED\n", visible.Line(col.Err.Error()))
		}
	}
	for _, d := range cmp.Differences() {
		fmt.Fprintf(e.Stderr, "dryfire-tui: note: %s\n", d)
	}
	if cmp.CallsProviders() {
		if err := askToCall(e, c.live.yes, cmp.Mode, func(w io.Writer) { report.WriteComparePlan(w, cmp) }); err != nil {
			return err
		}
	}
	for _, l := range cmp.Lines() {
		fmt.Fprintln(e.Stdout, l)
	}
	return nil
}
