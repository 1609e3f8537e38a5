package command

import (
	"context"
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Outcome is what a command found: the command line maps it to an exit
// code (one table, in internal/cli), the browser's palette to its result.
type Outcome uint8

// The outcomes.
const (
	// OK: nothing to report (exit 0).
	OK Outcome = iota
	// Findings: the command found problems (check, secrets, doctor), left
	// files it was asked to remove, or could not read what it was asked to
	// show (exit 1).
	Findings
	// Failed: a case failed or errored (run, replay), or a person answered
	// no (exit 1, as dryfire's).
	Failed
	// UsageError: the arguments, a spec or the configuration are wrong, or
	// the command refused to act (exit 2).
	UsageError
	// Miss: a replay missed or a provider failed (exit 3).
	Miss
	// Interrupted: the context was cancelled (exit 130).
	Interrupted
)

var outcomeNames = [...]string{
	OK:          "ok",
	Findings:    "findings",
	Failed:      "failed",
	UsageError:  "usage or spec error",
	Miss:        "miss or provider error",
	Interrupted: "interrupted",
}

// String names the outcome as the palette shows it.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "outcome(" + strconv.Itoa(int(o)) + ")"
}

// Result is what a command returns besides an error: its document, its
// outcome, and what it says about its input on the side.
type Result[D any] struct {
	// Doc is what the command prints (package report); the zero value when
	// the command failed before it had one.
	Doc D
	// Outcome is what it found.
	Outcome Outcome
	// Err, when set, is said after the document: what went wrong once the
	// document was made ("2 not removed (listed on stdout)"), with its hint
	// (a Hint method) when it has one.
	Err error
	// Changed is set when the command wrote or removed files (the browser
	// reads the project again).
	Changed bool
	// Warnings are problems that did not stop the command: directories
	// that could not be read, links not followed, tapes that did not load.
	Warnings []error
	// SpecErrors are the errors of dryfire.yaml and the suites, files named
	// relative to Root.
	SpecErrors []suite.SpecError
	Root       string
}

// Env is what a command reads of the process besides its request.
type Env struct {
	// Dir is the working directory the PATH arguments are relative to ("":
	// the process's).
	Dir string
	// LookupEnv looks up environment variables: ${VAR} in suites, provider
	// keys and base URLs (nil: os.LookupEnv).
	LookupEnv func(string) (string, bool)
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

func (e Env) lookup() func(string) (string, bool) {
	if e.LookupEnv == nil {
		return os.LookupEnv
	}
	return e.LookupEnv
}

// getenv is the value of a variable, "" when it is not set.
func (e Env) getenv(name string) string {
	v, _ := e.lookup()(name)
	return v
}

func (e Env) now() time.Time {
	if e.Now == nil {
		return time.Now()
	}
	return e.Now()
}

// resolve resolves the command's PATH arguments (scan.Resolve).
func (e Env) resolve(args []string, want scan.Want) (*scan.Layout, error) {
	return scan.Resolve(scan.Request{Dir: e.Dir, Args: args, Want: want})
}

// open resolves the PATH arguments and scans them.
func (e Env) open(ctx context.Context, args []string, want scan.Want, o scan.Options) (*scan.Workspace, error) {
	l, err := e.resolve(args, want)
	if err != nil {
		return nil, err
	}
	o.Getenv = e.lookup()
	return scan.OpenLayout(ctx, l, o)
}

// failed is the result of a command that made no document: Interrupted
// when ctx is done, else o.
func failed[D any](ctx context.Context, o Outcome, err error) (Result[D], error) {
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		o = Interrupted
	}
	return Result[D]{Outcome: o}, err
}

// hinted is an error with what to do about it, for a person.
type hinted struct {
	err  error
	hint string
}

func (h *hinted) Error() string { return h.err.Error() }
func (h *hinted) Unwrap() error { return h.err }

// Hint says what to do.
func (h *hinted) Hint() string { return h.hint }

// withHint is err with a hint.
func withHint(err error, hint string) error { return &hinted{err: err, hint: hint} }

// paths are the PATH arguments of a command that takes at most one: none
// for "".
func paths(path string) []string {
	if path == "" {
		return nil
	}
	return []string{path}
}
