package command

import (
	"context"
	"errors"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// RangeReviewRequest is review [PATH] --base REV [--head REV2]: the
// recordings changed between two revisions.
type RangeReviewRequest struct {
	Env
	// Path is PATH ("" for none): this tool's forms only.
	Path string
	// Base is the revision compared with (a branch, a tag, a commit, or
	// A...B for their merge base); Head the other side, "" for the
	// working tree.
	Base, Head string
	// Reveal shows the secrets instead of their masks.
	Reveal bool
}

// OpenRangeReview opens the review of the recordings of the project
// around PATH that changed between Base and Head (or the working tree).
func OpenRangeReview(ctx context.Context, req RangeReviewRequest) (*gitreview.Review, error) {
	l, err := req.resolve(paths(req.Path), scan.Recordings)
	if err != nil {
		return nil, err
	}
	r, err := gitreview.OpenRange(ctx, gitreview.RangeRequest{Root: l.Root, Dirs: l.Dirs(), Base: req.Base, Head: req.Head, Getenv: req.lookup()})
	return r, rangeError(err)
}

// rangeError says what to do when a range cannot be reviewed.
func rangeError(err error) error {
	var missing *gitreview.MissingRevisionError
	switch {
	case errors.As(err, &missing):
		return err // it carries its hint: the fetch that brings it
	case errors.Is(err, gitreview.ErrNoGit):
		return withHint(err, "review --base reads the revisions through git; install git")
	case errors.Is(err, gitreview.ErrNotRepo):
		return withHint(err, "review --base compares two revisions of a git repository; run it inside the repository that holds the recordings")
	}
	return err
}

// RangeReview is the document of the recordings changed between two
// revisions, and why each changed, each secret masked unless Reveal.
func RangeReview(ctx context.Context, req RangeReviewRequest) (Result[*report.RangeReview], error) {
	r, err := OpenRangeReview(ctx, req)
	if err != nil {
		return failed[*report.RangeReview](ctx, UsageError, err)
	}
	return Result[*report.RangeReview]{Doc: r.RangeDocument(req.Reveal), Root: r.Root}, nil
}
