package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/passthrough"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/spf13/pflag"
)

// liveFlags are the flags of the commands that may call model providers
// (trace, compare), as run has them.
type liveFlags struct {
	mode               string
	maxRetries         int
	yes, redact, debug bool
	reveal             bool
}

func (l *liveFlags) register(fs *pflag.FlagSet, retries int, retriesHelp string) {
	fs.StringVar(&l.mode, "cassette-mode", "", "replay, record, auto or off (default: cassettes.mode, else off)")
	fs.IntVar(&l.maxRetries, "max-retries", retries, retriesHelp)
	fs.BoolVarP(&l.yes, "yes", "y", false, "call the providers without asking first")
	fs.BoolVar(&l.redact, "redact-secrets", false, "write a recording that carries a secret with the secret redacted, instead of refusing it")
	fs.BoolVar(&l.reveal, "reveal", false, "print the recorded secrets instead of their masks (never an API key)")
	fs.BoolVar(&l.debug, "debug", false, "accepted as dryfire's; dryfire-tui reports every error plainly, with no traceback to show")
}

// check refuses what no run can take.
func (l *liveFlags) check() error {
	if l.maxRetries < 0 {
		return usageErrorf("pass a number of 0 or more", "--max-retries cannot be negative")
	}
	return nil
}

// options are the options of the modes that call providers: keys from
// the command's environment only, the retries, the progress lines.
func (l *liveFlags) options(e Env, prog *report.RunProgress) runplan.LiveOptions {
	po := provider.Options{MaxRetries: l.maxRetries, OnRetry: prog.Retry}
	if e.tuneProviders != nil {
		e.tuneProviders(&po)
	}
	return runplan.LiveOptions{Env: e.lookup, Provider: po, Now: e.Now, RedactSecrets: l.redact, OnCall: prog.Call}
}

// prepare is command.PrepareRun with the command's environment, its
// passthrough invoker (closed by the caller once the run is done) and
// its progress lines.
func (l *liveFlags) prepare(ctx context.Context, e Env, paths []string, mode string, eo engine.Options, prog *report.RunProgress) (*runplan.Plan, *passthrough.PythonInvoker, error) {
	var inv *passthrough.PythonInvoker
	rp, err := command.PrepareRun(ctx, command.RunRequest{
		Env: e.core(), Paths: paths,
		Engine: eo,
		Mode:   mode,
		Invoker: func(root string) engine.Invoker {
			inv = passthrough.NewPythonInvoker(root, e.getenv, e.Stderr)
			return inv
		},
		Live: l.options(e, prog),
	})
	return rp, inv, err
}

// askToCall says on stderr what will be called (write) and, unless yes,
// asks on the terminal; without one it needs --yes, as run does.
func askToCall(e Env, yes bool, mode string, write func(w io.Writer)) error {
	write(e.Stderr)
	switch {
	case yes:
		return nil
	case !e.InputIsTerminal:
		return usageErrorf("pass --yes to call the providers without a terminal to ask on",
			"--cassette-mode %s calls the model providers, and there is no terminal to ask on", mode)
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

// planError maps what preparing a run of one case or of a comparison
// fails with to exit codes and hints: run's errors, and dryfire trace's
// own (no such case; a missing key, an error where run skips).
func planError(ctx context.Context, err error) error {
	var nf *engine.CaseNotFoundError
	var mk *provider.MissingKeyError
	switch {
	case errors.As(err, &nf) && nf.Near != "":
		return usageErrorf("did you mean "+jsonv.PyRepr(nf.Near)+"?", "%v", err)
	case errors.As(err, &nf):
		return usageErrorf("the address is SUITE::CASE, the suite's name: and the case's name: as its suite file spells them", "%v", err)
	case errors.As(err, &mk):
		return usageErrorf("set "+mk.EnvVar+", or trace the case from its cassettes with --cassette-mode replay", "%v", err)
	}
	return runError(ctx, err)
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
