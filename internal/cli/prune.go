package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/workspace"
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
protected, invalid and unknown files are never removed. Without any suite
configured, --yes also needs --force.

Examples:
  dryfire-tui prune
  dryfire-tui prune --yes
  dryfire-tui prune --json`

type pruneCmd struct {
	yes, json, force bool
}

func (c *pruneCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.yes, "yes", false, "remove the candidates")
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.force, "force", false, "with --yes, remove even when no suite is configured")
}

func (c *pruneCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help prune'", "too many arguments")
	}
	path := "."
	if len(args) == 1 {
		path = args[0]
	}
	// Prune prints no stale reasons: the misses need no explaining.
	w, err := openScanPath(ctx, e, path, workspace.Options{NoExplain: true})
	if err != nil {
		return err
	}
	printProblems(e.Stderr, w)
	if w.Project == nil {
		return usageErrorf("run it inside a dryfire project, or pass its directory",
			"no dryfire.yaml found at or above %s: prune needs the suites to know what is orphaned", w.Path)
	}
	if errs := workspace.ConfigErrors(w.Project); len(errs) > 0 {
		printSpecErrors(e.Stderr, w.Project.Root, errs)
		return exitWith(exitUsage)
	}
	if c.yes && !w.SuitesConfigured && !c.force {
		return usageErrorf("add suites: to dryfire.yaml, or pass --force to remove them anyway",
			"no suites configured: every cassette looks orphaned, refusing to remove them")
	}
	plan := w.PrunePlan()
	var rep *workspace.PruneReport
	if c.yes {
		r := w.Prune(plan.Candidates)
		rep = &r
		for _, err := range r.Errors {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %v\n", err)
		}
	}
	if c.json {
		if err := writePruneJSON(e.Stdout, plan, rep); err != nil {
			return err
		}
	} else {
		writePruneText(e.Stdout, plan, rep)
	}
	if rep != nil && len(rep.Errors) > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

// writePruneText prints dryfire's lines, then the files this prune keeps.
func writePruneText(out io.Writer, plan workspace.PrunePlan, rep *workspace.PruneReport) {
	switch {
	case len(plan.Candidates) == 0:
		fmt.Fprintln(out, "nothing to prune")
	case rep == nil:
		for _, it := range plan.Candidates {
			fmt.Fprintf(out, "would remove %s (%s)\n", it.Recording.Path, it.Reason)
		}
		fmt.Fprintf(out, "\n%d cassette(s) would be removed. Re-run with --yes to delete.\n", len(plan.Candidates))
	default:
		for _, it := range rep.Removed {
			fmt.Fprintf(out, "removed %s (%s)\n", it.Recording.Path, it.Reason)
		}
		for _, d := range rep.RemovedDirs {
			fmt.Fprintf(out, "removed empty directory %s\n", d)
		}
	}
	if len(plan.Kept) > 0 {
		fmt.Fprintln(out)
	}
	for _, it := range plan.Kept {
		note := ""
		if it.Dryfire != "" {
			note = "; dryfire's prune would remove it as " + it.Dryfire
		}
		fmt.Fprintf(out, "keep %s (%s%s)\n", it.Recording.Path, it.Reason, note)
	}
}

type pruneItemJSON struct {
	Path    string `json:"path"`
	Reason  string `json:"reason"`
	Dryfire string `json:"dryfire_reason,omitempty"`
}

func writePruneJSON(out io.Writer, plan workspace.PrunePlan, rep *workspace.PruneReport) error {
	doc := struct {
		DryRun      bool            `json:"dry_run"`
		Candidates  []pruneItemJSON `json:"candidates"`
		Kept        []pruneItemJSON `json:"kept"`
		Removed     []string        `json:"removed"`
		RemovedDirs []string        `json:"removed_dirs"`
	}{DryRun: rep == nil, Candidates: []pruneItemJSON{}, Kept: []pruneItemJSON{}, Removed: []string{}, RemovedDirs: []string{}}
	for _, it := range plan.Candidates {
		doc.Candidates = append(doc.Candidates, pruneItemJSON{Path: it.Recording.Path, Reason: it.Reason})
	}
	for _, it := range plan.Kept {
		doc.Kept = append(doc.Kept, pruneItemJSON{Path: it.Recording.Path, Reason: it.Reason, Dryfire: it.Dryfire})
	}
	if rep != nil {
		for _, it := range rep.Removed {
			doc.Removed = append(doc.Removed, it.Recording.Path)
		}
		doc.RemovedDirs = append(doc.RemovedDirs, rep.RemovedDirs...)
	}
	return encodeJSONDoc(out, doc)
}
