package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// Env is what a command may touch of the outside world; main passes the
// process's, tests their own.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Now    func() time.Time
	// LookupEnv and Getenv read the environment: main sets LookupEnv
	// (os.LookupEnv); a test sets Getenv, its map the whole truth (a
	// variable is set when it is not empty). [Env.lookup] is the one
	// lookup every command uses.
	LookupEnv func(string) (string, bool)
	Getenv    func(string) string
	// Dir is the working directory PATHs are relative to ("" is the
	// process's).
	Dir string
	// IsTerminal reports whether stdout is a terminal (escapes, colour,
	// the browser).
	IsTerminal bool
	// ErrIsTerminal reports whether stderr is a terminal (colour; stderr
	// is escaped wherever it goes).
	ErrIsTerminal bool
	// Environ lists variables of the environment beyond the process's
	// (tests), in os.Environ's NAME=value form: a variable named *_API_KEY
	// holds a key to mask when the process's environment or this list
	// names it.
	Environ func() []string
	// InputIsTerminal reports whether stdin is a terminal a person can
	// answer a question on (run asks before it calls a provider).
	InputIsTerminal bool

	// tuneProviders, in tests, adjusts the gateways' options (no waits
	// between retries, a counting client).
	tuneProviders func(*provider.Options)
}

// lookup is the one environment lookup of the command line: ${VAR} in
// suites, provider keys and base URLs, the keys to mask. LookupEnv when
// set, else Getenv (not empty is set), else the process's.
func (e Env) lookup(name string) (string, bool) {
	switch {
	case e.LookupEnv != nil:
		return e.LookupEnv(name)
	case e.Getenv != nil:
		v := e.Getenv(name)
		return v, v != ""
	}
	return os.LookupEnv(name)
}

// getenv is the value of a variable, "" when it is not set.
func (e Env) getenv(name string) string {
	v, _ := e.lookup(name)
	return v
}

// core is what the command tier reads of the environment.
func (e Env) core() command.Env {
	return command.Env{Dir: e.Dir, LookupEnv: e.lookup, Now: e.Now}
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Exit codes, as the README documents them.
const (
	exitOK          = 0
	exitFindings    = 1
	exitUsage       = 2
	exitMiss        = 3
	exitInterrupted = 130
)

// exitCodes is the exit code of each outcome of the command tier.
var exitCodes = map[command.Outcome]int{
	command.OK:          exitOK,
	command.Findings:    exitFindings,
	command.Failed:      exitFindings,
	command.UsageError:  exitUsage,
	command.Miss:        exitMiss,
	command.Interrupted: exitInterrupted,
}

// exitError carries an exit code chosen by a command. A nil err means the
// command already said what it had to say.
type exitError struct {
	code int
	err  error
	hint string
	// usage asks for the command's usage after the error: the arguments
	// were wrong.
	usage bool
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf returns an exit-2 error for bad arguments.
func usageErrorf(hint, format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...), hint: hint}
}

// argsErrorf returns an exit-2 error for arguments the command does not
// take; the command's usage follows it.
func argsErrorf(hint, format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...), hint: hint, usage: true}
}

// exitWith returns an error that only sets the exit code.
func exitWith(code int) error { return &exitError{code: code} }

// exitCode prints err as a diagnostic (with usage, the command's usage
// when the arguments were wrong) and maps it to an exit code.
func exitCode(ctx context.Context, err error, stderr io.Writer, usage func()) int {
	if err == nil {
		return exitOK
	}
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "dryfire-tui: interrupted")
		return exitInterrupted
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "dryfire-tui: error: %s\n", visible.Line(ee.err.Error()))
		}
		if ee.usage && usage != nil {
			usage()
		}
		if ee.hint != "" {
			fmt.Fprintf(stderr, "dryfire-tui: hint: %s\n", visible.Line(ee.hint))
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "dryfire-tui: error: %s\n", visible.Line(err.Error()))
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		fmt.Fprintf(stderr, "dryfire-tui: hint: %s\n", visible.Line(h.Hint()))
	}
	return exitUsage
}

// pathArg is the optional PATH argument of a command that takes at most
// one: "" without it.
func pathArg(name string, args []string) (string, error) {
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		return args[0], nil
	}
	return "", argsErrorf("", "too many arguments: %s takes at most one PATH, got %s", name, quoted(args))
}

// quoted is the arguments as a person typed them, each quoted.
func quoted(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}

// ended is how a command of the command tier ends: its outcome, with the
// error said about it (and its hint). An interruption is said by
// exitCode.
func ended(o command.Outcome, err error) error {
	var own *exitError
	switch {
	case errors.As(err, &own):
		// The command line's own error, come back through a hook (the
		// question asked before a provider is called): it says it all.
		return own
	case o == command.Interrupted:
		return context.Canceled
	case errors.Is(err, command.ErrSpecErrors):
		// The spec errors were printed; they say it all.
		return exitWith(exitUsage)
	case err == nil && o == command.OK:
		return nil
	case o == command.OK:
		o = command.UsageError
	}
	ee := &exitError{code: exitCodes[o], err: err}
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		ee.hint = h.Hint()
	}
	return ee
}

// finish prints what a command of the command tier returned: its
// warnings and spec errors on stderr, then, when it made one, its document
// on stdout (as JSON or text), its afterword on stderr and what it says
// after it; and it ends with the outcome's exit code.
func finish[D document](e Env, asJSON bool, res command.Result[D], err error) error {
	warn(e, res.Warnings)
	if len(res.SpecErrors) > 0 {
		_ = report.WriteSpecErrors(e.Stderr, res.Root, res.SpecErrors)
	}
	if err != nil {
		return ended(res.Outcome, err)
	}
	if err := emit(e, asJSON, res.Doc); err != nil {
		return err
	}
	if a, ok := any(res.Doc).(afterword); ok {
		a.WriteAfter(e.Stderr)
	}
	return ended(res.Outcome, res.Err)
}

// afterword is a document that has more to say on stderr once it is
// written (what recording wrote, or what an interrupted run left).
type afterword interface {
	WriteAfter(stderr io.Writer)
}

// warn prints diagnostics that did not stop the command.
func warn(e Env, problems []error) {
	for _, p := range problems {
		fmt.Fprintf(e.Stderr, "dryfire-tui: warning: %s\n", visible.Line(p.Error()))
	}
}

// document is what every command prints: a report document.
type document interface {
	WriteText(w io.Writer) error
}

// emit writes a command's document to stdout, as JSON or as text.
func emit(e Env, asJSON bool, doc document) error {
	if asJSON {
		return report.WriteJSON(e.Stdout, doc)
	}
	return doc.WriteText(e.Stdout)
}

// setSizeLimit sets the size limit of every file read from
// DRYFIRE_TUI_MAX_FILE_SIZE, when set. A value that is not a size is a
// usage error (ok false, and the exit code).
func setSizeLimit(e Env) (code int, ok bool) {
	safefile.SetMaxSize(0)
	v := e.getenv(safefile.MaxSizeEnv)
	if v == "" {
		return 0, true
	}
	n, err := safefile.ParseSize(v)
	if err != nil {
		fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s: %s\n", safefile.MaxSizeEnv, visible.Line(err.Error()))
		fmt.Fprintf(e.Stderr, "dryfire-tui: hint: for example %s=256M\n", safefile.MaxSizeEnv)
		return exitUsage, false
	}
	safefile.SetMaxSize(n)
	return 0, true
}
