package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
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
	l, err := scan.Resolve(scan.Request{Dir: e.Dir, Args: args, Want: scan.Project})
	if err != nil {
		return pathError(err)
	}
	p, res, err := scan.Replay(ctx, l, scan.ReplayOptions{Filter: c.filter, Model: c.model, Getenv: lookupEnvFunc(e)})
	if err != nil {
		return pathError(err)
	}
	_ = report.WriteSpecErrors(e.Stderr, p.Root, res.Errors)
	if err := emit(e, c.json, report.NewReplay(p.Root, res)); err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return exitWith(res.ExitCode)
	}
	return nil
}
