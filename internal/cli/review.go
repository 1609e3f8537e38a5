package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

const reviewUsage = `dryfire-tui review [PATH] [--json]
  dryfire-tui review --accept FILE... | --reject FILE... [--yes]

Lists the recordings changed since git HEAD (added, modified, deleted,
renamed; staged, unstaged and untracked) under the project around PATH and
says what each change means: turns added or removed, response text, tool
calls and their arguments, stop reason, token usage, model, new secrets; for
tapes, entries added, removed or changed per key. On a terminal it opens the
review browser (a accept = stage, x reject = restore, s skip, A / X all,
u undo). --accept stages the named files; --reject restores their committed
version, and removes a file git has no copy of only with --yes.

Examples:
  dryfire-tui review
  dryfire-tui review --json | jq '.changes[].summary'
  dryfire-tui review --accept .dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json
  dryfire-tui review --reject --yes .dryfire/cassettes/travel_booking/new_case/00-6666666666666666.json`

type reviewCmd struct {
	json   bool
	accept bool
	reject bool
	yes    bool
}

func (c *reviewCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the changes as one JSON document")
	fs.BoolVar(&c.accept, "accept", false, "stage the FILEs given as arguments")
	fs.BoolVar(&c.reject, "reject", false, "restore the committed version of the FILEs given as arguments")
	fs.BoolVar(&c.yes, "yes", false, "with --reject: also remove added files git has no copy of")
}

func (c *reviewCmd) run(ctx context.Context, e Env, args []string) error {
	if c.accept && c.reject {
		return usageErrorf("use one of them per run", "--accept and --reject exclude each other")
	}
	if c.accept || c.reject {
		if len(args) == 0 {
			return argsErrorf("name the files as 'review --json' lists them", "--accept and --reject need at least one FILE")
		}
		r, err := gitreview.OpenFiles(ctx, args)
		if err != nil {
			return reviewError(err)
		}
		return c.act(ctx, e, r, args)
	}
	path, err := pathArg("review", args)
	if err != nil {
		return err
	}
	r, err := gitreview.Open(ctx, path)
	switch {
	case err != nil:
		return reviewError(err)
	case e.IsTerminal && !c.json:
		return runReviewUI(ctx, e, r)
	}
	return emit(e, c.json, r.Document())
}

// reviewError says what to do when there is no review to open.
func reviewError(err error) error {
	switch {
	case errors.Is(err, gitreview.ErrNoGit):
		return &exitError{code: exitUsage, err: err, hint: "review compares with git HEAD; install git"}
	case errors.Is(err, gitreview.ErrNotRepo):
		return &exitError{code: exitUsage, err: err, hint: "review compares with git HEAD; run it inside the repository that holds the recordings"}
	}
	return pathError(err)
}

// act accepts or rejects the named files, one line each.
func (c *reviewCmd) act(ctx context.Context, e Env, r *gitreview.Review, files []string) error {
	failed := 0
	for _, f := range files {
		it, ok := r.Find(f)
		if !ok {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s: not among the changed recordings\n", visible.Line(f))
			failed++
			continue
		}
		verb, err := "accepted", error(nil)
		if c.accept {
			err = r.Accept(ctx, it.Path)
		} else {
			verb, err = "rejected", r.Reject(ctx, it.Path, c.yes)
		}
		switch {
		case errors.Is(err, gitreview.ErrNeedsConfirm):
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s is %s and git has no copy of it: rejecting removes it\n", visible.Line(it.Path), it.Kind)
			fmt.Fprintln(e.Stderr, "dryfire-tui: hint: add --yes to remove it")
			failed++
		case err != nil:
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s: %s\n", visible.Line(it.Path), visible.Line(err.Error()))
			failed++
		default:
			fmt.Fprintf(e.Stdout, "%s %s (%s)\n", verb, visible.Line(it.Path), it.Kind)
		}
	}
	return failIf(failed > 0)
}
