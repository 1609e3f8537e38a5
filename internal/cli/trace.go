package cli

import (
	"context"
	"io"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/spf13/pflag"
)

const traceUsage = `dryfire-tui trace SUITE::CASE [PATH...] [--cassette-mode replay|record|auto|off] [--model M]
                  [--yes] [--max-retries N] [--redact-secrets] [--reveal] [--debug]

Runs one case of the suites the PATHs after the address name (none:
those of dryfire.yaml; see PATH below) and prints every turn as 'dryfire
trace' does: the messages sent, the model's response and tool calls, the
result each mock gave, and how the case ended. SUITE::CASE is the suite's
name and the case's name (the first suite of that name, in load order,
that has the case). A repeated case runs every repetition and prints the one reported:
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

--debug: an internal error (a bug in dryfire-tui) is reported as dryfire
reports one, "internal error: …" and a request to report it (exit 2);
with --debug the Go stack where it happened is printed first, as dryfire's
--debug prints Python's traceback.

` + runPaths + `

Examples:
  dryfire-tui trace refund_agent::escalates_refund_over_limit --cassette-mode replay
  dryfire-tui trace refund_agent::escalates_refund_over_limit evals/support/refund_agent.eval.yaml
  dryfire-tui trace refund_agent::escalates_refund_over_limit "evals/**/*.eval.yaml" --cassette-mode replay
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
	if err := c.live.check(); err != nil {
		return err
	}
	addStreamKeys(e, pathOf(args[1:]))
	prog := report.NewRunProgress(e.Stderr)
	res, err := command.Trace(ctx, command.TraceRequest{
		Env: e.core(), Address: args[0], Paths: args[1:], Model: c.model, Mode: c.live.mode,
		Live: liveOptions(e, prog, c.live.maxRetries, c.live.redact), Passthrough: e.Stderr,
		Confirm: func(rp *runplan.Plan) error {
			if err := beforeCalls(e, c.live.yes, rp); err != nil {
				return err
			}
			prog.Start(rp)
			return nil
		},
		Keys: keysOf(e), Reveal: c.live.reveal,
	})
	return finish(e, false, res, err)
}

// addStreamKeys adds the keys of the project around path to the
// command's streams (what the command table does for a command whose
// first argument is its PATH).
func addStreamKeys(e Env, path string) {
	var streams []*visible.Stream
	for _, w := range []io.Writer{e.Stdout, e.Stderr} {
		if s, ok := w.(*visible.Stream); ok {
			streams = append(streams, s)
		}
	}
	addProjectKeys(e, path, streams...)
}
