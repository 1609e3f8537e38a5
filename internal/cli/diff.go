package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/scan"
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
	path, _ := pathArg("diff", args[:min(len(args), 1)])
	w, err := openWorkspace(ctx, e, path, scan.Project, scan.Options{})
	if err != nil {
		return err
	}
	if w.Project == nil {
		return usageErrorf("run it inside a dryfire project, or pass its directory",
			"no dryfire.yaml found at or above %s: diff needs the suites to know what they send now", w.Path)
	}
	stale := w.Stale
	if len(args) == 2 {
		if stale = w.StaleMatching(args[1]); len(stale) == 0 {
			return usageErrorf("run 'dryfire-tui diff' to see every stale recording", "no stale recording matches %q", args[1])
		}
	}
	return emit(e, c.json, scan.DiffDocument(stale, c.reveal))
}
