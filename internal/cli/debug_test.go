package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// panicCmd is a command with a bug: it panics.
type panicCmd struct{}

func (panicCmd) flags(*pflag.FlagSet) {}

func (panicCmd) run(context.Context, Env, []string) error { panic("boom: index out of range") }

// TestInternalErrorAndDebug: a panic in a command (a bug) is dryfire's
// internal error, exit 2, with a request to report it and no stack; with
// --debug the Go stack where it happened is printed first, as dryfire's
// --debug shows Python's traceback. A command dryfire has no --debug on
// is told so by its hint. Before, the panic ended the process with Go's
// stack and no word of what it was.
func TestInternalErrorAndDebug(t *testing.T) {
	// The table is changed for this test alone: it runs before the
	// package's parallel tests are let go.
	commands["boom"] = commandSpec{summary: "panics", usage: "dryfire-tui boom", new: func() subcommand { return panicCmd{} }, debug: true}
	commands["boom-plain"] = commandSpec{summary: "panics", usage: "dryfire-tui boom-plain", new: func() subcommand { return panicCmd{} }}
	defer delete(commands, "boom")
	defer delete(commands, "boom-plain")
	run := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
			Now: time.Now, Getenv: func(string) string { return "" }})
		return code, errOut.String()
	}
	code, stderr := run("boom")
	if code != exitUsage || !strings.HasPrefix(stderr, "dryfire-tui: error: internal error: boom: index out of range\n") ||
		!strings.Contains(stderr, "please report it (--debug prints where it happened)") || strings.Contains(stderr, "goroutine") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	code, stderr = run("boom", "--debug")
	if code != exitUsage || !strings.Contains(stderr, "goroutine ") || !strings.Contains(stderr, "debug_test.go") ||
		!strings.Contains(stderr, "dryfire-tui: error: internal error: boom") || strings.Contains(stderr, "--debug prints") {
		t.Errorf("--debug: exit %d, stderr:\n%s", code, stderr)
	}
	if code, stderr = run("boom-plain"); code != exitUsage || strings.Contains(stderr, "--debug") {
		t.Errorf("a command without --debug: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestDebugFlagWhereDryfireHasIt: run, prune, validate, trace, compare and
// report take --debug and say what it does in their help, as dryfire's
// do; a command dryfire does not have is not given it.
func TestDebugFlagWhereDryfireHasIt(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"run", "prune", "validate", "trace", "compare", "report"} {
		var out bytes.Buffer
		printHelp(&out, name, commands[name])
		if !strings.Contains(out.String(), "--debug ") || !strings.Contains(out.String(), "Go stack") {
			t.Errorf("%s's help has no --debug:\n%s", name, out.String())
		}
	}
	for _, name := range []string{"ls", "init", "check"} {
		if commands[name].debug {
			t.Errorf("%s has --debug, which dryfire's has not", name)
		}
	}
}

// TestVersionAsDryfireAnswersIt: --version is dryfire's answer with this
// tool's name and version (and the date of the bundled prices), version
// this tool's own.
func TestVersionAsDryfireAnswersIt(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]*regexp.Regexp{
		"--version": regexp.MustCompile(`^dryfire-tui \S+ \(pricing updated 2026-07-31\)\n$`),
		"version":   regexp.MustCompile(`^dryfire-tui \S+\n$`),
	} {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), strings.Fields(args), Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
			Now: time.Now, Getenv: func(string) string { return "" }})
		if code != 0 || !want.MatchString(out.String()) || errOut.Len() > 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
}
