package cli

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/spf13/pflag"
)

const replayUsage = `dryfire-tui replay [PATH...] [--json] [--filter TEXT] [--model M]

Replays every case of the dryfire project around PATH (default .) offline,
as 'dryfire run --cassette-mode replay' would, and says which turn of which
case would miss, with the key it would ask for. Every repetition of a
repeated case is checked.

Exit status: 0 every visit hits; 3 a repetition misses or ends in a provider
error; 1 a case errors; 2 a spec or config error (suites that parse are
still replayed and reported).

` + suitePaths + `

Examples:
  dryfire-tui replay
  dryfire-tui replay evals/ --filter refund
  dryfire-tui replay --model claude-haiku-4-5 --json
  dryfire-tui replay "evals/**/*.eval.yaml"`

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
	res, err := command.Replay(ctx, command.ReplayRequest{Env: e.core(), Paths: args, Filter: c.filter, Model: c.model})
	return finish(e, c.json, res, err)
}
