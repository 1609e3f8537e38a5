package gitreview

import (
	"context"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Open reviews the recordings of the project around path (any PATH
// scan.Resolve takes for recordings): the changes since HEAD in its
// cassette root and tape directories, paths relative to the project root.
func Open(ctx context.Context, path string) (*Review, error) {
	l, err := scan.Resolve(scan.Request{Args: []string{path}, Want: scan.Recordings})
	if err != nil {
		return nil, err
	}
	return OpenReview(ctx, l.Root, l.Dirs())
}

// OpenFiles reviews the project that holds files (the FILE arguments of an
// accept or a reject): the project around the first file's nearest
// existing directory.
func OpenFiles(ctx context.Context, files []string) (*Review, error) {
	start := filepath.Dir(files[0])
	if fi, err := os.Stat(files[0]); err == nil && fi.IsDir() {
		start = files[0]
	}
	for ; ; start = filepath.Dir(start) {
		if _, err := os.Stat(start); err == nil || start == filepath.Dir(start) {
			break
		}
	}
	return Open(ctx, start)
}

// Find returns the changed recording a FILE argument names: a path
// relative to the current directory, an absolute path, or a path as the
// review lists it.
func (r *Review) Find(file string) (*ReviewItem, bool) {
	if abs, err := filepath.Abs(file); err == nil {
		if rel, err := filepath.Rel(r.Root, abs); err == nil {
			if it, ok := r.Item(filepath.ToSlash(rel)); ok {
				return it, true
			}
		}
	}
	return r.Item(filepath.ToSlash(file))
}

// Document is the review document of the session's changes, each secret
// masked unless reveal is set.
func (r *Review) Document(reveal bool) *report.Review {
	d := &report.Review{Root: r.Root, Changes: []report.ReviewChange{}, Cases: []report.ReviewCase{}}
	show := secrets.MaskPath
	if reveal {
		show = func(p string) string { return p }
	}
	for _, it := range r.Items {
		c := report.ReviewChange{
			Path: show(it.Path), OldPath: show(it.OldPath), Kind: it.Kind.String(), Format: it.Format,
			Suite: show(it.Suite), Case: show(it.Case), Key: it.Key,
			Staged: it.Staged, Unstaged: it.Unstaged, Untracked: it.Untracked,
			Summary: it.Summary, Details: []report.Detail{}, Secrets: report.NewFindings(it.Secrets),
		}
		details := it.Details
		if reveal {
			c.Summary, details = it.Revealed()
		}
		if it.Format == format.Dryfire && it.Key != "" {
			turn := it.Turn
			c.Turn = &turn
		}
		if c.Summary == nil {
			c.Summary = []string{}
		}
		for _, dt := range details {
			c.Details = append(c.Details, report.Detail{Label: dt.Label, Old: dt.Old, New: dt.New})
		}
		d.Changes = append(d.Changes, c)
	}
	for _, rc := range r.Cases {
		c := report.ReviewCase{Suite: rc.Suite, Case: rc.Case, Summary: rc.Summary}
		c.Suite, c.Case = show(c.Suite), show(c.Case)
		for _, it := range rc.Items {
			c.Paths = append(c.Paths, show(it.Path))
		}
		d.Cases = append(d.Cases, c)
	}
	return d
}

// RangeDocument is the document of a range review ([OpenRange]), each
// secret masked unless reveal is set.
func (r *Review) RangeDocument(reveal bool) *report.RangeReview {
	d := &report.RangeReview{Root: r.Root, ReadOnly: r.ReadOnly, Changes: []report.RangeChange{}, Cases: []report.RangeCase{},
		Problems: append([]string{}, r.Problems...)}
	if r.Base != nil {
		d.Base = report.ReviewRevision{Rev: r.Base.Name, Commit: r.Base.Commit}
		d.Head = report.ReviewRevision{Rev: r.Head.Name, Commit: r.Head.Commit, WorkTree: r.Head.WorkTree()}
	}
	show := secrets.MaskPath
	if reveal {
		show = func(p string) string { return p }
	}
	for _, it := range r.Items {
		c := report.RangeChange{
			Path: show(it.Path), OldPath: show(it.OldPath), Kind: it.Kind.String(), Format: it.Format,
			Suite: show(it.Suite), Case: show(it.Case), Key: it.Key, Replaces: show(it.Replaces), ReplacedBy: show(it.ReplacedBy),
			Summary: it.Summary, Details: []report.Detail{}, Secrets: report.NewFindings(it.Secrets), Why: whyDocument(it.Why, reveal),
		}
		details := it.Details
		if reveal {
			c.Summary, details = it.Revealed()
		}
		if isRecording(it) {
			turn := it.Turn
			c.Turn = &turn
		}
		if c.Summary == nil {
			c.Summary = []string{}
		}
		for _, dt := range details {
			c.Details = append(c.Details, report.Detail{Label: dt.Label, Old: dt.Old, New: dt.New})
		}
		d.Changes = append(d.Changes, c)
	}
	for _, rc := range r.Cases {
		c := report.RangeCase{Suite: show(rc.Suite), Case: show(rc.Case), Paths: []string{}, Summary: rc.Summary, Why: []string{}}
		if c.Summary == nil {
			c.Summary = []string{}
		}
		seen := map[string]bool{}
		for _, it := range rc.Items {
			c.Paths = append(c.Paths, show(it.Path))
			if it.Why == nil {
				continue
			}
			for _, l := range it.Why.Lines {
				if !seen[l] {
					seen[l] = true
					c.Why = append(c.Why, l)
				}
			}
		}
		d.Cases = append(d.Cases, c)
	}
	return d
}

// whyDocument is a change's why as the document says it.
func whyDocument(w *Why, reveal bool) *report.ReviewWhy {
	if w == nil {
		return nil
	}
	d := &report.ReviewWhy{Kind: w.Kind.String(), Lines: append([]string{}, w.Lines...), Sources: []report.ReviewSource{},
		Request: append([]string{}, w.Request...), Warning: w.Warning}
	if reveal {
		d.Request = append([]string{}, w.revealed...)
	}
	for _, s := range w.Sources {
		d.Sources = append(d.Sources, report.ReviewSource{File: s.File, Line: s.Line, Column: s.Column, What: s.What, Change: s.Change, Kind: s.Kind.String()})
	}
	return d
}
