package command

import (
	"context"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// DiffRequest is diff [PATH] [REF] [--reveal]: why recordings went stale.
type DiffRequest struct {
	Env
	// Path is PATH ("" for none).
	Path string
	// Ref, when set, explains only the misses whose recording or current
	// key it names (a path or a key prefix).
	Ref string
	// Reveal shows the secrets instead of their masks.
	Reveal bool
}

// Diff explains every replay miss of the project around PATH, field by
// field, against the request the case sends now. It needs the suites: no
// project is a [*scan.NoProjectError].
func Diff(ctx context.Context, req DiffRequest) (Result[*report.Diff], error) {
	w, err := req.open(ctx, paths(req.Path), scan.Project, scan.Options{})
	if err != nil {
		return Abort[*report.Diff](ctx, UsageError, err)
	}
	res := Result[*report.Diff]{Warnings: w.Problems}
	if w.Project == nil {
		return withWarnings(res, UsageError, &scan.NoProjectError{Path: w.Path, Need: "diff needs the suites to know what they send now"})
	}
	stale := w.Stale
	if req.Ref != "" {
		if stale = w.StaleMatching(req.Ref); len(stale) == 0 {
			return withWarnings(res, UsageError, WithHint(fmt.Errorf("no stale recording matches %q", req.Ref),
				"run 'dryfire-tui diff' to see every stale recording"))
		}
	}
	res.Doc = diffDoc(stale, req.Reveal)
	return res, nil
}
