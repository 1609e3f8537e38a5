package cli

import (
	"context"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/spf13/pflag"
)

const runUsage = `dryfire-tui run [PATH...] [--cassette-mode replay|record|auto|off] [--filter TEXT] [--tag T]...
                [--model M] [--concurrency N] [--max-retries N] [--fail-fast] [--yes]
                [--redact-secrets] [--reporter terminal|json|junit] [--json-out F]
                [--junit-out F] [-v] [--reveal]

Runs every case of the dryfire project around PATH (default .; suite files
run alone, see PATH below) as 'dryfire run' does: the agent loop with the
suites' mocks, every expect assertion, llm_judge verdicts, repeat and pass
rates. It reports as dryfire does: the terminal report on stdout (or the
run document with --reporter json, JUnit with --reporter junit), the run
document in --json-out and JUnit XML in --junit-out (written atomically;
the same bytes as dryfire's but for generated_at and the measured times).

The cassette mode is --cassette-mode, else cassettes.mode of dryfire.yaml,
else off, as for dryfire. replay runs offline from the cassettes. record
calls the model providers for every turn and writes every cassette; auto
replays what is recorded and records what is missing; off calls the
providers and writes nothing. Before calling a provider, run says how many
cases and calls it may make and what they may cost, and asks on a
terminal (--yes goes on without asking; without a terminal it is needed).
A cassette that would carry a secret is not written (the case ends in a
provider error) unless --redact-secrets writes it redacted. Keys are read
from the environment variables dryfire reads, and never printed or
written: wherever a suite interpolates one (${ANTHROPIC_API_KEY} in a case
name or an expected text), the report, -v and both files show
[$ANTHROPIC_API_KEY]. A secret recorded in a cassette (a response text, a
tool call's arguments) is printed as its mask, as show prints it, in the
report, -v and --reporter json|junit, terminal or pipe (a CI log is a
pipe); --reveal prints it. --json-out and --junit-out keep it as dryfire
writes it: they are files for programs. Ctrl-C
stops the run: every cassette written is whole, and auto records the rest.
Passthrough mocks (impl: package.module:function) are called through the
project's Python (DRYFIRE_PYTHON, else python3), one process for the run,
started in the project root, 30 s per call.

Exit status, exactly dryfire's: 0 every case passed (or no case matched,
or every case was skipped for want of a key); 1 a case failed or errored,
or the question was answered no; 2 a spec or config error (nothing runs),
a bad flag, or a provider call with neither a terminal nor --yes; 3 a
reported case ended in a provider error (a cassette miss, a failed call, a
recording refused for a secret); 130 interrupted.

` + runPaths + `

Examples:
  dryfire-tui run --cassette-mode replay
  dryfire-tui run --cassette-mode replay --junit-out junit.xml --json-out run.json
  dryfire-tui run --cassette-mode record --filter refund
  dryfire-tui run --cassette-mode auto --yes --max-retries 5
  dryfire-tui run evals/support/refund.eval.yaml --cassette-mode replay -v
  dryfire-tui run "evals/**/*.eval.yaml" --cassette-mode replay`

type runCommand struct {
	mode, filter, model, reporter, jsonOut, junitOut string
	tags                                             []string
	concurrency, maxRetries                          int
	failFast, verbose, yes, redact, reveal           bool
}

func (c *runCommand) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.mode, "cassette-mode", "", "replay, record, auto or off (default: cassettes.mode, else off)")
	fs.StringVar(&c.filter, "filter", "", "run only cases whose name contains `TEXT`")
	fs.StringArrayVar(&c.tags, "tag", nil, "run only suites with tag `T` (repeatable)")
	fs.StringVar(&c.model, "model", "", "override every case's `MODEL`")
	fs.IntVar(&c.concurrency, "concurrency", 0, "case repetitions run at once (default: the CPUs in replay, 4 when calling providers)")
	fs.BoolVar(&c.failFast, "fail-fast", false, "stop at the first case that does not pass")
	fs.StringVar(&c.reporter, "reporter", "terminal", "what stdout gets: terminal, json or junit")
	fs.StringVar(&c.jsonOut, "json-out", "", "write the run document to `FILE`")
	fs.StringVar(&c.junitOut, "junit-out", "", "write JUnit XML to `FILE`")
	fs.IntVar(&c.maxRetries, "max-retries", provider.DefaultMaxRetries, "retries of a failed provider call (`N`; no effect in replay)")
	fs.BoolVarP(&c.yes, "yes", "y", false, "call the providers without asking first")
	fs.BoolVar(&c.redact, "redact-secrets", false, "write a recording that carries a secret with the secret redacted, instead of refusing it")
	fs.BoolVarP(&c.verbose, "verbose", "v", false, "print every turn of each failing case")
	fs.BoolVar(&c.reveal, "reveal", false, "print the recorded secrets instead of their masks (never an API key)")
}

