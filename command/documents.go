package command

import (
	"errors"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/internal/format"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// The documents of package report, made from what the scan found. Each
// command writes one of them as text or JSON.

// recordingDoc is the recording as ls and show list it: its path as shown
// (Recording.Shown), and its suite and case, which are directory names,
// masked alike.
func recordingDoc(r *scan.Recording) report.Recording {
	return report.Recording{
		Path: shown(r), Format: r.Format, Suite: secrets.MaskPath(r.Suite), Case: secrets.MaskPath(r.Case), Turn: r.Turn,
		RepeatIndex: r.RepeatIndex, Key: secrets.MaskPath(r.Key), Status: r.Status.String(), Reason: r.Reason,
		Secrets: r.Secrets, Entry: r.Entry, RecordPath: secrets.MaskPath(r.RecordPath),
	}
}

// shown is the recording's path as shown; a recording made by hand (a
// test's) has no Shown, and is masked here.
func shown(r *scan.Recording) string {
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

// listingDoc is the ls document of the recordings whose status is in want
// (every recording when want is empty).
func listingDoc(w *scan.Workspace, want map[scan.Status]bool) *report.Listing {
	l := &report.Listing{Statuses: scan.Statuses()}
	n := len(w.Recordings)
	if len(want) > 0 {
		n = 0
	}
	l.Recordings = make([]report.Recording, 0, n+len(w.Unrecorded))
	// The unrecorded turns come after the dryfire files, before the tape
	// entries.
	tapes := slices.IndexFunc(w.Recordings, func(r *scan.Recording) bool { return r.Format == format.Tape })
	if tapes < 0 {
		tapes = len(w.Recordings)
	}
	for _, r := range slices.Concat(w.Recordings[:tapes], w.Unrecorded, w.Recordings[tapes:]) {
		if len(want) == 0 || want[r.Status] {
			l.Recordings = append(l.Recordings, recordingDoc(r))
		}
	}
	return l
}

// pruneDoc is the prune document of the plan; done is what PruneFiles
// removed (nil for a dry run).
func pruneDoc(p scan.PrunePlan, done *PruneReport) *report.Prune {
	d := &report.Prune{
		DryRun: done == nil, Candidates: pruneItems(p.Candidates), Kept: pruneItems(p.Kept),
		Removed: []string{}, RemovedDirs: []string{}, Dirs: maskPaths(p.Dirs),
	}
	if done != nil {
		d.Removals = pruneItems(done.Removed)
		for _, it := range done.Removed {
			d.Removed = append(d.Removed, shown(it.Recording))
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

func pruneItems(items []scan.PruneItem) []report.PruneItem {
	out := make([]report.PruneItem, 0, len(items))
	for _, it := range items {
		out = append(out, report.PruneItem{Path: shown(it.Recording), Reason: secrets.MaskNames(it.Reason), Dryfire: it.Dryfire})
	}
	return out
}

// diffDoc is the diff document of explanations, each secret of the
// requests masked unless reveal is set.
func diffDoc(stale []*scan.Explanation, reveal bool) *report.Diff {
	d := &report.Diff{Stale: make([]report.Stale, 0, len(stale))}
	for _, x := range stale {
		d.Stale = append(d.Stale, *staleDoc(x, reveal))
	}
	return d
}

// staleDoc is the explanation as the diff document writes it, each secret
// masked unless reveal is set.
func staleDoc(e *scan.Explanation, reveal bool) *report.Stale {
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
		Incomplete: res.Incomplete, Note: e.Note, Headline: e.HeadlineOf(res),
	}
	if e.Recording != nil {
		s.Path = shown(e.Recording)
		if reveal {
			s.Path = e.Recording.Path
		}
	}
	return s
}
