package command

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// ValidateRequest is validate [PATH...].
type ValidateRequest struct {
	Env
	// Paths are the PATH arguments, as run takes them: none (the suites of
	// the dryfire.yaml found from the working directory, which must be
	// there), one directory (the project around it), or dryfire's suite
	// form (globs relative to the working directory; dryfire.yaml
	// optional, the built-in settings without one).
	Paths []string
}

// Validate parses and checks the suites as dryfire's validate does,
// calling nothing and reading no cassette. Its outcome is OK with the
// count of suites and cases, or UsageError: a spec or config error
// ([ErrSpecErrors], every error in SpecErrors), no suite file matched, or
// no PATH and no dryfire.yaml.
func Validate(ctx context.Context, req ValidateRequest) (Result[*report.Validate], error) {
	l, err := req.resolve(req.Paths, scan.Suites)
	if err != nil {
		return failed[*report.Validate](ctx, UsageError, err)
	}
	if l.Project == nil {
		return failed[*report.Validate](ctx, UsageError, &scan.NoProjectError{Path: l.Arg, Need: "validate reads the suites its dryfire.yaml lists"})
	}
	l.LoadSuites(req.lookup())
	pr := l.Project
	ok, suites, cases := pr.Valid()
	if !ok {
		return Result[*report.Validate]{Outcome: UsageError, SpecErrors: pr.Errors, Root: pr.Root}, ErrSpecErrors
	}
	return Result[*report.Validate]{Doc: &report.Validate{Suites: suites, Cases: cases}}, nil
}
