package cli

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// runRange is review --base REV [--head REV2]: the recordings changed
// between two revisions, as text, JSON, markdown, or the review screen.
func (c *reviewCmd) runRange(ctx context.Context, e Env, path string) error {
	format := c.format
	switch {
	case c.base == "":
		return usageErrorf("add --base REV (origin/main, a tag, a commit)", "--head and --format go with --base")
	case c.json && format != "text" && format != "json":
		return usageErrorf("pass either --json or --format", "--json and --format %s disagree", format)
	case c.json:
		format = "json"
	}
	switch format {
	case "text", "json":
	case "markdown":
		if c.reveal {
			return usageErrorf("markdown is for a pull request, where secrets stay masked; reveal them on the terminal", "--reveal does not go with --format markdown")
		}
		if c.maxBytes < report.MinMarkdownBytes {
			return usageErrorf("the header alone needs about that much", "--max-bytes must be at least %d", report.MinMarkdownBytes)
		}
	default:
		return usageErrorf("use text, json or markdown", "unknown --format %q", format)
	}
	req := command.RangeReviewRequest{Env: e.core(), Path: path, Base: c.base, Head: c.head, Reveal: c.reveal}
	if e.IsTerminal && format == "text" {
		r, err := command.OpenRangeReview(ctx, req)
		if err != nil {
			return ended(command.UsageError, err)
		}
		// r reads both revisions again: the working tree may have changed.
		reopen := func(ctx context.Context) (*gitreview.Review, []string, error) {
			r, err := command.OpenRangeReview(ctx, req)
			return r, nil, err
		}
		return runReviewUI(ctx, e, r, reopen)
	}
	res, err := command.RangeReview(ctx, req)
	if err == nil && format == "markdown" {
		if err := res.Doc.WriteMarkdown(e.Stdout, c.maxBytes); err != nil {
			return err
		}
		return ended(res.Outcome, res.Err)
	}
	return finish(e, format == "json", res, err)
}