func (c *runCommand) run(ctx context.Context, e Env, args []string) error {
	if c.concurrency < 0 || c.maxRetries < 0 {
		return usageErrorf("pass a number of 0 or more", "--concurrency and --max-retries cannot be negative")
	}
	// A typo of CI's is said before the run, and again after its report.
	report.WriteReporterWarning(e.Stderr, c.reporter)
	if err := c.checkOutputs(e); err != nil {
		return err
	}
	keepRaw := c.jsonOut != "" || c.reporter == "json"
	prog := report.NewRunProgress(e.Stderr)
	rp, err := command.PrepareRun(ctx, command.RunRequest{
		Env: e.core(), Paths: args,
		Engine: engine.Options{Model: c.model, Filter: c.filter, Tags: c.tags, FailFast: c.failFast,
			Workers: c.concurrency, KeepRaw: keepRaw},
		Mode: c.mode, Passthrough: e.Stderr,
		Live: c.liveOptions(e, prog),
	})
	if err := runError(ctx, err); err != nil {
		return err
	}
	// The Python process of passthrough mocks is done once the run is
	// (Execute stops it, so that what the callables printed is out before
	// the report), or when the run does not go ahead.
	defer rp.Close()
	if err := c.beforeCalls(e, rp); err != nil || rp.NothingToRun() {
		if err == nil {
			report.WriteSkipWarning(e.Stderr, rp, nil, c.junitOut)
		}
		return err
	}
	prog.Start(rp)
	run := command.Execute(ctx, rp)
	if run.Outcome == command.Interrupted {
		report.WriteInterrupted(e.Stderr, rp, run.Recorded)
		return ctx.Err()
	}
	return c.report(e, rp, run)
}

// checkOutputs refuses, before anything runs, a --json-out or --junit-out
// whose directory does not exist: dryfire runs every case and then fails
// to write the file (exit 2). The exit code is the same; the run, and any
// call it would pay for, is spared. The directory is not created, as
// dryfire does not create it.
func (c *runCommand) checkOutputs(e Env) error {
	for _, f := range []struct{ flag, path string }{{"--json-out", c.jsonOut}, {"--junit-out", c.junitOut}} {
		if f.path == "" {
			continue
		}
		p := f.path
		if e.Dir != "" && !filepath.IsAbs(p) {
			p = filepath.Join(e.Dir, p)
		}
		dir := filepath.Dir(p)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return usageErrorf("create the directory first (dryfire does not create it either)",
				"%s %s: directory %s does not exist; nothing was run", f.flag, f.path, filepath.Dir(f.path))
		}
	}
	return nil
}

// report prints the run's report and what it recorded, and returns the
// exit code.
func (c *runCommand) report(e Env, rp *runplan.Plan, run *command.RunResult) error {
	err := report.WriteRunEnd(e.Stdout, e.Stderr, rp, run.Result, run.Recorded, runreport.RunOutput{
		Reporter: c.reporter, JSONOut: c.jsonOut, JUnitOut: c.junitOut, Now: e.Now(),
		Text: runreport.RunTextOptions{Verbose: c.verbose, Path: runreport.RelativeTo(rp.Project.Root),
			// The notes are for a person at a terminal; a pipe gets
			// dryfire's bytes.
			Notes: e.IsTerminal && c.reporter != "json" && c.reporter != "junit", Replay: rp.Mode == engine.ModeReplay},
		Keys: keysOf(e), Reveal: c.reveal,
	})
	if err != nil && run.Outcome != command.UsageError {
		return &exitError{code: exitUsage, err: err}
	}
	return ended(run.Outcome, nil)
}
