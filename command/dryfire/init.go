package dryfire

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/examples/scaffold"
	"github.com/dryfire-tui/dryfire-tui/report/dryfiredoc"
)

// InitRequest is init [--dir D] [--force].
type InitRequest struct {
	command.Env
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
func Init(ctx context.Context, req InitRequest) (command.Result[*dryfiredoc.Scaffold], error) {
	dir := req.Dir
	if dir == "" {
		dir = "."
	}
	res, err := scaffold.Write(req.Abs(dir), req.Force)
	var conflict *scaffold.ConflictError
	switch {
	case errors.As(err, &conflict):
		again := "dryfire-tui init --force"
		if dir != "." {
			again = "dryfire-tui init --dir " + dryfiredoc.ShellQuote(dir) + " --force"
		}
		return command.Abort[*dryfiredoc.Scaffold](ctx, command.UsageError, command.WithHint(err, "re-run `"+again+"` to overwrite them"))
	case err != nil:
		return command.Result[*dryfiredoc.Scaffold]{Outcome: command.UsageError, Changed: res != nil && len(res.Written) > 0}, fmt.Errorf("init: %w", err)
	}
	doc := dryfiredoc.NewScaffold(res)
	doc.Dir = dir
	if req.Env.Dir != "" {
		doc.Here = sameDirs(req.Abs(dir), req.Env.Dir)
	}
	return command.Result[*dryfiredoc.Scaffold]{Doc: doc, Changed: true}, nil
}

// sameDirs reports whether a and b are one directory, their links
// followed.
func sameDirs(a, b string) bool {
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}
