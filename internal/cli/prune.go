package cli

import (
	"context"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/spf13/pflag"
)

const pruneUsage = `dryfire-tui prune [PATH] [--yes] [--json] [--force]

Lists the cassettes of the project around PATH (default .) that can go:
dryfire's orphaned case, orphaned suite and stale schema_version, plus
superseded recordings (in a case that replays fully, never read). Nothing
is removed without --yes.

Unlike dryfire's prune, it keeps every file that replay still reads (after
a case or suite rename, lookup by key still hits the old directory) and
says so: "keep PATH (in use: read by replay of suite::case)". Live, stale,
protected, invalid and unknown files are never removed, nor any file not
named like a cassette; a file changed since the scan is kept and listed. A
cassette root that is the project root, contains it, lies outside it or
holds .git is refused (exit 2); so is one that a symbolic link leads out of
the project, unless --allow-outside-project says to change the files there.
Without any suite configured, --yes also needs --force.

` + recordingPaths + `

Examples:
  dryfire-tui prune
  dryfire-tui prune --yes
  dryfire-tui prune --json`

type pruneCmd struct {
	yes, json, force, allowOutside bool
}

func (c *pruneCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.yes, "yes", false, "remove the candidates")
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.force, "force", false, "with --yes, remove even when no suite is configured")
	allowOutsideFlag(fs, &c.allowOutside, "remove")
}

func (c *pruneCmd) run(ctx context.Context, e Env, args []string) error {
	path, err := pathArg("prune", args)
	if err != nil {
		return err
	}
	res, err := command.Prune(ctx, command.PruneRequest{Env: e.core(), Path: path, Yes: c.yes, Force: c.force, AllowOutside: c.allowOutside})
	return finish(e, c.json, res, err)
}

// allowOutsideFlag adds --allow-outside-project to a command that does
// what (remove, rewrite) to the files of the cassette root.
func allowOutsideFlag(fs *pflag.FlagSet, v *bool, what string) {
	fs.BoolVar(v, strings.TrimPrefix(command.AllowOutsideFlag, "--"), false,
		what+" files under a cassette root outside the project (a symbolic link, or an absolute cassettes.dir, that leads there)")
}
