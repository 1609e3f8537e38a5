package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// Exit codes, as the README documents them.
const (
	exitOK          = 0
	exitFindings    = 1
	exitUsage       = 2
	exitMiss        = 3
	exitInterrupted = 130
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "v0.1.0-dev"

// command is one subcommand: its flags and what it does.
type command interface {
	flags(fs *pflag.FlagSet)
	run(ctx context.Context, e Env, args []string) error
}

// commandSpec describes a subcommand in the table.
type commandSpec struct {
	summary string
	usage   string // the usage text after "Usage:", with examples
	new     func() command
}

// commands is the subcommand table. A fresh options struct per run keeps
// commands free of shared state.
var commands = map[string]commandSpec{
	"browse":      {summary: "browse recordings interactively (the default command)", usage: browseUsage, new: func() command { return &browseCmd{} }},
	"review":      {summary: "review cassettes changed since git HEAD: accept = stage, reject = restore", usage: reviewUsage, new: func() command { return &reviewCmd{} }},
	"ls":          {summary: "list every recording with its status", usage: lsUsage, new: func() command { return &lsCmd{} }},
	"show":        {summary: "show one recording: request and response", usage: showUsage, new: func() command { return &showCmd{} }},
	"diff":        {summary: "explain stale recordings field by field", usage: diffUsage, new: func() command { return &diffCmd{} }},
	"replay":      {summary: "replay every case offline, as dryfire --cassette-mode replay would", usage: replayUsage, new: func() command { return &replayCmd{} }},
	"prune":       {summary: "list (or with --yes remove) orphaned and superseded recordings", usage: pruneUsage, new: func() command { return &pruneCmd{} }},
	"secrets":     {summary: "find secrets left in recordings", usage: secretsUsage, new: func() command { return &secretsCmd{} }},
	"doctor":      {summary: "check integrity and canonical format of recordings", usage: doctorUsage, new: func() command { return &doctorCmd{} }},
	"check":       {summary: "CI gate: replay + secrets + prune + doctor", usage: checkUsage, new: func() command { return &checkCmd{} }},
	"fingerprint": {summary: "print the key of each JSON line (dryfire hash args or tape calls)", usage: fingerprintUsage, new: func() command { return &fingerprintCmd{} }},
	"version":     {summary: "print the version", usage: "dryfire-tui version", new: func() command { return &versionCmd{} }},
	"help":        {summary: "show help for a command", usage: "dryfire-tui help [COMMAND]", new: func() command { return &helpCmd{} }},
}

// exitError carries an exit code chosen by a command. A nil err means the
// command already said what it had to say.
type exitError struct {
	code int
	err  error
	hint string
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

// exitWith returns an error that only sets the exit code.
func exitWith(code int) error { return &exitError{code: code} }

// Run runs the command line args (without the program name) and returns
// the exit code.
func Run(ctx context.Context, args []string, e Env) int {
	name, rest := "browse", args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, rest = args[0], args[1:]
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		printOverview(e.Stdout)
		return exitOK
	}
	if len(args) > 0 && (args[0] == "--version") {
		name, rest = "version", nil
	}
	spec, ok := commands[name]
	if !ok {
		if _, statErr := os.Stat(name); statErr != nil {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: unknown command %q\n", name)
			if s := suggest(name); s != "" {
				fmt.Fprintf(e.Stderr, "dryfire-tui: hint: did you mean %q? Run 'dryfire-tui help' for the list\n", s)
			} else {
				fmt.Fprintf(e.Stderr, "dryfire-tui: hint: run 'dryfire-tui help' for the list of commands\n")
			}
			return exitUsage
		}
		// A path as the first argument means "browse PATH".
		spec, rest = commands["browse"], args
		name = "browse"
	}
	c := spec.new()
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	fs.Usage = func() { fmt.Fprintf(e.Stderr, "Usage:\n  %s\n\nFlags:\n%s", spec.usage, fs.FlagUsages()) }
	c.flags(fs)
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		fmt.Fprintf(e.Stderr, "dryfire-tui: hint: run 'dryfire-tui help %s'\n", name)
		return exitUsage
	}
	return exitCode(ctx, c.run(ctx, e, fs.Args()), e.Stderr)
}

// exitCode prints err as a diagnostic and maps it to an exit code.
func exitCode(ctx context.Context, err error, stderr io.Writer) int {
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
			fmt.Fprintf(stderr, "dryfire-tui: error: %v\n", ee.err)
		}
		if ee.hint != "" {
			fmt.Fprintf(stderr, "dryfire-tui: hint: %s\n", ee.hint)
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "dryfire-tui: error: %v\n", err)
	return exitUsage
}

// suggest returns the command closest to name, if any is close.
func suggest(name string) string {
	best, bestD := "", 3
	for c := range commands {
		if d := editDistance(name, c); d < bestD || (strings.HasPrefix(c, name) && len(name) >= 2) {
			best, bestD = c, d
			if strings.HasPrefix(c, name) {
				bestD = 0
			}
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func printOverview(w io.Writer) {
	fmt.Fprintln(w, "dryfire-tui: browse, explain, clean and gate recorded LLM responses (dryfire cassettes, cassette-fn tapes).")
	fmt.Fprintln(w, "\nUsage:\n  dryfire-tui [COMMAND] [PATH] [FLAGS]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nWith no command, dryfire-tui browses PATH (default .). Try 'dryfire-tui --demo'.")
	fmt.Fprintln(w, "Exit codes: 0 ok · 1 findings · 2 usage, spec or config error · 3 replay miss · 130 interrupted.")
	fmt.Fprintln(w, "Run 'dryfire-tui help COMMAND' for a command's flags and examples.")
}

type versionCmd struct{}

func (c *versionCmd) flags(*pflag.FlagSet) {}

func (c *versionCmd) run(_ context.Context, e Env, _ []string) error {
	fmt.Fprintf(e.Stdout, "dryfire-tui %s\n", version)
	return nil
}

type helpCmd struct{}

func (c *helpCmd) flags(*pflag.FlagSet) {}

func (c *helpCmd) run(_ context.Context, e Env, args []string) error {
	if len(args) == 0 {
		printOverview(e.Stdout)
		return nil
	}
	spec, ok := commands[args[0]]
	if !ok {
		return usageErrorf("run 'dryfire-tui help' for the list of commands", "unknown command %q", args[0])
	}
	fmt.Fprintf(e.Stdout, "%s\n\nUsage:\n  %s\n", spec.summary, spec.usage)
	fs := pflag.NewFlagSet(args[0], pflag.ContinueOnError)
	spec.new().flags(fs)
	if u := fs.FlagUsages(); u != "" {
		fmt.Fprintf(e.Stdout, "\nFlags:\n%s", u)
	}
	return nil
}
