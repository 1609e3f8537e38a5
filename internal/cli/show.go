package cli

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/spf13/pflag"
)

const showUsage = `dryfire-tui show [PATH] REF [--json] [--reveal]

Shows one recording: its status, the request dryfire recorded for it and the
response it replays. REF is a file path, or a key prefix (or path suffix)
looked up in the project around PATH (default .). Each secret shows as the
secrets command lists it ([rule preview sha256:…]); --reveal shows them.

` + recordingPaths + `

Examples:
  dryfire-tui show .dryfire/cassettes/refund_agent/parallel_lookups/00-655f68744ead8cf8.json
  dryfire-tui show 655f6874
  dryfire-tui show 655f6874 --json`

type showCmd struct {
	json   bool
	reveal bool
}

func (c *showCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.reveal, "reveal", false, "show the secrets instead of their masks")
}

func (c *showCmd) run(ctx context.Context, e Env, args []string) error {
	var path, ref string
	switch len(args) {
	case 0:
		return argsErrorf("", "show needs a REF: a path, or a key prefix of the recording")
	case 1:
		ref = args[0]
	case 2:
		path, ref = args[0], args[1]
	default:
		return argsErrorf("", "show takes a REF (a path or a key prefix), and a PATH before it, got %s", quoted(args))
	}
	res, err := command.Show(ctx, command.ShowRequest{Env: e.core(), Path: path, Ref: ref, Reveal: c.reveal})
	return finish(e, c.json, res, err)
}
