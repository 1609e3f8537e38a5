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

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// Env is what a command may touch of the outside world; main passes the
// process's, tests their own.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Now    func() time.Time
	Getenv func(string) string
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

// failIf returns exit 1 (findings) when failed is set.
func failIf(failed bool) error {
	if failed {
		return exitWith(exitFindings)
	}
	return nil
}

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
	return exitUsage
}

// pathArg is the optional PATH argument of a command that takes at most
// one: "." without it.
func pathArg(name string, args []string) (string, error) {
	switch len(args) {
	case 0:
		return ".", nil
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

// lookupEnvFunc serves ${VAR} interpolation from the command's environment.
func lookupEnvFunc(e Env) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if e.Getenv != nil {
			if v := e.Getenv(name); v != "" {
				return v, true
			}
		}
		return os.LookupEnv(name)
	}
}

// openWorkspace scans PATH, prints what could not be read as warnings,
// and turns a PATH that does not exist into a usage error.
func openWorkspace(ctx context.Context, e Env, path string, want scan.Want, o scan.Options) (*scan.Workspace, error) {
	o.Getenv = lookupEnvFunc(e)
	l, err := scan.Resolve(scan.Request{Dir: e.Dir, Args: []string{path}, Want: want})
	if err != nil {
		return nil, pathError(err)
	}
	w, err := scan.OpenLayout(ctx, l, o)
	if err != nil {
		return nil, pathError(err)
	}
	warn(e, w.Problems)
	return w, nil
}

// pathError says what to do about a PATH that does not exist or holds no
// recordings (a usage error); other errors pass unchanged.
func pathError(err error) error {
	var hinted interface{ Hint() string }
	if errors.As(err, &hinted) {
		return &exitError{code: exitUsage, err: err, hint: hinted.Hint()}
	}
	return err
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
	v := ""
	if e.Getenv != nil {
		v = e.Getenv(safefile.MaxSizeEnv)
	}
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

// unsafeRootError says what to do when the cassette root is not safe to
// change (exit 2).
func unsafeRootError(err error) error {
	var ue *scan.UnsafeRootError
	switch {
	case errors.As(err, &ue) && ue.Outside:
		instead := "set cassettes.dir in dryfire.yaml to a directory of the project"
		if ue.Dir {
			instead = "make " + ue.Root + " a directory of the project, not a link"
		}
		return &exitError{code: exitUsage, err: err,
			hint: "pass " + scan.AllowOutsideFlag + " if you mean to change the files there, or " + instead}
	case errors.Is(err, scan.ErrUnsafeRoot):
		return &exitError{code: exitUsage, err: err,
			hint: "set cassettes.dir in dryfire.yaml to a directory inside the project that holds only recordings (dryfire's default is .dryfire/cassettes)"}
	}
	return err
}
