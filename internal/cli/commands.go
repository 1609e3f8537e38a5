package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/spf13/pflag"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "v0.1.0-dev"

// subcommand is one command of the command line: its flags and what it does.
type subcommand interface {
	flags(fs *pflag.FlagSet)
	run(ctx context.Context, e Env, args []string) error
}

// commandSpec describes a subcommand in the table.
type commandSpec struct {
	summary string
	usage   string // the usage text after "Usage:", with examples
	new     func() subcommand
	// project says that the command reads the project around its first
	// argument (its PATH), whose providers: may name more keys to mask.
	project bool
	// debug gives the command dryfire's --debug (debug.go): the commands
	// dryfire has it on.
	debug bool
}

// commands is the subcommand table. A fresh options struct per run keeps
// commands free of shared state.
var commands = map[string]commandSpec{
	"browse":      {summary: "browse recordings interactively (the default command)", usage: browseUsage, new: func() subcommand { return &browseCmd{} }, project: true},
	"review":      {summary: "review cassettes changed since git HEAD: accept = stage, reject = restore", usage: reviewUsage, new: func() subcommand { return &reviewCmd{} }, project: true},
	"ls":          {summary: "list every recording with its status", usage: lsUsage, new: func() subcommand { return &lsCmd{} }, project: true},
	"show":        {summary: "show one recording: request and response", usage: showUsage, new: func() subcommand { return &showCmd{} }, project: true},
	"diff":        {summary: "explain stale recordings field by field", usage: diffUsage, new: func() subcommand { return &diffCmd{} }, project: true},
	"run":         {summary: "run every case as dryfire run does: verdicts, JUnit, the run document", usage: runUsage, new: func() subcommand { return &runCommand{} }, project: true, debug: true},
	"trace":       {summary: "run one case and print every turn, as dryfire trace does", usage: traceUsage, new: func() subcommand { return &traceCmd{} }, debug: true},
	"compare":     {summary: "run the suites once per model or prompt and print dryfire's matrix", usage: compareUsage, new: func() subcommand { return &compareCmd{} }, project: true, debug: true},
	"replay":      {summary: "replay every case offline, as dryfire --cassette-mode replay would", usage: replayUsage, new: func() subcommand { return &replayCmd{} }, project: true},
	"init":        {summary: "write an example project that runs with no key, as dryfire init does", usage: initUsage, new: func() subcommand { return &initCmd{} }},
	"validate":    {summary: "parse and check suites, calling nothing, as dryfire validate does", usage: validateUsage, new: func() subcommand { return &validateCmd{} }, project: true, debug: true},
	"prune":       {summary: "list (or with --yes remove) orphaned and superseded recordings", usage: pruneUsage, new: func() subcommand { return &pruneCmd{} }, project: true, debug: true},
	"secrets":     {summary: "find secrets left in recordings", usage: secretsUsage, new: func() subcommand { return &secretsCmd{} }, project: true},
	"doctor":      {summary: "check integrity and canonical format of recordings", usage: doctorUsage, new: func() subcommand { return &doctorCmd{} }, project: true},
	"check":       {summary: "CI gate: replay + secrets + prune + doctor", usage: checkUsage, new: func() subcommand { return &checkCmd{} }, project: true},
	"report":      {summary: "write a run document (run --json-out) as a self-contained HTML page", usage: reportUsage, new: func() subcommand { return &reportCmd{} }, debug: true},
	"fingerprint": {summary: "print the key of each JSON line (dryfire hash args or tape calls)", usage: fingerprintUsage, new: func() subcommand { return &fingerprintCmd{} }},
	"version":     {summary: "print the version", usage: "dryfire-tui version", new: func() subcommand { return &versionCmd{} }},
	"help":        {summary: "show help for a command", usage: helpUsage, new: func() subcommand { return &helpCmd{} }},
}

// Run runs the command line args (without the program name) and returns
// the exit code.
func Run(ctx context.Context, args []string, e Env) int {
	// Everything printed goes through the output policy (output.go): a
	// control sequence read from a file never reaches the terminal, a key
	// is never printed (the browser draws on its own).
	out, errOut := newStreams(e)
	defer flushStreams(out, errOut)
	e.Stdout, e.Stderr = out, errOut
	if code, ok := setSizeLimit(e); !ok {
		return code
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		printOverview(e.Stdout)
		return exitOK
	}
	name, rest, implied := "browse", args, true
	switch {
	case len(args) > 0 && args[0] == "--version":
		name, rest, implied = "--version", args[1:], false
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		name, rest, implied = args[0], args[1:], false
	}
	spec, ok := commands[name]
	if name == "--version" {
		spec, ok = dryfireVersion, true
	}
	if !ok {
		if !looksLikePath(name) {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: unknown command %s\n", strconv.Quote(visible.Line(name)))
			if s := suggest(name); s != "" {
				fmt.Fprintf(e.Stderr, "dryfire-tui: hint: did you mean %q? Run 'dryfire-tui help' for the list\n", s)
			} else {
				fmt.Fprintf(e.Stderr, "dryfire-tui: hint: run 'dryfire-tui help' for the list of commands\n")
			}
			return exitUsage
		}
		// A path as the first argument means "browse PATH".
		name, spec, rest, implied = "browse", commands["browse"], args, true
	}
	c := spec.new()
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	fs.Usage = func() {} // -h prints the help on stdout below; errors print the usage themselves
	c.flags(fs)
	var debug bool
	spec.debugFlag(fs, &debug)
	var of outputFlags
	of.register(fs)
	usage := func() { printUsage(e.Stderr, name, spec) }
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			printHelp(e.Stdout, name, spec)
			return exitOK
		}
		hint := "run 'dryfire-tui help " + name + "' for what it does, with examples"
		if implied {
			hint = "with no command dryfire-tui browses PATH; run 'dryfire-tui help' for the commands"
		}
		if near := nearFlag(fs, err); near != "" {
			hint = "did you mean " + near + "? " + hint
		}
		return exitCode(ctx, argsErrorf(hint, "%v", err), e.Stderr, usage)
	}
	if err := of.apply(e, out, errOut); err != nil {
		return exitCode(ctx, err, e.Stderr, usage)
	}
	if spec.project {
		addProjectKeys(e, pathOf(fs.Args()), out, errOut)
	}
	return exitCode(ctx, guarded(e, spec.debug, debug, func() error { return c.run(ctx, e, fs.Args()) }), e.Stderr, usage)
}

// looksLikePath reports whether a first argument that names no command is
// meant as the PATH of browse: an existing file or directory, or a word
// spelled as a path (./x, x/y, ~) that does not exist, which browse then
// reports as such.
func looksLikePath(arg string) bool {
	if _, err := os.Stat(arg); err == nil {
		return true
	}
	return strings.ContainsAny(arg, `/\`) || strings.HasPrefix(arg, ".") || strings.HasPrefix(arg, "~")
}
