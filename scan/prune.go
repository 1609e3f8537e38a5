package scan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
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
		for _, d := range w.emptyDirsAfter(p.Candidates) {
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

// PruneReport says what Prune removed.
type PruneReport struct {
	Removed []PruneItem
	// RemovedDirs are the empty directories removed afterwards, relative to
	// the root, deepest first.
	RemovedDirs []string
	// Errors are files or directories that could not be removed, files
	// left because they changed since the scan (errors.Is
	// safefile.ErrChanged), and items refused because they are not
	// prunable; each is a *PruneError.
	Errors []error
	// Interrupted is set when the context was cancelled: prune stopped
	// between two files or directories, and those after are still there.
	Interrupted bool
}

// PruneError is a file or directory prune did not remove, and why.
type PruneError struct {
	// Path is relative to the root, slash-separated.
	Path string
	Err  error
}

func (e *PruneError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *PruneError) Unwrap() error { return e.Err }

// testOnlyBeforeAct, when set by a test, runs before each file prune,
// doctor --fix or secrets --redact checks and acts on, and each directory
// prune removes: where a concurrent edit must still be caught.
var testOnlyBeforeAct func(path string)

// Prune removes the given candidates file by file, then the directories
// they leave empty under the cassette root (the root itself is kept), as
// dryfire's prune --yes does. It refuses to start when the cassette root is
// not safe to change ([Layout.CheckModifiable]). An item whose recording
// is not prunable, or is read by replay, is refused, whatever the caller
// says; a file that changed since the scan (another file under its name,
// other bytes, another size or time) is left and reported. A cancelled ctx
// stops it between two files or two directories.
func (w *Workspace) Prune(ctx context.Context, items []PruneItem) (PruneReport, error) {
	var rep PruneReport
	if err := w.CheckModifiable(); err != nil {
		return rep, err
	}
	if len(items) == 0 {
		return rep, nil
	}
	dirs := w.emptyDirsAfter(items)
	for _, it := range items {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		if err := w.pruneOne(it); err != nil {
			rep.Errors = append(rep.Errors, err)
			continue
		}
		rep.Removed = append(rep.Removed, it)
	}
	for _, d := range dirs {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		if testOnlyBeforeAct != nil {
			testOnlyBeforeAct(d)
		}
		// A directory that is not empty any more (a file kept, a file
		// added since the scan) stays: removing it fails, as it should.
		if err := os.Remove(d); err == nil {
			rep.RemovedDirs = append(rep.RemovedDirs, w.rel(d))
		} else if !errors.Is(err, fs.ErrNotExist) && !isNotEmpty(err) {
			rep.Errors = append(rep.Errors, &PruneError{Path: w.rel(d), Err: safefile.Reason(err)})
		}
	}
	return rep, nil
}

// pruneOne removes one candidate if it may go and is still as scanned.
func (w *Workspace) pruneOne(it PruneItem) error {
	r := it.Recording
	if !r.Prunable() {
		path := ""
		if r != nil {
			path = r.Path
		}
		return &PruneError{Path: path, Err: errors.New("not prunable, kept")}
	}
	if testOnlyBeforeAct != nil {
		testOnlyBeforeAct(r.File.Path)
	}
	err := safefile.Remove(r.File.Path, r.File.Stamp)
	var ce *safefile.ChangedError
	switch {
	case errors.As(err, &ce) && slices.Equal(ce.What, []string{"removed"}):
		return &PruneError{Path: r.Path, Err: errors.New("already gone: removed by something else since the scan")}
	case errors.Is(err, safefile.ErrChanged):
		return &PruneError{Path: r.Path, Err: fmt.Errorf("%w; kept (scan again to decide)", safefile.Reason(err))}
	case err != nil:
		return &PruneError{Path: r.Path, Err: safefile.Reason(err)}
	}
	return nil
}

// isNotEmpty reports whether err is the failure to remove a directory that
// is not empty.
func isNotEmpty(err error) bool {
	return errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST)
}

// emptyDirsAfter returns the directories below the prune's top directory
// (the cassette root, or PATH inside it) that hold nothing but the given
// items' files and other such directories: those removing the items
// leaves empty, and those empty already. Deepest first. Symbolic links are
// never followed, and nothing named .git is ever entered or counted empty.
func (w *Workspace) emptyDirsAfter(items []PruneItem) []string {
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
