package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// PruneItem is a recording prune removes or keeps, with the reason it
// prints.
type PruneItem struct {
	Recording *Recording
	// Reason for a candidate is dryfire's exact string (orphaned case,
	// orphaned suite, stale schema_version) or superseded; for a kept file
	// it starts with its status: "in use: read by replay of …".
	Reason string
	// Dryfire is what dryfire's prune would do with a kept file ("" when it
	// keeps it too).
	Dryfire string
}

// PrunePlan is what prune would do.
type PrunePlan struct {
	// Candidates may be removed, in dryfire's order.
	Candidates []PruneItem
	// Kept are files dryfire's prune would remove (or that match no parsed
	// suite) that this prune keeps, with why.
	Kept []PruneItem
}

// PrunePlan lists the prunable recordings and the orphans that are kept.
func (w *Workspace) PrunePlan() PrunePlan {
	var p PrunePlan
	for _, r := range w.Recordings {
		if r.Format != "dryfire" {
			continue
		}
		switch {
		case r.Status.Prunable():
			reason := r.Verdict
			if r.Status == Superseded {
				reason = "superseded"
			}
			p.Candidates = append(p.Candidates, PruneItem{Recording: r, Reason: reason})
		case r.Status == InUse:
			p.Kept = append(p.Kept, PruneItem{Recording: r, Dryfire: r.Verdict,
				Reason: "in use: read by replay of " + readers(r.ReadBy)})
		case r.Status == Protected || r.Verdict != "":
			p.Kept = append(p.Kept, PruneItem{Recording: r, Dryfire: r.Verdict,
				Reason: r.Status.String() + ": " + r.Reason})
		}
	}
	return p
}

// PruneReport says what Prune removed.
type PruneReport struct {
	Removed []PruneItem
	// RemovedDirs are the empty directories removed afterwards, relative to
	// the root, deepest first.
	RemovedDirs []string
	// Errors are files or directories that could not be removed, and items
	// refused because they are not prunable.
	Errors []error
}

// Prune removes the given candidates file by file, then every empty
// directory under the cassette root (the root itself is kept), as dryfire's
// prune --yes does. An item whose recording is not prunable, or is read by
// replay, is refused, whatever the caller says.
func (w *Workspace) Prune(items []PruneItem) PruneReport {
	var rep PruneReport
	for _, it := range items {
		r := it.Recording
		if r == nil || r.File == nil || !r.Status.Prunable() || len(r.ReadBy) > 0 {
			path := ""
			if r != nil {
				path = r.Path
			}
			rep.Errors = append(rep.Errors, fmt.Errorf("%s: not prunable, kept", path))
			continue
		}
		if err := os.Remove(r.File.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			rep.Errors = append(rep.Errors, err)
			continue
		}
		rep.Removed = append(rep.Removed, it)
	}
	if w.Store != nil && w.Store.Root != "" {
		top := w.Store.Root
		if within(w.Path, top) {
			top = w.Path
		}
		rep.RemovedDirs, rep.Errors = w.removeEmptyDirs(top, rep.Errors)
	}
	return rep
}

// removeEmptyDirs removes the empty directories below top, deepest first.
// Symbolic links are never followed.
func (w *Workspace) removeEmptyDirs(top string, errs []error) ([]string, []error) {
	var dirs []string
	_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && p != top {
			dirs = append(dirs, p)
		}
		return nil
	})
	sort.Slice(dirs, func(i, j int) bool {
		di, dj := strings.Count(dirs[i], string(filepath.Separator)), strings.Count(dirs[j], string(filepath.Separator))
		if di != dj {
			return di > dj
		}
		return dirs[i] < dirs[j]
	})
	var removed []string
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil || len(entries) > 0 {
			continue
		}
		if err := os.Remove(d); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, w.rel(d))
	}
	return removed, errs
}
