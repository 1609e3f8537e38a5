package report

import "io"

// Prune is the prune document: what can go, what stays although dryfire's
// prune would remove it, and (after --yes) what was removed.
type Prune struct {
	// DryRun is false when the candidates were removed.
	DryRun bool `json:"dry_run"`
	// Candidates may be removed, in dryfire's order.
	Candidates []PruneItem `json:"candidates"`
	// Kept are files dryfire's prune would remove (or that match no parsed
	// suite) that this prune keeps.
	Kept []PruneItem `json:"kept"`
	// Removed are the files removed, RemovedDirs the empty directories
	// removed afterwards (deepest first), relative to the project root.
	Removed     []string `json:"removed"`
	RemovedDirs []string `json:"removed_dirs"`
	// Dirs are the directories the candidates leave empty, or that are
	// empty already, deepest first: --yes removes them after the files.
	Dirs []string `json:"would_remove_dirs"`
	// NotRemoved are the files and directories --yes left, each with why
	// (changed since the scan, already gone, permission denied, …).
	NotRemoved []PruneItem `json:"not_removed,omitempty"`
	// Interrupted is set when --yes was interrupted: it stopped between
	// two files, or two of the directories it removes after them, and the
	// candidates not in Removed (the Dirs not in RemovedDirs) are still
	// there.
	Interrupted bool `json:"interrupted,omitempty"`
	// Removals are the removed files with their reasons, for the text.
	Removals []PruneItem `json:"-"`
}

// PruneItem is one file prune removes or keeps.
type PruneItem struct {
	// Path is relative to the project root.
	Path string `json:"path"`
	// Reason of a candidate is dryfire's exact string (orphaned case,
	// orphaned suite, stale schema_version) or superseded; a kept file's
	// starts with its status ("in use: read by replay of …").
	Reason string `json:"reason"`
	// Dryfire is what dryfire's prune would say of a kept file, when it
	// would remove it.
	Dryfire string `json:"dryfire_reason,omitempty"`
}

// WriteText writes dryfire's lines ("would remove PATH (reason)", or
// "removed …" after --yes), then a keep line for every file dryfire's prune
// would remove and this one keeps.
func (d *Prune) WriteText(w io.Writer) error {
	t := newText(w)
	switch {
	case len(d.Candidates) == 0:
		t.println("nothing to prune")
	case d.DryRun:
		for _, it := range d.Candidates {
			t.printf("would remove %s (%s)\n", it.Path, it.Reason)
		}
		t.printf("\n%d cassette(s) would be removed. Re-run with --yes to delete.\n", len(d.Candidates))
		// After dryfire's own lines, which stay as dryfire prints them.
		if len(d.Dirs) > 0 {
			t.println()
		}
		for _, dir := range d.Dirs {
			t.printf("would remove empty directory %s\n", dir)
		}
	default:
		for _, it := range d.Removals {
			t.printf("removed %s (%s)\n", it.Path, it.Reason)
		}
		for _, dir := range d.RemovedDirs {
			t.printf("removed empty directory %s\n", dir)
		}
		d.writeFailures(t)
	}
	if len(d.Kept) > 0 {
		t.println()
	}
	for _, it := range d.Kept {
		note := ""
		if it.Dryfire != "" {
			note = "; dryfire's prune would remove it as " + it.Dryfire
		}
		t.printf("keep %s (%s%s)\n", it.Path, it.Reason, note)
	}
	return t.err
}

// writeFailures says, after --yes, what was not removed and why, and how
// far an interrupted prune got: on stdout, with the rest of the result.
func (d *Prune) writeFailures(t *text) {
	for _, it := range d.NotRemoved {
		t.printf("not removed %s (%s)\n", it.Path, it.Reason)
	}
	switch {
	case d.Interrupted && len(d.Removed) == len(d.Candidates) && len(d.Dirs) > 0:
		t.printf("\ninterrupted: removed %d of %d cassette(s) and %d of %d empty directories; the other directories are still there\n",
			len(d.Removed), len(d.Candidates), len(d.RemovedDirs), len(d.Dirs))
	case d.Interrupted:
		t.printf("\ninterrupted: removed %d of %d cassette(s); the others are still there\n", len(d.Removed), len(d.Candidates))
	case len(d.NotRemoved) > 0:
		t.printf("\nremoved %d of %d cassette(s); %d not removed (see above)\n", len(d.Removed), len(d.Candidates), len(d.NotRemoved))
	}
}
