package gitreview

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// ErrReadOnly is what acting on a range review whose head is a commit
// returns: accept and reject act on the working tree.
var ErrReadOnly = errors.New("the review is read-only")

// rangeState is what a review over two revisions holds besides its items.
type rangeState struct {
	base, head *tree
	// baseSide and headSide are the two revisions' scans (nil once the
	// review is open).
	baseSide, headSide *side
}

// RangeRequest is what [OpenRange] reviews.
type RangeRequest struct {
	// Root is the project root (the directory of dryfire.yaml, or the
	// recordings directory without one), absolute; Dirs are its recording
	// directories in the working tree (scan.Layout.Dirs).
	Root string
	Dirs []string
	// Base is the revision to compare with (a branch, a tag, a commit,
	// A...B); Head is the other side, "" for the working tree.
	Base, Head string
	// Getenv serves ${VAR} in the suites (os.LookupEnv when nil).
	Getenv func(string) (string, bool)
}

// OpenRange reviews the recordings that changed between two revisions of
// the project: Base, and Head or the working tree. Each change is
// summarised in meaning as [OpenReview] summarises it, and says why it
// changed (see [Why]): the suites and dryfire.yaml of both revisions are
// read through git and each changed case is replayed offline under each,
// so that the request it sends at the recorded turn can be compared. A
// review whose head is a commit is read-only (ReadOnly says why); over the
// working tree, accept stages a change and reject puts back the base's
// version.
func OpenRange(ctx context.Context, req RangeRequest) (*Review, error) {
	g, err := OpenGit(ctx, req.Root)
	if err != nil {
		return nil, err
	}
	base, err := g.ResolveRevision(ctx, req.Base)
	if err != nil {
		return nil, err
	}
	head := Revision{}
	if req.Head != "" {
		if head, err = g.ResolveRevision(ctx, req.Head); err != nil {
			return nil, err
		}
	}
	tmp, err := os.MkdirTemp("", "dryfire-tui-review-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	r := &Review{Git: g, Root: req.Root, Base: &base, Head: &head, source: base.Commit}
	if !head.WorkTree() {
		r.ReadOnly = fmt.Sprintf("the head is %s, not the working tree: accept and reject act on the working tree (review without --head to decide)", head)
	}
	if err := r.openRange(ctx, req, tmp); err != nil {
		return nil, err
	}
	return r, nil
}

// openRange exports the revisions, scans both, and summarises and
// explains every change.
func (r *Review) openRange(ctx context.Context, req RangeRequest, tmp string) error {
	g := r.Git
	project := g.rel(req.Root)
	if project == "." {
		project = ""
	}
	prefixes := []string{project}
	for _, d := range req.Dirs {
		if rel := g.rel(d); project != "" && !within(rel, project) {
			prefixes = append(prefixes, rel)
		}
	}
	rs := &rangeState{}
	var err error
	if rs.base, err = g.export(ctx, *r.Base, prefixes, filepath.Join(tmp, "base")); err != nil {
		return err
	}
	if r.Head.WorkTree() {
		rs.head = &tree{top: g.Top}
	} else if rs.head, err = g.export(ctx, *r.Head, prefixes, filepath.Join(tmp, "head")); err != nil {
		return err
	}
	rs.baseSide = openSide(ctx, rs.base, project, req)
	rs.headSide = openSide(ctx, rs.head, project, req)
	for _, s := range []*side{rs.baseSide, rs.headSide} {
		if s.err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r.Problems = append(r.Problems, s.rev().String()+": "+secrets.MaskErrorNames(s.err).Error())
		}
	}
	for p, err := range rs.base.skipped {
		r.Problems = append(r.Problems, fmt.Sprintf("%s:%s: left out: %v", r.Base.Short(), secrets.MaskPath(p), err))
	}
	r.rng = rs
	r.loadRangeBaseline(rs.head, project)
	dirs := r.rangeDirs(req, rs, project)
	changes, err := g.rangeChanges(ctx, *r.Base, *r.Head, dirs)
	if err != nil {
		return err
	}
	for _, c := range changes {
		it := r.newItem(c)
		if err := r.summarise(ctx, it, nil); err != nil {
			it.Summary = append(it.Summary, "cannot summarise: "+err.Error())
		}
		r.Items = append(r.Items, it)
	}
	sort.SliceStable(r.Items, func(i, j int) bool { return r.Items[i].Path < r.Items[j].Path })
	r.explainRange()
	sort.Strings(r.Problems)
	r.Cases = groupCases(r.Items)
	// The exports go when OpenRange returns: what is read of a revision
	// later (a redaction's fresh summary) comes from git itself.
	rs.base.top, rs.baseSide, rs.headSide = "", nil, nil
	if !r.Head.WorkTree() {
		rs.head.top = ""
	}
	rs.base.git, rs.head.git = g, g
	return nil
}

// within reports whether the slash path p lies inside dir.
func within(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// rangeDirs are the recording directories of both revisions and of the
// working tree, top-relative: where the changes are looked for.
func (r *Review) rangeDirs(req RangeRequest, rs *rangeState, project string) []string {
	seen := map[string]bool{}
	var dirs []string
	add := func(rel string) {
		if rel != "" && !seen[rel] {
			seen[rel] = true
			dirs = append(dirs, rel)
		}
	}
	for _, d := range req.Dirs {
		add(r.Git.rel(d))
	}
	for _, s := range []*side{rs.baseSide, rs.headSide} {
		for _, d := range s.dirs {
			add(d)
		}
	}
	if len(dirs) == 0 {
		add(project)
	}
	return dirs
}

// loadRangeBaseline reads the baseline of accepted secrets as the head
// holds it (while its export is there). A baseline that cannot be read
// accepts nothing.
func (r *Review) loadRangeBaseline(head *tree, project string) {
	file := filepath.Join(head.top, filepath.FromSlash(project), secrets.DefaultBaselineFile)
	if b, err := secrets.ReadBaseline(file); err == nil {
		r.Baseline = b
	}
}

// source is the revision reject restores from: HEAD, or the base of a
// range.
func (r *Review) restoreSource() string {
	if r.source == "" {
		return "HEAD"
	}
	return r.source
}

// ShortRange is the range as a header says it: "origin/main (3f2a…) → the
// working tree"; "" for a review since HEAD.
func (r *Review) ShortRange() string {
	if r.Base == nil {
		return ""
	}
	return r.Base.String() + " → " + r.Head.String()
}

// suiteFileName is dryfire.yaml.
const suiteFileName = suite.ConfigFileName

// isRecording reports whether an item is a dryfire recording with a key.
func isRecording(it *ReviewItem) bool { return it.Format == format.Dryfire && it.Key != "" }
