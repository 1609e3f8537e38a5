package command

import (
	"context"
	"errors"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// What the commands that run cases (trace, compare) share with run: the
// errors of preparing a run, with what to do about them.

// PrepareError is err, an error of [PrepareRun] or of preparing a
// comparison, with a hint where there is something to say: a provider
// dryfire does not know, a case that is not there (the nearest one), a key
// that is not set (trace needs it where run skips the case).
func PrepareError(err error) error {
	var nf *engine.CaseNotFoundError
	var mk *provider.MissingKeyError
	var ce *provider.ConfigError
	switch {
	case errors.As(err, &nf) && nf.Near != "":
		return withHint(err, "did you mean "+jsonv.PyRepr(nf.Near)+"?")
	case errors.As(err, &nf):
		return withHint(err, "the address is SUITE::CASE, the suite's name: and the case's name: as its suite file spells them")
	case errors.As(err, &mk):
		return withHint(err, "set "+mk.EnvVar+", or trace the case from its cassettes with --cassette-mode replay")
	case errors.As(err, &ce):
		return withHint(err, "name a provider dryfire knows (anthropic, openai, gemini, xai, openrouter, moonshot, zhipu, deepseek) or one of dryfire.yaml's providers:")
	}
	return err
}

// prepareFailed is the result of a command whose run could not be
// prepared: interrupted, or a usage, spec or config error with its hint.
func prepareFailed[D any](ctx context.Context, err error) (Result[D], error) {
	return failed[D](ctx, UsageError, PrepareError(err))
}

// declined is the outcome of a request whose Confirm said no: the error
// Confirm returned, which says why.
func declined[D any](ctx context.Context, err error) (Result[D], error) {
	if errors.Is(err, ErrDeclined) {
		return failed[D](ctx, Failed, err)
	}
	return failed[D](ctx, UsageError, err)
}

// ErrDeclined is what a Confirm hook returns when a person answered no:
// nothing was called (outcome Failed, dryfire's exit 1 for a run that
// did not pass).
var ErrDeclined = errors.New("nothing was called: the answer was no")
