package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const replayUsage = `dryfire-tui replay [PATH] [--json] [--filter TEXT] [--model M]

Replays every case of the dryfire project around PATH (default .) offline,
as 'dryfire run --cassette-mode replay' would, and says which turn of which
case would miss, with the key it would ask for. Every repetition of a
repeated case is checked.

Exit status: 0 every visit hits; 3 a repetition misses or ends in a provider
error; 1 a case errors; 2 a spec or config error (suites that parse are
still replayed and reported).

Examples:
  dryfire-tui replay
  dryfire-tui replay evals/ --filter refund
  dryfire-tui replay --model claude-haiku-4-5 --json`

type replayCmd struct {
	json   bool
	filter string
	model  string
}

func (c *replayCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.StringVar(&c.filter, "filter", "", "replay only cases whose name contains `TEXT`")
	fs.StringVar(&c.model, "model", "", "override every case's model, as dryfire run --model")
}

func (c *replayCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help replay'", "replay takes at most one PATH")
	}
	path := "."
	if len(args) == 1 {
		path = args[0]
	}
	p, res, err := workspace.Replay(ctx, path, workspace.ReplayOptions{Filter: c.filter, Model: c.model, Getenv: lookupEnvFunc(e)})
	switch {
	case errors.Is(err, suite.ErrNoProject):
		return usageErrorf("run it inside a dryfire project, or pass its directory", "no dryfire.yaml found at or above %s", path)
	case errors.Is(err, workspace.ErrNotFound):
		return usageErrorf("pass a project directory", "%v", err)
	case err != nil && ctx.Err() == nil:
		return &exitError{code: exitUsage, err: err}
	case err != nil:
		return err
	}
	printSpecErrors(e.Stderr, p.Root, res.Errors)
	if c.json {
		if err := writeReplayJSON(e.Stdout, p, res); err != nil {
			return err
		}
	} else {
		writeReplayText(e.Stdout, res)
	}
	if res.ExitCode != 0 {
		return exitWith(res.ExitCode)
	}
	return nil
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

// printSpecErrors prints each error as file:line:col: message, the source
// line and a caret under the column.
func printSpecErrors(w io.Writer, root string, errs []suite.SpecError) {
	for _, se := range errs {
		fmt.Fprintf(w, "%s\n", se.Error())
		if se.Line > 0 {
			src := se.Source
			if src == "" {
				src = sourceLineOf(filepath.Join(root, filepath.FromSlash(se.File)), se.Line)
			}
			if src != "" {
				fmt.Fprintf(w, "  %s\n  %s^\n", src, caretPad(src, se.Column))
			}
		}
		if se.Hint != "" {
			fmt.Fprintf(w, "  hint: %s\n", se.Hint)
		}
	}
}

func sourceLineOf(file string, n int) string {
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if n > len(lines) {
		return ""
	}
	return strings.TrimRight(lines[n-1], "\r")
}

// caretPad keeps tabs so the caret lines up under column col (characters).
func caretPad(src string, col int) string {
	var b strings.Builder
	i := 1
	for _, r := range src {
		if i >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	return b.String()
}
