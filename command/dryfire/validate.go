package dryfire

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/report/dryfiredoc"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// ValidateRequest is validate [PATH...].
type ValidateRequest struct {
	command.Env
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
// ([command.ErrSpecErrors], every error in SpecErrors), no suite file matched, or
// no PATH and no dryfire.yaml.
func Validate(ctx context.Context, req ValidateRequest) (command.Result[*dryfiredoc.Validate], error) {
	l, err := req.Resolve(req.Paths, scan.Suites)
	if err != nil {
		return command.Abort[*dryfiredoc.Validate](ctx, command.UsageError, err)
	}
	if l.Project == nil {
		return command.Abort[*dryfiredoc.Validate](ctx, command.UsageError, &scan.NoProjectError{Path: l.Arg, Need: "validate reads the suites its dryfire.yaml lists"})
	}
	l.LoadSuites(req.Lookup())
	pr := l.Project
	ok, suites, cases := pr.Valid()
	if !ok {
		return command.Result[*dryfiredoc.Validate]{Outcome: command.UsageError, SpecErrors: pr.Errors, Root: pr.Root}, command.ErrSpecErrors
	}
	return command.Result[*dryfiredoc.Validate]{Doc: &dryfiredoc.Validate{Suites: suites, Cases: cases}}, nil
}
