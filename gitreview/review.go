package gitreview

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/gitreview/gitrepo"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// ErrNeedsConfirm is returned by [Review.Reject] when rejecting would delete
// a file that git has no committed version of; ask, then call again with
// confirm set.
var ErrNeedsConfirm = errors.New("rejecting removes a file git cannot restore")

// The kinds of change of an item ([ReviewItem].Kind), as git tells them
// (gitrepo.ChangeKind).
const (
	Added    = gitrepo.Added
	Modified = gitrepo.Modified
	Deleted  = gitrepo.Deleted
	Renamed  = gitrepo.Renamed
)

// ReviewItem is one changed recording file, summarised in meaning.
type ReviewItem struct {
	// Path is relative to the project root, slash-separated; it is the
	// item's stable id.
	Path                        string
	OldPath                     string // for renames
	Kind                        gitrepo.ChangeKind
	Format                      format.Kind // format.Unknown for a file of neither format
	Suite                       string
	Case                        string
	Turn                        int
	Key                         string
	Staged, Unstaged, Untracked bool
	// Summary says what changed in the user's terms, one line each, every
	// secret masked (see Revealed).
	Summary []string
	// Details are old → new pairs for the detail pane, secrets masked.
	Details []Detail
	// Secrets are the secrets the change adds: held by the new version, not
	// by the committed one (by hash), not accepted by the project's
	// baseline. Accept refuses a change that has any.
	Secrets []secrets.Finding
	// Replaces is, for a re-recording, the committed recording of the same
	// turn and repetition it is compared with; ReplacedBy is, over a range,
	// the re-recording that replaces a removed recording.
	Replaces, ReplacedBy string
	// Why says why the recording changed (a range review's dryfire
	// recordings only; nil otherwise).
	Why *Why
	// State is what was decided: "", "accepted", "rejected", "skipped".
	// A change staged whole when the review opens (an earlier review
	// accepted it, or it was staged by hand) is "accepted".
	State string

	revealed revealed

	gitPath, gitOldPath string
	// stamp is the work tree file as summarised: accept and reject act only
	// while it is still what the reviewer was shown.
	stamp safefile.Stamp
}

// Detail is one labelled old → new pair.
type Detail struct {
	Label, Old, New string
}

// revealed is an item's summary and details with the secrets shown.
type revealed struct {
	summary []string
	details []Detail
}

// Revealed returns the summary and details with the secrets shown, for a
// reviewer who asked to see them.
func (it *ReviewItem) Revealed() ([]string, []Detail) {
	return it.revealed.summary, it.revealed.details
}

// Review is a review session over the recordings changed since HEAD.
type Review struct {
	Git   *gitrepo.Git
	Root  string // the directory output paths are relative to
	Items []*ReviewItem
	// Cases groups dryfire items by suite and case, in item order.
	Cases []ReviewCase
	// Baseline is the project's baseline of accepted secrets (nil without
	// one): the secrets it accepts do not stop a change.
	Baseline *secrets.Baseline
	// Base and Head are the two sides of a range review ([OpenRange]);
	// nil for a review since HEAD.
	Base, Head *gitrepo.Revision
	// ReadOnly says why nothing can be accepted or rejected ("" when
	// something can): a range whose head is a commit.
	ReadOnly string
	// Problems are what a range review could not read at a revision
	// (a suite that does not load, a file over the size limit), for a
	// person.
	Problems []string

	journal []undoStep
	rng     *rangeState
	// source is the commit reject restores from ("" for HEAD).
	source string
}

// ReviewCase is the per-case view of a review: what changed across its turns.
type ReviewCase struct {
	Suite, Case string
	Items       []*ReviewItem
	Summary     []string
}

// OpenReview lists the changes since HEAD under dirs (absolute recording
// directories or tape files) and summarises each. root is where output
// paths are relative to (the project root).
func OpenReview(ctx context.Context, root string, dirs []string) (*Review, error) {
	g, err := gitrepo.Open(ctx, root)
	if err != nil {
		return nil, err
	}
	changes, err := g.Changes(ctx, dirs...)
	if err != nil {
		return nil, err
	}
	r := &Review{Git: g, Root: root}
	r.loadBaseline()
	headDirs := map[string][]string{}
	for _, c := range changes {
		it := r.newItem(c)
		if err := r.summarise(ctx, it, headDirs); err != nil {
			it.Summary = append(it.Summary, "cannot summarise: "+err.Error())
		}
		r.Items = append(r.Items, it)
	}
	sort.SliceStable(r.Items, func(i, j int) bool { return r.Items[i].Path < r.Items[j].Path })
	r.Cases = groupCases(r.Items)
	return r, nil
}

