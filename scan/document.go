package scan

import (
	"errors"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// The documents of package report, made from what the workspace found.
// Each command writes one of them as text or JSON.

// Document is the recording as ls and show list it: its path as shown
// (Recording.Shown), and its suite and case, which are directory names,
// masked alike.
func (r *Recording) Document() report.Recording {
	return report.Recording{
		Path: r.shown(), Format: r.Format, Suite: secrets.MaskPath(r.Suite), Case: secrets.MaskPath(r.Case), Turn: r.Turn,
		RepeatIndex: r.RepeatIndex, Key: secrets.MaskPath(r.Key), Status: r.Status.String(), Reason: r.Reason,
		Secrets: r.Secrets, Entry: r.Entry,
	}
}

// shown is the recording's path as shown; a recording made by hand (a
// test's) has no Shown, and is masked here.
func (r *Recording) shown() string {
	if r.Shown == "" && r.Path != "" {
		return secrets.MaskPath(r.Path)
	}
	return r.Shown
}

// maskPaths returns the paths as shown.
func maskPaths(ps []string) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, secrets.MaskPath(p))
	}
	return out
}

// Listing is the ls document of the recordings whose status is in want
// (every recording when want is empty).
func (w *Workspace) Listing(want map[Status]bool) *report.Listing {
	l := &report.Listing{Statuses: Statuses()}
	n := len(w.Recordings)
	if len(want) > 0 {
		n = 0
	}
	l.Recordings = make([]report.Recording, 0, n)
	for _, r := range w.Recordings {
		if len(want) == 0 || want[r.Status] {
			l.Recordings = append(l.Recordings, r.Document())
		}
	}
	return l
}

// Document is the prune document of the plan; done is what Prune removed
// (nil for a dry run).
func (p PrunePlan) Document(done *PruneReport) *report.Prune {
	d := &report.Prune{
		DryRun: done == nil, Candidates: pruneItems(p.Candidates), Kept: pruneItems(p.Kept),
		Removed: []string{}, RemovedDirs: []string{}, Dirs: maskPaths(p.Dirs),
	}
	if done != nil {
		d.Removals = pruneItems(done.Removed)
		for _, it := range done.Removed {
			d.Removed = append(d.Removed, it.Recording.shown())
		}
		d.RemovedDirs = append(d.RemovedDirs, maskPaths(done.RemovedDirs)...)
		for _, err := range done.Errors {
			item := report.PruneItem{Reason: secrets.MaskNames(err.Error())}
			var pe *PruneError
			if errors.As(err, &pe) {
				item = report.PruneItem{Path: secrets.MaskPath(pe.Path), Reason: secrets.MaskNames(pe.Err.Error())}
			}
			d.NotRemoved = append(d.NotRemoved, item)
		}
		d.Interrupted = done.Interrupted
	}
	return d
}

func pruneItems(items []PruneItem) []report.PruneItem {
	out := make([]report.PruneItem, 0, len(items))
	for _, it := range items {
		out = append(out, report.PruneItem{Path: it.Recording.shown(), Reason: secrets.MaskNames(it.Reason), Dryfire: it.Dryfire})
	}
	return out
}

// DiffDocument is the diff document of explanations, each secret of the
// requests masked unless reveal is set.
func DiffDocument(stale []*Explanation, reveal bool) *report.Diff {
	d := &report.Diff{Stale: make([]report.Stale, 0, len(stale))}
	for _, x := range stale {
		d.Stale = append(d.Stale, *x.Document(reveal))
	}
	return d
}

// Document is the explanation as the diff document writes it, each secret
// masked unless reveal is set.
func (e *Explanation) Document(reveal bool) *report.Stale {
	res := e.Result
	if !reveal {
		res = e.Masked()
	}
	suite, cs := secrets.MaskPath(e.Suite), secrets.MaskPath(e.Case)
	if reveal {
		suite, cs = e.Suite, e.Case
	}
	s := &report.Stale{
		Suite: suite, Case: cs, RepeatIndex: e.RepeatIndex, Turn: e.Turn,
		RecordedKey: e.RecordedKey, CurrentKey: e.CurrentKey, Summary: append([]string{}, res.Summary...),
		Changes: report.NewChanges(res.Changes), Unified: res.Unified(), Closest: res.Closest,
		Incomplete: res.Incomplete, Note: e.Note, Headline: e.headline(res),
	}
	if e.Recording != nil {
		s.Path = e.Recording.shown()
		if reveal {
			s.Path = e.Recording.Path
		}
	}
	return s
}

// StaleMatching are the explanations whose recording path, recorded key or
// current key matches ref: a key prefix, or the recording's path (or a
// suffix of it). When none does and ref names a stale recording that
// replay never reaches, it is the miss that keeps it from being reached
// ([Workspace.MissOf]).
func (w *Workspace) StaleMatching(ref string) []*Explanation {
	var out []*Explanation
	for _, x := range w.Stale {
		path := ""
		if x.Recording != nil {
			path = x.Recording.Path
		}
		if strings.HasPrefix(x.CurrentKey, ref) || (x.RecordedKey != "" && strings.HasPrefix(x.RecordedKey, ref)) ||
			(path != "" && pathMatches(path, ref)) {
			out = append(out, x)
		}
	}
	if len(out) > 0 {
		return out
	}
	// A stale recording replay never reaches (its case misses at an
	// earlier turn) is explained by that miss.
	for _, r := range w.Recordings {
		if r.Status == Stale && pathMatches(r.Path, ref) {
			if x := w.MissOf(r); x != nil {
				return []*Explanation{x}
			}
		}
	}
	return nil
}

// pathMatches reports whether ref names path: the path itself, or a tail
// of it after a slash.
func pathMatches(path, ref string) bool {
	return path == ref || strings.HasSuffix(path, "/"+strings.TrimPrefix(ref, "./"))
}
