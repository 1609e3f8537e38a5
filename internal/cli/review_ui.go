package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/review"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

// runReviewUI opens the interactive review over r and prints what the
// session did when it ends.
func runReviewUI(ctx context.Context, e Env, r *gitreview.Review) error {
	load := reviewLoader(r.Root)
	var lookedAt []string
	if len(r.Items) == 0 {
		// The empty screen says where it looked; only then is it worth
		// opening the workspace a second time.
		if fresh, dirs, err := load(ctx); err == nil {
			r, lookedAt = fresh, dirs
		}
	}
	m := review.New(review.Options{Context: ctx, Review: r, LookedAt: lookedAt, Reload: load, IsDark: true})
	final, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	if fm, ok := final.(review.Model); ok && fm.Tally().Changed > 0 {
		fmt.Fprintln(e.Stdout, "review: "+fm.Tally().String())
	}
	return nil
}

// reviewLoader opens the review of the project at root again, and lists
// the recording directories it looked at that exist.
func reviewLoader(root string) review.Loader {
	return func(ctx context.Context) (*gitreview.Review, []string, error) {
		w, err := workspace.Open(ctx, root, workspace.Options{})
		if err != nil {
			return nil, nil, err
		}
		dirs := w.Dirs()
		r, err := gitreview.OpenReview(ctx, w.Root, dirs)
		if err != nil {
			return nil, nil, err
		}
		var looked []string
		for _, d := range dirs {
			if _, err := os.Stat(d); err == nil || (w.Store != nil && d == w.Store.Root) {
				looked = append(looked, d)
			}
		}
		return r, looked, nil
	}
}
