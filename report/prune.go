package report

import (
	"fmt"
	"io"
)

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

// WriteText writes dryfire's lines first, byte for byte ("would remove
// PATH (reason)" and its count, "removed …" after --yes, or "nothing to
// prune"), then this prune's own: the empty directories, what --yes could
// not remove, a keep line for every file dryfire's prune would remove and
// this one keeps; and, after them (and always after --yes, where dryfire
// ends with no tally), the tally, so that it is the last line however
// many lines come before it.
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
	default:
		for _, it := range d.Removals {
			t.printf("removed %s (%s)\n", it.Path, it.Reason)
		}
	}
	verb, dirs := "removed", d.RemovedDirs
	if d.DryRun {
		verb, dirs = "would remove", d.Dirs
	}
	ours := false
	section := func(n int) {
		if n > 0 {
			t.println()
			ours = true
		}
	}
	section(len(dirs))
	for _, dir := range dirs {
		t.printf("%s empty directory %s\n", verb, dir)
	}
	section(len(d.NotRemoved))
	for _, it := range d.NotRemoved {
		t.printf("not removed %s (%s)\n", it.Path, it.Reason)
	}
	section(len(d.Kept))
	for _, it := range d.Kept {
		note := ""
		if it.Dryfire != "" {
			note = "; dryfire's prune would remove it as " + it.Dryfire
		}
		t.printf("keep %s (%s%s)\n", it.Path, it.Reason, note)
	}
	if ours || (!d.DryRun && len(d.Candidates) > 0) {
		t.printf("\n%s\n", d.tally())
	}
	return t.err
}

// tally is the last line: what was (or would be) removed, what is kept,
// and how far an interrupted prune got.
func (d *Prune) tally() string {
	kept := ""
	if n := len(d.Kept); n > 0 {
		kept = fmt.Sprintf("; %s kept (the keep lines say why)", count(n, "file"))
	}
	switch {
	case len(d.Candidates) == 0 && len(d.Dirs) == 0:
		return "nothing to prune" + kept
	case d.DryRun:
		return fmt.Sprintf("%s would be removed%s. Re-run with --yes to delete.", removals(len(d.Candidates), len(d.Dirs)), kept)
	case d.Interrupted && len(d.Removed) == len(d.Candidates) && len(d.Dirs) > 0:
		return fmt.Sprintf("interrupted: removed %d of %s and %d of %d empty directories; the other directories are still there",
			len(d.Removed), count(len(d.Candidates), "cassette"), len(d.RemovedDirs), len(d.Dirs))
	case d.Interrupted:
		return fmt.Sprintf("interrupted: removed %d of %s; the others are still there", len(d.Removed), count(len(d.Candidates), "cassette"))
	case len(d.NotRemoved) > 0:
		return fmt.Sprintf("removed %d of %s; %d not removed (see above)%s", len(d.Removed), count(len(d.Candidates), "cassette"), len(d.NotRemoved), kept)
	}
	return "removed " + removals(len(d.Removed), len(d.RemovedDirs)) + kept
}

// removals is "5 cassettes and 2 empty directories" (either alone when
// the other is none).
func removals(files, dirs int) string {
	switch {
	case dirs == 0:
		return count(files, "cassette")
	case files == 0:
		return count(dirs, "empty directory")
	}
	return count(files, "cassette") + " and " + count(dirs, "empty directory")
}
