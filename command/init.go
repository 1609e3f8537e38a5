package command

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/examples/scaffold"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// InitRequest is init [--dir D] [--force].
type InitRequest struct {
	Env
	// Dir is where the project goes, relative to the working directory
	// ("" or "." the working directory).
	Dir string
	// Force replaces the project's files that are already there (and
	// only them).
	Force bool
}

// Init writes the example project, as dryfire's init scaffolds its own:
// a project that runs with no key. A file of the project already there
// stops it with nothing written, every such file listed (a
// *scaffold.ConflictError, with the command line that forces it as its
// hint), unless Force; a directory that cannot be written is a usage
// error too.
func Init(ctx context.Context, req InitRequest) (Result[*report.Scaffold], error) {
	dir := req.Dir
	if dir == "" {
		dir = "."
	}
	res, err := scaffold.Write(join(req.Env.Dir, dir), req.Force)
	var conflict *scaffold.ConflictError
	switch {
	case errors.As(err, &conflict):
		again := "dryfire-tui init --force"
		if dir != "." {
			again = "dryfire-tui init --dir " + report.ShellQuote(dir) + " --force"
		}
		return failed[*report.Scaffold](ctx, UsageError, withHint(err, "re-run `"+again+"` to overwrite them"))
	case err != nil:
		return Result[*report.Scaffold]{Outcome: UsageError, Changed: res != nil && len(res.Written) > 0}, fmt.Errorf("init: %w", err)
	}
	doc := report.NewScaffold(res)
	doc.Dir = dir
	if req.Env.Dir != "" {
		doc.Here = sameDirs(join(req.Env.Dir, dir), req.Env.Dir)
	}
	return Result[*report.Scaffold]{Doc: doc, Changed: true}, nil
}

// sameDirs reports whether a and b are one directory, their links
// followed.
func sameDirs(a, b string) bool {
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}
