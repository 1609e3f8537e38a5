package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const runUsage = `dryfire-tui run [PATH] [--cassette-mode replay] [--filter TEXT] [--tag T]...
                [--model M] [--concurrency N] [--fail-fast] [--reporter terminal|json|junit]
                [--json-out F] [--junit-out F] [-v]

Runs every case of the dryfire project around PATH (default .; a suite file
runs that suite alone) as 'dryfire run' does, offline from its cassettes:
the agent loop with the suites' mocks, every expect assertion, llm_judge
verdicts replayed from their own cassettes, repeat and pass rates. It
reports as dryfire does: the terminal report on stdout (or the run
document with --reporter json, JUnit with --reporter junit), the run
document in --json-out and JUnit XML in --junit-out (written atomically;
the same bytes as dryfire's but for generated_at and the measured times).

The cassette mode is --cassette-mode, else cassettes.mode of dryfire.yaml,
else off, as for dryfire. Only replay runs here: auto, record and off call
the model providers. Passthrough mocks (impl: package.module:function) are
called through the project's Python (DRYFIRE_PYTHON, else python3), one
process for the run, started in the project root, 30 s per call.

Exit status, exactly dryfire's: 0 every case passed (or no case matched);
1 a case failed or errored; 2 a spec or config error (nothing runs), a bad
flag, or a mode that calls models; 3 a reported case ended in a provider
error (a cassette miss included).

Examples:
  dryfire-tui run --cassette-mode replay
  dryfire-tui run --cassette-mode replay --junit-out junit.xml --json-out run.json
  dryfire-tui run evals/support/refund.eval.yaml --cassette-mode replay -v
  dryfire-tui run --cassette-mode replay --tag smoke --fail-fast`

type runCommand struct {
	mode, filter, model, reporter, jsonOut, junitOut string
	tags                                             []string
	concurrency, maxRetries                          int
	failFast, verbose                                bool
}

func (c *runCommand) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.mode, "cassette-mode", "", "auto, record, replay or off (default: cassettes.mode, else off); only `MODE` replay runs here")
	fs.StringVar(&c.filter, "filter", "", "run only cases whose name contains `TEXT`")
	fs.StringArrayVar(&c.tags, "tag", nil, "run only suites with tag `T` (repeatable)")
	fs.StringVar(&c.model, "model", "", "override every case's `MODEL`")
	fs.IntVar(&c.concurrency, "concurrency", 0, "case repetitions run at once (default: the CPUs)")
	fs.BoolVar(&c.failFast, "fail-fast", false, "stop at the first case that does not pass")
	fs.StringVar(&c.reporter, "reporter", "terminal", "what stdout gets: terminal, json or junit")
	fs.StringVar(&c.jsonOut, "json-out", "", "write the run document to `FILE`")
	fs.StringVar(&c.junitOut, "junit-out", "", "write JUnit XML to `FILE`")
	fs.IntVar(&c.maxRetries, "max-retries", 3, "retries of a failed provider call (no effect in replay)")
	fs.BoolVarP(&c.verbose, "verbose", "v", false, "print every turn of each failing case")
}

func (c *runCommand) run(ctx context.Context, e Env, args []string) error {
	path, err := pathArg("run", args)
	if err != nil {
		return err
	}
	if c.concurrency < 0 {
		return usageErrorf("pass a positive number", "--concurrency must be positive, not %d", c.concurrency)
	}
	keepRaw := c.jsonOut != "" || c.reporter == "json"
	var inv *engine.PythonInvoker
	p, res, err := workspace.Run(ctx, path, workspace.RunOptions{
		Engine: engine.Options{Model: c.model, Filter: c.filter, Tags: c.tags, FailFast: c.failFast,
			Workers: c.concurrency, KeepRaw: keepRaw},
		Getenv: lookupEnvFunc(e),
		Mode:   c.mode,
		Invoker: func(root string) engine.Invoker {
			inv = engine.NewPythonInvoker(root, e.Getenv, e.Stderr)
			return inv
		},
	})
	if inv != nil {
		// The Python process is done: stopping it now flushes what the
		// callables printed before anything else reaches stderr.
		inv.Close()
	}
	if err := runError(ctx, path, err); err != nil {
		return err
	}
	if len(res.Errors) > 0 {
		_ = report.WriteSpecErrors(e.Stderr, p.Root, res.Errors)
		return exitWith(exitUsage)
	}
	if len(res.Suites) == 0 {
		fmt.Fprintln(e.Stdout, "no cases matched")
		return nil
	}
	if c.reporter != "terminal" && c.reporter != "json" && c.reporter != "junit" {
		fmt.Fprintf(e.Stderr, "dryfire-tui: hint: unknown --reporter %q: the terminal report, as dryfire does\n", c.reporter)
	}
	color := e.IsTerminal && (e.Getenv == nil || e.Getenv("NO_COLOR") == "")
	err = report.WriteRun(e.Stdout, res, report.RunOutput{
		Reporter: c.reporter, JSONOut: c.jsonOut, JUnitOut: c.junitOut, Now: e.Now(),
		Text: report.RunTextOptions{Color: color, Verbose: c.verbose, Path: report.RelativeTo(p.Root)},
	})
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	if res.RunExitCode != 0 {
		return exitWith(res.RunExitCode)
	}
	return nil
}

// runError maps the errors of workspace.Run to exit codes and hints.
func runError(ctx context.Context, path string, err error) error {
	var me *workspace.ModeError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, suite.ErrNoProject):
		return usageErrorf("run it inside a dryfire project, or pass its directory", "no dryfire.yaml found at or above %s", path)
	case errors.As(err, &me) && me.Known:
		return usageErrorf("run from the recordings with --cassette-mode replay", "%v", err)
	case errors.Is(err, workspace.ErrNotFound):
		return usageErrorf("pass a project directory or a suite file", "%v", err)
	case errors.Is(err, workspace.ErrNoRecordings):
		return pathError(err)
	case ctx.Err() != nil:
		return err
	}
	return &exitError{code: exitUsage, err: err}
}
