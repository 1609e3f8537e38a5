package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/spf13/pflag"
)

const compareUsage = `dryfire-tui compare (--models A,B,... | --prompts P1,P2,...) [PATH...]
                    [--cassette-mode replay|record|auto|off] [--concurrency N] [--max-retries N]
                    [--yes] [--redact-secrets] [--html-out F] [--debug]

Runs every case of the suites the PATHs name (none: those of
dryfire.yaml; see PATH below) once per model of --models, or once per
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

--html-out F writes the matrix as one self-contained HTML page (written
atomically; no script, font or image, it opens offline): a card per
column with its figures or why it failed, the matrix with the rows the
columns disagree on marked, every column (the terminal stops at eight),
the same figures as the terminal's. It says "wrote F" after the matrix,
as dryfire does.

--debug: an internal error (a bug in dryfire-tui) is reported as dryfire
reports one, "internal error: …" and a request to report it (exit 2);
with --debug the Go stack where it happened is printed first, as dryfire's
--debug prints Python's traceback.

Exit status, dryfire's, the worst column's: 0 every case passed in every
column; 1 a case failed (or the question was answered no); 2 no axis or
both, a spec or config error, more than 25 runs without --yes, or a
provider call with neither a terminal nor --yes; 3 a column failed or a
case ended in a provider error (a cassette miss in replay); 130
interrupted.

` + runPaths + `

Examples:
  dryfire-tui compare --models claude-opus-4-8,claude-sonnet-5,claude-haiku-4-5 --cassette-mode replay
  dryfire-tui compare --models claude-sonnet-4-6,claude-haiku-4-5 --cassette-mode record --yes
  dryfire-tui compare --prompts prompts/terse.txt,prompts/friendly.txt --cassette-mode auto
  dryfire-tui compare --models claude-opus-4-8,claude-haiku-4-5 "evals/**/*.eval.yaml" --cassette-mode replay --html-out compare.html`

type compareCmd struct {
	live                     liveFlags
	models, prompts, htmlOut string
	concurrency              int
}

func (c *compareCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.models, "models", "", "comma-separated `MODELS`, a column each")
	fs.StringVar(&c.prompts, "prompts", "", "comma-separated prompt `FILES`, a column each (the other axis)")
	fs.IntVar(&c.concurrency, "concurrency", 0, "case repetitions run at once in a column (default: the CPUs in replay, 4 when calling providers)")
	fs.StringVar(&c.htmlOut, "html-out", "", "write the matrix as a self-contained HTML page to `FILE`")
	c.live.register(fs, provider.DefaultMaxRetries, "retries of a failed provider call (`N`; no effect in replay)")
}

func (c *compareCmd) run(ctx context.Context, e Env, args []string) error {
	if err := c.live.check(); err != nil {
		return err
	}
	prog := report.NewRunProgress(e.Stderr)
	res, err := command.Compare(ctx, command.CompareRequest{
		Env: e.core(), Paths: args, Models: splitList(c.models), Prompts: splitList(c.prompts),
		Mode: c.live.mode, Concurrency: c.concurrency, Yes: c.live.yes,
		Live: liveOptions(e, prog, c.live.maxRetries, c.live.redact), Passthrough: e.Stderr,
		HTMLOut: c.htmlOut, Keys: keysOf(e),
		Before: func(cmp *runplan.Comparison) { fmt.Fprintln(e.Stdout, runreport.CompareEstimate(cmp)) },
		Confirm: func(cmp *runplan.Comparison) error {
			if err := c.confirm(e, cmp); err != nil {
				return err
			}
			prog.StartComparison(cmp)
			return nil
		},
	})
	return finish(e, false, res, err)
}

// confirm says why a column cannot run, asks before the providers are
// called, and prints what dryfire prints as it comes to each column (the
// skipped cases, the cases recording leaves alone).
func (c *compareCmd) confirm(e Env, cmp *runplan.Comparison) error {
	for _, col := range cmp.Columns {
		if col.Err != nil {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s; its column is FAILED\n", visible.Line(col.Err.Error()))
		}
	}
	for _, d := range cmp.Differences() {
		fmt.Fprintf(e.Stderr, "dryfire-tui: note: %s\n", d)
	}
	if cmp.CallsProviders() {
		if err := askToCall(e, c.live.yes, cmp.Mode, cmp.Estimate(), func(w io.Writer) { report.WriteComparePlan(w, cmp) }); err != nil {
			return err
		}
	}
	for _, l := range cmp.Lines() {
		fmt.Fprintln(e.Stdout, l)
	}
	return nil
}
