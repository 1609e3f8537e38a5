package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/spf13/pflag"
)

const diffUsage = `dryfire-tui diff [PATH] [REF] [--json] [--reveal] [--exit-code]

Explains every replay miss of the project around PATH (default .): which
recording went stale and exactly what changed in the request, field by
field, against the request the case sends now. REF (a path or a key prefix)
explains only the miss whose recording or current key matches; a stale
recording replay never reaches is explained by the miss before it. A key
prefix alone (4 hex digits or more, naming nothing on disk) is a REF in
the project around the working directory, as show takes it: diff 3d3d4517
is diff . 3d3d4517.

It exits 0 whatever it explains, as git diff does; --exit-code exits 1
when something is stale (0 when nothing is), as git diff --exit-code.

Change paths address dryfire's hashed request: system, model,
params.temperature, tools[2].description,
messages[3].tool_results[0].content.total. Differences the fingerprint
ignores (key order, NFC, provider call ids) are never reported. Each secret
of both requests (values ${VAR} took from the environment included) shows
as the secrets command lists it, alike on both sides; --reveal shows them.

` + suitePaths + `

Examples:
  dryfire-tui diff
  dryfire-tui diff 3d3d4517
  dryfire-tui diff --exit-code evals/
  dryfire-tui diff --json`

type diffCmd struct {
	json, reveal, exitCode bool
}

func (c *diffCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.reveal, "reveal", false, "show the secrets instead of their masks")
	fs.BoolVar(&c.exitCode, "exit-code", false, "exit 1 when a recording is stale, as git diff --exit-code")
}

func (c *diffCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 2 {
		return argsErrorf("", "too many arguments: diff takes a PATH and a REF, got %s", quoted(args))
	}
	req := command.DiffRequest{Env: e.core(), Reveal: c.reveal}
	switch {
	case len(args) == 1 && isKeyRef(e, args[0]):
		req.Ref = args[0]
	case len(args) > 0:
		req.Path = args[0]
	}
	if len(args) == 2 {
		req.Ref = args[1]
	}
	res, err := command.Diff(ctx, req)
	if err == nil && c.exitCode && res.Doc != nil && len(res.Doc.Stale) > 0 {
		res.Outcome = command.Findings
	}
	return finish(e, c.json, res, err)
}

// isKeyRef reports whether diff's one argument is a key prefix rather
// than a PATH: 4 hex digits or more, naming nothing on disk.
func isKeyRef(e Env, arg string) bool {
	if len(arg) < 4 || strings.Trim(arg, "0123456789abcdef") != "" {
		return false
	}
	p := arg
	if e.Dir != "" {
		p = filepath.Join(e.Dir, arg)
	}
	_, err := os.Lstat(p)
	return errors.Is(err, os.ErrNotExist)
}