func (r *Review) newItem(c gitrepo.FileChange) *ReviewItem {
	it := &ReviewItem{
		Path: r.outPath(c.Path), Kind: c.Kind,
		Staged: c.Staged, Unstaged: c.Unstaged, Untracked: c.Untracked,
		gitPath: c.Path, gitOldPath: c.OldPath,
	}
	if c.OldPath != "" {
		it.OldPath = r.outPath(c.OldPath)
	}
	if c.Staged && !c.Unstaged && !c.Untracked {
		// Staged whole (by an earlier review, or by hand): what accept
		// does, so it is accepted, not a change still to decide.
		it.State = "accepted"
	}
	return it
}

// outPath converts a top-relative git path to a root-relative one.
func (r *Review) outPath(gitPath string) string {
	rel, err := filepath.Rel(r.Root, r.Git.Abs(gitPath))
	if err != nil {
		return gitPath
	}
	return filepath.ToSlash(rel)
}

// Item returns the item with the given path.
func (r *Review) Item(p string) (*ReviewItem, bool) {
	for _, it := range r.Items {
		if it.Path == p || it.gitPath == p {
			return it, true
		}
	}
	return nil, false
}

// undoStep restores what one action changed: the index entries and work
// tree bytes of the paths it touched.
type undoStep struct {
	item  *ReviewItem
	prev  string
	paths []savedPath
}

type savedPath struct {
	gitPath string
	index   gitrepo.IndexEntry
	exists  bool
	data    []byte
	mode    os.FileMode
}

func (r *Review) save(ctx context.Context, it *ReviewItem) (undoStep, error) {
	step := undoStep{item: it, prev: it.State}
	for _, p := range it.gitPaths() {
		e, err := r.Git.IndexEntry(ctx, p)
		if err != nil {
			return step, err
		}
		sp := savedPath{gitPath: p, index: e}
		if fi, err := os.Lstat(r.Git.Abs(p)); err == nil && fi.Mode().IsRegular() {
			data, err := safefile.ReadFile(r.Git.Abs(p))
			if err != nil {
				return step, err
			}
			sp.exists, sp.data, sp.mode = true, data, fi.Mode().Perm()
		}
		step.paths = append(step.paths, sp)
	}
	return step, nil
}

func (it *ReviewItem) gitPaths() []string {
	if it.gitOldPath != "" {
		return []string{it.gitPath, it.gitOldPath}
	}
	return []string{it.gitPath}
}

// Accept stages the item's change (`git add -A` of its paths). A change
// that adds secrets is refused with a *SecretsError (errors.Is
// ErrAddsSecrets): redact them, add them to the baseline, or accept with
// AcceptWithSecrets.
func (r *Review) Accept(ctx context.Context, p string) error { return r.accept(ctx, p, false) }

// AcceptWithSecrets stages the item's change even when it adds secrets:
// the reviewer saw them and said yes.
func (r *Review) AcceptWithSecrets(ctx context.Context, p string) error {
	return r.accept(ctx, p, true)
}

func (r *Review) accept(ctx context.Context, p string, allowSecrets bool) error {
	if err := r.writable(); err != nil {
		return err
	}
	it, ok := r.Item(p)
	if !ok {
		return fmt.Errorf("%s: not among the changed recordings", p)
	}
	if len(it.Secrets) > 0 && !allowSecrets {
		return &SecretsError{Path: it.Path, Findings: it.Secrets}
	}
	if err := r.unchanged(it); err != nil {
		return err
	}
	step, err := r.save(ctx, it)
	if err != nil {
		return err
	}
	if err := r.Git.Stage(ctx, it.gitPaths()...); err != nil {
		return err
	}
	it.State = "accepted"
	r.journal = append(r.journal, step)
	return nil
}

// Reject restores the committed version of the item: a modified or deleted
// file comes back from HEAD; a renamed one goes back to its old path; an
// added file (untracked or staged) is removed, which needs confirm because
// git has no copy of it.
func (r *Review) Reject(ctx context.Context, p string, confirm bool) error {
	if err := r.writable(); err != nil {
		return err
	}
	it, ok := r.Item(p)
	if !ok {
		return fmt.Errorf("%s: not among the changed recordings", p)
	}
	if it.Kind == Added && !confirm {
		return fmt.Errorf("%s: %w", secrets.MaskPath(it.Path), ErrNeedsConfirm)
	}
	if err := r.unchanged(it); err != nil {
		return err
	}
	step, err := r.save(ctx, it)
	if err != nil {
		return err
	}
	switch it.Kind {
	case Added:
		if err := r.Git.Unstage(ctx, it.gitPath); err != nil {
			return err
		}
		if err := r.remove(it); err != nil {
			return err
		}
		r.removeEmptyDirs(it)
	case Renamed:
		if err := r.Git.Unstage(ctx, it.gitPath); err != nil {
			return err
		}
		if err := r.remove(it); err != nil {
			return err
		}
		if err := r.Git.Restore(ctx, r.restoreSource(), it.gitOldPath); err != nil {
			return err
		}
		r.removeEmptyDirs(it)
	default:
		if err := r.Git.Restore(ctx, r.restoreSource(), it.gitPath); err != nil {
			return err
		}
	}
	it.State = "rejected"
	r.journal = append(r.journal, step)
	return nil
}

