package cli

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
)

// runReviewUI opens the app on its review page over r and prints what the
// session did when it ends.
func runReviewUI(ctx context.Context, e Env, r *gitreview.Review, reopen backend.ReviewLoader) error {
	load := backend.NewReviewLoader(r.Root)
	if reopen != nil {
		load = reopen
	}
	var lookedAt []string
	if len(r.Items) == 0 {
		// The empty screen says where it looked; only then is it worth
		// opening the workspace a second time.
		if fresh, dirs, err := load(ctx); err == nil {
			r, lookedAt = fresh, dirs
		}
	}
	m := ui.New(ui.Options{Page: ui.PageReview, Context: ctx, Review: r, LookedAt: lookedAt, Reload: load, IsDark: true})
	final, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	// A read-only review decided nothing: there is nothing to say.
	if fm, ok := final.(ui.Model); ok && fm.ReviewTally().Changed > 0 && r.ReadOnly == "" {
		fmt.Fprintln(e.Stdout, "review: "+fm.ReviewTally().String())
	}
	return nil
}
