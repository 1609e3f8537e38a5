package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

const reviewUsage = `dryfire-tui review [PATH] [--json] [--reveal]
  dryfire-tui review [PATH] --base REV [--head REV2] [--json | --format text|json|markdown] [--max-bytes N]
  dryfire-tui review --accept FILE... [--allow-secrets] | --reject FILE... [--yes]
  dryfire-tui review --redact FILE... | --add-to-baseline FILE...

Lists the recordings changed since git HEAD (added, modified, deleted,
renamed; staged, unstaged and untracked) under the project around PATH and
says what each change means: turns added or removed, response text, tool
calls and their arguments, stop reason, token usage, model, new secrets; for
tapes, entries added, removed or changed per key. Secrets show as the
secrets command lists them; --reveal shows them. On a terminal it opens the
review browser (a accept = stage, x reject = restore, s skip, A / X all,
u undo). --accept stages the named files; --reject restores their committed
version, and removes a file git has no copy of only with --yes.

A change that adds a secret (one its committed version does not hold and
the baseline does not accept) is not accepted: redact it in place with
--redact (replay proves nothing a test reads changed, as secrets --redact
does), accept it as a known fake with --add-to-baseline (written to
` + secrets.DefaultBaselineFile + `), or accept the change as it is with --allow-secrets.

--base REV reviews a pull request's recordings instead: those changed
between REV (a branch, a tag, a commit; A...B for the merge base of A and
B) and the working tree, or --head REV2. Each says, besides what changed,
why: the line of the suites or dryfire.yaml that moved its key (both
revisions are read through git and each case replayed offline under
each), "no suite change: re-recorded with the same request", a new case,
a case removed, an orphan pruned. A shallow clone needs only the two
commits; a missing one is named with the fetch that brings it.
--format markdown writes it for a pull request comment or
$GITHUB_STEP_SUMMARY: one collapsed block per case, secrets masked, at
most --max-bytes bytes (what does not fit is counted). On a terminal it
opens the review screen, read-only when --head is a commit.

` + recordingPaths + `

Examples:
  dryfire-tui review
  dryfire-tui review --base origin/main
  dryfire-tui review --base origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"
  dryfire-tui review --json | jq '.changes[] | select(.secrets != []) | .path'
  dryfire-tui review --accept .dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json
  dryfire-tui review --redact --accept .dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json
  dryfire-tui review --reject --yes .dryfire/cassettes/travel_booking/new_case/00-6666666666666666.json`

type reviewCmd struct {
	base, head    string
	format        string
	maxBytes      int
	json          bool
	reveal        bool
	accept        bool
	reject        bool
	yes           bool
	allowSecrets  bool
	redact        bool
	addToBaseline bool
}

func (c *reviewCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.base, "base", "", "review the recordings changed since `REV` (a branch, a tag, a commit, or A...B for their merge base)")
	fs.StringVar(&c.head, "head", "", "with --base: the other side, `REV2` (default: the working tree)")
	fs.StringVar(&c.format, "format", "text", "with --base: output `FORMAT`, text, json or markdown (a pull request comment or $GITHUB_STEP_SUMMARY)")
	fs.IntVar(&c.maxBytes, "max-bytes", report.DefaultMarkdownBytes, "with --format markdown: write at most `N` bytes, leaving out (and counting) the cases that do not fit")
	fs.BoolVar(&c.json, "json", false, "print the changes as one JSON document")
	fs.BoolVar(&c.reveal, "reveal", false, "show the secrets instead of their masks")
	fs.BoolVar(&c.accept, "accept", false, "stage the FILEs given as arguments")
	fs.BoolVar(&c.reject, "reject", false, "restore the committed version of the FILEs given as arguments")
	fs.BoolVar(&c.yes, "yes", false, "with --reject: also remove added files git has no copy of")
	fs.BoolVar(&c.allowSecrets, "allow-secrets", false, "with --accept: accept changes that add secrets")
	fs.BoolVar(&c.redact, "redact", false, "replace the secrets the FILEs add with [REDACTED:<rule>] in place, then prove replay still hits")
	fs.BoolVar(&c.addToBaseline, "add-to-baseline", false, "accept the secrets the FILEs add as known fakes: add them to "+secrets.DefaultBaselineFile)
}

func (c *reviewCmd) run(ctx context.Context, e Env, args []string) error {
	act := c.accept || c.reject || c.redact || c.addToBaseline
	switch {
	case c.accept && c.reject:
		return usageErrorf("use one of them per run", "--accept and --reject exclude each other")
	case c.reject && (c.redact || c.addToBaseline):
		return usageErrorf("redact or accept the secrets of the files you keep", "--reject excludes --redact and --add-to-baseline")
	case c.redact && c.addToBaseline:
		return usageErrorf("use one of them per run", "--redact and --add-to-baseline exclude each other")
	case c.allowSecrets && !c.accept:
		return usageErrorf("add --accept", "--allow-secrets goes with --accept")
	}
	if act {
		if len(args) == 0 {
			return argsErrorf("name the files as 'review --json' lists them", "--accept, --reject, --redact and --add-to-baseline need at least one FILE")
		}
		res, err := command.ReviewFiles(ctx, command.ReviewFilesRequest{Env: e.core(), Files: args, Action: command.ReviewAction{
			Accept: c.accept, AllowSecrets: c.allowSecrets, Reject: c.reject, Yes: c.yes, Redact: c.redact, AddToBaseline: c.addToBaseline,
		}})
		if err != nil {
			return ended(res.Outcome, err)
		}
		// Each file's line goes to stdout, each refusal to stderr.
		if err := res.Doc.WriteText(e.Stdout, e.Stderr); err != nil {
			return err
		}
		return ended(res.Outcome, res.Err)
	}
	path, err := pathArg("review", args)
	if err != nil {
		return err
	}
	if c.base != "" || c.head != "" || c.format != "text" {
		return c.runRange(ctx, e, path)
	}
	req := command.ReviewRequest{Env: e.core(), Path: path, Reveal: c.reveal}
	if e.IsTerminal && !c.json {
		r, err := command.OpenReview(ctx, req)
		if err != nil {
			return ended(command.UsageError, err)
		}
		return runReviewUI(ctx, e, r, nil)
	}
	res, err := command.Review(ctx, req)
	return finish(e, c.json, res, err)
}