// writable refuses to act on a read-only review.
func (r *Review) writable() error {
	if r.ReadOnly != "" {
		return fmt.Errorf("%w: %s", ErrReadOnly, r.ReadOnly)
	}
	return nil
}

// unchanged checks that the item's work tree file is still the one the
// review summarised: a file edited since (a re-recording still running, an
// editor) is neither staged nor removed unseen.
func (r *Review) unchanged(it *ReviewItem) error {
	if it.Kind == Deleted {
		return nil
	}
	if err := safefile.Check(r.Git.Abs(it.gitPath), it.stamp); err != nil {
		return fmt.Errorf("%w; nothing done, review it again", err)
	}
	return nil
}

// remove deletes the item's work tree file if it is still the one the
// review summarised.
func (r *Review) remove(it *ReviewItem) error {
	err := safefile.Remove(r.Git.Abs(it.gitPath), it.stamp)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the caller names the item
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// removeEmptyDirs removes the directories that removing the item's file
// left empty, up to the review's root: an added or renamed recording often
// came with a directory of its own (a new case), which git never tracked
// and the rejection should not leave behind. Only empty directories go
// (os.Remove refuses any other), so nothing else is touched; undo creates
// them again.
func (r *Review) removeEmptyDirs(it *ReviewItem) {
	root := filepath.Clean(r.Root)
	for dir := filepath.Dir(r.Git.Abs(it.gitPath)); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(root, dir)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return
		}
		if os.Remove(dir) != nil {
			return
		}
	}
}

// Skip marks an item as looked at without acting on it.
func (r *Review) Skip(p string) error {
	it, ok := r.Item(p)
	if !ok {
		return fmt.Errorf("%s: not among the changed recordings", p)
	}
	r.journal = append(r.journal, undoStep{item: it, prev: it.State})
	it.State = "skipped"
	return nil
}

// CanUndo reports whether this session has an action to undo.
func (r *Review) CanUndo() bool { return len(r.journal) > 0 }

// Undo reverts the last action of the session, putting back the index
// entries and work tree bytes it changed. It returns the item's path.
func (r *Review) Undo(ctx context.Context) (string, error) {
	if len(r.journal) == 0 {
		return "", errors.New("nothing to undo")
	}
	step := r.journal[len(r.journal)-1]
	for _, sp := range step.paths {
		abs := r.Git.Abs(sp.gitPath)
		if sp.exists {
			if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
				return "", err
			}
			if err := writeFileAtomic(abs, sp.data, sp.mode); err != nil {
				return "", err
			}
			// The bytes are back as the review showed them: a later action
			// checks against the restored file.
			if sp.gitPath == step.item.gitPath {
				if _, st, err := safefile.ReadInto(abs, nil); err == nil {
					step.item.stamp = st
				}
			}
		} else if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		if err := r.Git.SetIndexEntry(ctx, sp.gitPath, sp.index); err != nil {
			return "", err
		}
	}
	r.journal = r.journal[:len(r.journal)-1]
	step.item.State = step.prev
	return step.item.Path, nil
}

// recordings counts recordings: "1 recording", "3 recordings".
func recordings(n int) string { return fmt.Sprintf("%d %s", n, report.Plural(n, "recording")) }

// groupCases collects dryfire items per suite/case directory.
func groupCases(items []*ReviewItem) []ReviewCase {
	var cases []ReviewCase
	index := map[string]int{}
	for _, it := range items {
		if it.Format != format.Dryfire {
			continue
		}
		dir := path.Dir(it.Path)
		i, ok := index[dir]
		if !ok {
			i = len(cases)
			index[dir] = i
			cases = append(cases, ReviewCase{Suite: it.Suite, Case: it.Case})
		}
		cases[i].Items = append(cases[i].Items, it)
	}
	for i := range cases {
		cases[i].Summary = caseSummary(cases[i].Items)
	}
	return cases
}

func caseSummary(items []*ReviewItem) []string {
	var added, removed []int
	for _, it := range items {
		switch it.Kind { //nolint:exhaustive // the other cases need nothing here
		case Added:
			added = append(added, it.Turn)
		case Deleted:
			removed = append(removed, it.Turn)
		}
	}
	var out []string
	if len(added) > 0 {
		out = append(out, fmt.Sprintf("%s added (%s %s)", recordings(len(added)), report.Plural(len(added), "turn"), turnList(added)))
	}
	if len(removed) > 0 {
		out = append(out, fmt.Sprintf("%s removed (%s %s)", recordings(len(removed)), report.Plural(len(removed), "turn"), turnList(removed)))
	}
	if n := len(items) - len(added) - len(removed); n > 0 {
		out = append(out, recordings(n)+" modified or renamed")
	}
	return out
}

func turnList(turns []int) string {
	slices.Sort(turns)
	turns = slices.Compact(turns)
	parts := make([]string, len(turns))
	for i, t := range turns {
		parts[i] = fmt.Sprintf("%02d", t)
	}
	return strings.Join(parts, ", ")
}
