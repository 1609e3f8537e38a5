package scan

import (
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/suite"
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
	// Dirs are the directories that are empty, or would be once the
	// candidates are gone, relative to the root, deepest first: prune
	// removes them after the files, as dryfire's prune does (and, as
	// there, nothing at all when there is no candidate).
	Dirs []string
}

// PrunePlan lists the prunable recordings, the orphans that are kept, and
// the directories that removing the candidates would leave empty.
func (w *Workspace) PrunePlan() PrunePlan {
	var p PrunePlan
	for _, r := range w.Recordings {
		if r.Format != format.Dryfire {
			continue
		}
		switch {
		case r.Prunable():
			// The statuses of dryfire's verdicts are named as dryfire's
			// reasons.
			p.Candidates = append(p.Candidates, PruneItem{Recording: r, Reason: r.Status.String()})
		case r.Status == InUse:
			p.Kept = append(p.Kept, PruneItem{Recording: r, Dryfire: r.Verdict,
				Reason: "in use: read by replay of " + readers(r.ReadBy)})
		case r.Status == Protected || r.Verdict != "":
			p.Kept = append(p.Kept, PruneItem{Recording: r, Dryfire: r.Verdict,
				Reason: r.Status.String() + ": " + r.Reason})
		}
	}
	if len(p.Candidates) > 0 {
		for _, d := range w.EmptyDirsAfter(p.Candidates) {
			p.Dirs = append(p.Dirs, w.rel(d))
		}
	}
	return p
}

// Prunable reports whether prune may remove the recording: the one rule
// every prune asks (the plan, the removal, the browser's marks). It must be
// a dryfire cassette named as dryfire names them (<NN>-<key>.json), whose
// status is one of dryfire's prune verdicts (orphaned case, orphaned suite,
// stale schema_version) or superseded, and that no replay reads.
func (r *Recording) Prunable() bool {
	return r != nil && r.Format == format.Dryfire && r.File != nil && r.File.NameOK &&
		r.Status.prunable() && len(r.ReadBy) == 0
}

// EmptyDirsAfter returns the directories below the prune's top directory
// (the cassette root, or PATH inside it) that hold nothing but the given
// items' files and other such directories: those removing the items
// leaves empty, and those empty already. Deepest first. Symbolic links are
// never followed, and nothing named .git is ever entered or counted empty.
func (w *Workspace) EmptyDirsAfter(items []PruneItem) []string {
	if w.Store == nil || w.Store.Root == "" {
		return nil
	}
	top := w.Store.Root
	if Within(w.Path, top) && !w.IsFile {
		top = w.Path
	}
	gone := map[string]bool{}
	for _, it := range items {
		if it.Recording != nil && it.Recording.File != nil {
			gone[it.Recording.File.Path] = true
		}
	}
	full := map[string]bool{} // directories that keep something
	keep := func(p string) {
		for d := filepath.Dir(p); Within(d, top) && !full[d]; d = filepath.Dir(d) {
			full[d] = true
			if d == top {
				break
			}
		}
	}
	var dirs []string
	if w.tree != nil {
		// The scan's walk saw every directory: what stays is every file
		// it loaded that is not going, and whatever else it saw.
		for _, f := range w.Store.Files {
			if !gone[f.Path] {
				keep(f.Path)
			}
		}
		for d := range w.tree.held {
			keep(filepath.Join(d, "x"))
		}
		for _, d := range w.tree.dirs {
			if d != top && Within(d, top) {
				dirs = append(dirs, d)
			}
		}
	} else {
		dirs = walkEmptyDirs(followedRoot(top), gone, keep)
	}
	dirs = slices.DeleteFunc(dirs, func(d string) bool { return full[d] })
	sort.SliceStable(dirs, func(i, j int) bool {
		di, dj := strings.Count(dirs[i], string(filepath.Separator)), strings.Count(dirs[j], string(filepath.Separator))
		if di != dj {
			return di > dj
		}
		return dirs[i] < dirs[j]
	})
	return dirs
}

// walkEmptyDirs walks start for emptyDirsAfter when no scan walked it: it
// returns the directories below start and keeps (keep) every entry that
// is not gone.
func walkEmptyDirs(start string, gone map[string]bool, keep func(string)) []string {
	var dirs []string
	_ = filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			keep(filepath.Join(p, "unreadable"))
			return nil
		case p == start:
			return nil
		case d.Name() == ".git":
			keep(p)
			if d.IsDir() {
				return fs.SkipDir
			}
		case d.IsDir():
			dirs = append(dirs, p)
		case !gone[p]:
			keep(p)
		}
		return nil
	})
	return dirs
}

// ConfigErrors are the errors of a project's dryfire.yaml (not of its
// suites): with any, prune has no valid set of suites to go by.
func ConfigErrors(p *suite.Project) []suite.SpecError {
	var out []suite.SpecError
	for _, se := range p.Errors {
		if se.File == suite.ConfigFileName {
			out = append(out, se)
		}
	}
	return out
}
