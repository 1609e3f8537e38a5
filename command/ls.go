package command

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// LsRequest is ls [PATH] [--status S]: the recordings of PATH with their
// statuses.
type LsRequest struct {
	Env
	// Path is PATH ("" for none); this tool's forms or dryfire's suite
	// form.
	Path string
	// Statuses are the statuses to list (every one when empty).
	Statuses map[scan.Status]bool
}

// Ls lists the recordings of PATH with their statuses and reasons.
func Ls(ctx context.Context, req LsRequest) (Result[*report.Listing], error) {
	w, err := req.open(ctx, paths(req.Path), scan.Project, scan.Options{ReleaseServed: true})
	if err != nil {
		return Abort[*report.Listing](ctx, UsageError, err)
	}
	return Result[*report.Listing]{Doc: listingDoc(w, req.Statuses), Warnings: w.Problems}, nil
}
