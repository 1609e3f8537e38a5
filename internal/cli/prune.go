package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
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
	scan.AllowOutsideProject(c.allowOutside)
	path, err := pathArg("prune", args)
	if err != nil {
		return err
	}
	// Prune prints no stale reasons: the misses need no explaining.
	w, err := openWorkspace(ctx, e, path, scan.Recordings, scan.Options{NoExplain: true})
	if err != nil {
		return err
	}
	if w.Project == nil {
		return usageErrorf("run it inside a dryfire project, or pass its directory",
			"no dryfire.yaml found at or above %s: prune needs the suites to know what is orphaned", w.Path)
	}
	if errs := scan.ConfigErrors(w.Project); len(errs) > 0 {
		_ = report.WriteSpecErrors(e.Stderr, w.Project.Root, errs)
		return exitWith(exitUsage)
	}
	if c.yes && !w.SuitesConfigured && !c.force {
		return usageErrorf("add suites: to dryfire.yaml, or pass --force to remove them anyway",
			"no suites configured: every cassette looks orphaned, refusing to remove them")
	}
	// The dry run refuses too: it would list what --yes never removes.
	if err := w.CheckModifiable(); err != nil {
		return unsafeRootError(err)
	}
	plan := w.PrunePlan()
	var done *scan.PruneReport
	if c.yes {
		r, err := w.Prune(ctx, plan.Candidates)
		if err != nil {
			return unsafeRootError(err)
		}
		done = &r
	}
	if err := emit(e, c.json, plan.Document(done)); err != nil {
		return err
	}
	switch {
	case done != nil && done.Interrupted:
		return ctx.Err()
	case done != nil && len(done.Errors) > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("prune --yes: %d not removed (listed on stdout)", len(done.Errors))}
	}
	return nil
}

// allowOutsideFlag adds --allow-outside-project to a command that does
// what (remove, rewrite) to the files of the cassette root.
func allowOutsideFlag(fs *pflag.FlagSet, v *bool, what string) {
	fs.BoolVar(v, strings.TrimPrefix(scan.AllowOutsideFlag, "--"), false,
		what+" files under a cassette root outside the project (a symbolic link, or an absolute cassettes.dir, that leads there)")
}
