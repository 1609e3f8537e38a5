package cli

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/spf13/pflag"
)

const diffUsage = `dryfire-tui diff [PATH] [REF] [--json] [--reveal]

Explains every replay miss of the project around PATH (default .): which
recording went stale and exactly what changed in the request, field by
field, against the request the case sends now. REF (a path or a key prefix)
explains only the miss whose recording or current key matches; a stale
recording replay never reaches is explained by the miss before it.

Change paths address dryfire's hashed request: system, model,
params.temperature, tools[2].description,
messages[3].tool_results[0].content.total. Differences the fingerprint
ignores (key order, NFC, provider call ids) are never reported. Each secret
of both requests (values ${VAR} took from the environment included) shows
as the secrets command lists it, alike on both sides; --reveal shows them.

` + suitePaths + `

Examples:
  dryfire-tui diff
  dryfire-tui diff . 3d3d4517
  dryfire-tui diff --json`

type diffCmd struct {
	json   bool
	reveal bool
}

func (c *diffCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.reveal, "reveal", false, "show the secrets instead of their masks")
}

func (c *diffCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 2 {
		return argsErrorf("", "too many arguments: diff takes a PATH and a REF, got %s", quoted(args))
	}
	req := command.DiffRequest{Env: e.core(), Reveal: c.reveal}
	if len(args) > 0 {
		req.Path = args[0]
	}
	if len(args) == 2 {
		req.Ref = args[1]
	}
	res, err := command.Diff(ctx, req)
	return finish(e, c.json, res, err)
}
