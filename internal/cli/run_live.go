package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// liveOptions are the options of the modes that call providers: keys from
// the command's environment only, dryfire's retries, the progress lines.
func (c *runCommand) liveOptions(e Env, prog *report.RunProgress) runplan.LiveOptions {
	po := provider.Options{MaxRetries: c.maxRetries, OnRetry: prog.Retry}
	if e.tuneProviders != nil {
		e.tuneProviders(&po)
	}
	return runplan.LiveOptions{Env: e.lookup, Provider: po, Now: e.Now, RedactSecrets: c.redact, OnCall: prog.Call}
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
	report.WritePlan(e.Stderr, rp)
	switch {
	case c.yes:
		return nil
	case !e.InputIsTerminal:
		return usageErrorf("pass --yes to call the providers without a terminal to ask on",
			"--cassette-mode %s calls the model providers, and there is no terminal to ask on", rp.Mode)
	}
	fmt.Fprint(e.Stderr, "Call the providers? [y/N] ")
	_ = visible.Flush(e.Stderr) // the question is seen before the answer is read
	line, _ := safefile.ReadLine(bufio.NewReader(e.Stdin), 1024)
	switch strings.ToLower(strings.TrimSpace(string(line))) {
	case "y", "yes":
		return nil
	}
	fmt.Fprintln(e.Stderr, "dryfire-tui: nothing was called")
	return exitWith(exitFindings)
}

// runError maps the errors of command.PrepareRun to exit codes and
// hints: all are usage, spec or config errors (exit 2).
func runError(ctx context.Context, err error) error {
	var me *runplan.ModeError
	var ce *provider.ConfigError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &me):
		return usageErrorf("", "%v", err)
	case errors.As(err, &ce):
		return usageErrorf("name a provider dryfire knows (anthropic, openai, gemini, xai, openrouter, moonshot, zhipu, deepseek) or one of dryfire.yaml's providers:", "%v", err)
	case ctx.Err() != nil:
		return err
	}
	return ended(command.UsageError, err)
}
