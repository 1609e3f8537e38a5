package main

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// runReviewUI opens the interactive review.
func runReviewUI(_ context.Context, e env, r *scan.Review) error {
	writeReviewText(e.stdout, r)
	return nil
}
