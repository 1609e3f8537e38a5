package cli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
)

const helpUsage = `dryfire-tui help [COMMAND]

Without COMMAND, lists the commands; with one, prints its usage, what it
does, its examples and its flags (what 'dryfire-tui COMMAND -h' prints).`

// suitePaths says, in the help of the commands that take dryfire's suite
// paths, how this tool's forms of PATH and dryfire's are told apart.
const suitePaths = `PATH: none is the project around the working directory. One PATH that is
a directory (a project directory or any directory below one, a cassette
directory, a tapes directory) or a .json file (one recording or tape) is
this tool's form, and dryfire.yaml is found from there. Anything else, and
always several PATHs, is dryfire's form: each PATH a glob relative to the
working directory (** recursive; quote it so that the shell leaves it
alone), the suite files it matches the suites taken, with the dryfire.yaml
found from the working directory, or dryfire's built-in defaults and
.dryfire/cassettes there without one.`

// runPaths says, in run's help, how its PATHs are told apart.
const runPaths = `PATH: none is the project around the working directory, which needs a
dryfire.yaml there or above ("no suite paths given and no dryfire.yaml
found", as dryfire says). One PATH that is a directory (a project
directory or any directory below one) is this tool's form: the suites of
the dryfire.yaml found from there run. Anything else, and always several
PATHs, is dryfire's form: each PATH a glob relative to the working
directory (** recursive; quote it so that the shell leaves it alone), the
suite files it matches run alone, with the dryfire.yaml found from the
working directory, or dryfire's built-in defaults and .dryfire/cassettes
there without one; nothing matched is "no suite files matched".`

// recordingPaths says, in the help of the commands over recordings, that
// they take this tool's forms of PATH only.
const recordingPaths = `PATH: none is the project around the working directory; one PATH is a
directory (a project directory or any directory below one, a cassette
directory, a tapes directory) or one recording or tape (.json). Suite files
and globs, dryfire's forms of PATH, are for the commands that run suites
(run, replay, check, ls, diff, browse): this command reads recordings.`

type helpCmd struct{}

func (c *helpCmd) flags(*pflag.FlagSet) {}

func (c *helpCmd) run(_ context.Context, e Env, args []string) error {
	switch {
	case len(args) == 0:
		printOverview(e.Stdout)
		return nil
	case len(args) > 1:
		return argsErrorf("", "too many arguments: help takes one COMMAND, got %s", quoted(args))
	}
	spec, ok := commands[args[0]]
	if !ok {
		return usageErrorf("run 'dryfire-tui help' for the list of commands", "unknown command %q", args[0])
	}
	printHelp(e.Stdout, args[0], spec)
	return nil
}

// printHelp prints a command's summary, usage text and flags.
func printHelp(w io.Writer, name string, spec commandSpec) {
	fmt.Fprintf(w, "%s\n\nUsage:\n  %s\n", spec.summary, spec.usage)
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	spec.new().flags(fs)
	spec.debugFlag(fs, new(bool))
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", u)
	}
	fmt.Fprintf(w, "\nOutput flags (every command):\n%s", outputFlagUsages())
}

// printUsage prints a command's synopsis (its usage text up to the first
// blank line) and flags: what follows an error in its arguments.
func printUsage(w io.Writer, name string, spec commandSpec) {
	synopsis, _, _ := strings.Cut(spec.usage, "\n\n")
	fmt.Fprintf(w, "Usage:\n  %s\n", synopsis)
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	spec.new().flags(fs)
	spec.debugFlag(fs, new(bool))
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(w, "Flags:\n%s", u)
	}
}

// flagUsages lists the flags of fs as pflag does, one a line, their usage
// aligned, but a boolean flag as it is typed (--yes, where pflag writes
// --yes[=true|false]).
func flagUsages(fs *pflag.FlagSet) string {
	type row struct{ left, usage string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		varname, usage := pflag.UnquoteUsage(f)
		if f.Value.Type() != "bool" && varname != "" {
			left += " " + varname
		}
		switch {
		case f.DefValue == "" || f.DefValue == "false" || f.DefValue == "0" || f.DefValue == "[]":
		case f.Value.Type() == "string":
			usage += fmt.Sprintf(" (default %q)", f.DefValue)
		default:
			usage += " (default " + f.DefValue + ")"
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%-*s   %s\n", width, r.left, r.usage)
	}
	return b.String()
}

type versionCmd struct{}

func (c *versionCmd) flags(*pflag.FlagSet) {}

func (c *versionCmd) run(_ context.Context, e Env, args []string) error {
	if len(args) > 0 {
		return argsErrorf("", "version takes no arguments, got %s", quoted(args))
	}
	fmt.Fprintf(e.Stdout, "dryfire-tui %s\n", version)
	return nil
}

// dryfireVersion is --version, as dryfire answers it: the name, the
// version and the date of the bundled prices the estimates and costs use
// (dryfire's, which this tool ships), so that one can see how old they
// are.
var dryfireVersion = commandSpec{
	summary: "print the version and the date of the bundled prices, as dryfire --version does",
	usage:   "dryfire-tui --version",
	new:     func() subcommand { return &dryfireVersionCmd{} },
}

type dryfireVersionCmd struct{}

func (c *dryfireVersionCmd) flags(*pflag.FlagSet) {}

func (c *dryfireVersionCmd) run(_ context.Context, e Env, args []string) error {
	if len(args) > 0 {
		return argsErrorf("", "--version takes no arguments, got %s", quoted(args))
	}
	fmt.Fprintf(e.Stdout, "dryfire-tui %s (pricing updated %s)\n", version, pricing.Updated)
	return nil
}

// printOverview prints what the tool is, the commands, and where to go next.
func printOverview(w io.Writer) {
	fmt.Fprintln(w, "dryfire-tui: browse, explain, clean and gate recorded LLM responses (dryfire cassettes, cassette-fn tapes).")
	fmt.Fprintln(w, "\nUsage:\n  dryfire-tui [COMMAND] [PATH] [FLAGS]\n\nCommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nWith no command, dryfire-tui browses PATH (default .). Try 'dryfire-tui --demo'.")
	fmt.Fprintln(w, "Exit codes: 0 ok · 1 findings, or a failed case (run) · 2 usage, spec or config error ·")
	fmt.Fprintln(w, "3 a replay miss or provider error · 130 interrupted.")
	fmt.Fprintln(w, "Output: escaped on a terminal, dryfire's bytes on a pipe or a file; API keys and recorded")
	fmt.Fprintln(w, "secrets masked on both. Every command takes --color=auto|always|never and --escape.")
	fmt.Fprintln(w, "Run 'dryfire-tui help COMMAND' for a command's flags and examples.")
}

// commandNames are the commands in alphabetical order.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// nearFlag is the flag of fs closest to the unknown flag a parse error
// names ("--junit-out" for "unknown flag: --junit-outt"), or "".
func nearFlag(fs *pflag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, "=")
	best, bestD := "", 3
	fs.VisitAll(func(f *pflag.Flag) {
		d := editDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) && len(name) >= 3 {
			d = 0
		}
		if d < bestD || (d == bestD && f.Name < best) {
			best, bestD = f.Name, d
		}
	})
	if best == "" {
		return ""
	}
	return "--" + best
}

// suggest returns the command closest to name, if any is close.
func suggest(name string) string {
	best, bestD := "", 3
	for _, c := range commandNames() {
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
