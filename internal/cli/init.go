package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
)

const initUsage = `dryfire-tui init [--dir D] [--force]

Writes an example project into D (default: the working directory), as
'dryfire init' does, and prints the one command to run next:

  dryfire.yaml                          every setting explained
  evals/hello.eval.yaml                 a scripted model: passes with no key
  evals/refund_agent.eval.yaml          a real model: skipped without a key
  evals/schemas/escalate_to_human.json  a tool schema it brings in by $ref
  evals/README.md                       the commands to start with

'dryfire-tui run' in the project then passes with no key and no network.
When one of these files is already there, nothing is written and every
such file is listed; --force replaces them (and only them). Each file is
written whole (a temporary file renamed over it), and nothing is written
through a symbolic link.

Exit status: 0 written; 2 a file is in the way (without --force), or the
directory cannot be written.

Examples:
  dryfire-tui init
  dryfire-tui init --dir my-evals
  dryfire-tui init --force`

type initCmd struct {
	dir   string
	force bool
}

func (c *initCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.dir, "dir", ".", "the directory to write the project into (`D`)")
	fs.BoolVar(&c.force, "force", false, "replace the project's files that are already there")
}

func (c *initCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 0 {
		return argsErrorf("", "init takes no arguments, got %s (the directory is --dir D)", quoted(args))
	}
	res, err := command.Init(ctx, command.InitRequest{Env: e.core(), Dir: c.dir, Force: c.force})
	return finish(e, false, res, err)
}
