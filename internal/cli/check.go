package cli

import (
	"context"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

const checkUsage = `dryfire-tui check [PATH...] [--json | --format text|json|github] [--skip PART]... [--baseline FILE]

The CI gate. Over one scan of the project around PATH (default .) it runs
  replay   every case replays offline (no miss, no erroring case)
  run      every case passes, graded as dryfire run does (assertions,
           judges from their cassettes, pass rates)
  secrets  no secret outside the baseline (` + secrets.DefaultBaselineFile + ` at the project
           root is read automatically; --baseline names another)
  prune    no cruft: orphaned, superseded or stale-schema recordings
  doctor   no integrity problem: parse errors, keys, schema, format, turn
           gaps, repetitions, tapes
and prints one line per part, then the problems that matter. Without a
dryfire.yaml, replay and prune do not apply (tapes and bare cassette
directories still get secrets and doctor).

--format github prints GitHub Actions annotations (::error file=…,line=…::)
on the files to fix, then the text report. --json prints
{"ok", "replay", "run", "secrets", "prune", "doctor"}, each part the document its
own command prints with --json (null when skipped or not applicable).

Exit status: 0 every part is clean; 1 a part has problems; 2 usage, spec
or config error (a suite that does not parse: its errors go to stderr).

` + suitePaths + `

Examples:
  dryfire-tui check
  dryfire-tui check --format github
  dryfire-tui check --skip prune --json`

type checkCmd struct {
	json     bool
	format   string
	skip     []string
	baseline string
}

func (c *checkCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document (same as --format json)")
	fs.StringVar(&c.format, "format", "text", "output `FORMAT`: text, json, or github (workflow annotations)")
	fs.StringArrayVar(&c.skip, "skip", nil, "do not run `PART` (replay, run, secrets, prune, doctor); repeatable")
	fs.StringVar(&c.baseline, "baseline", "", "accept the secrets in `FILE` (default: "+secrets.DefaultBaselineFile+" at the project root)")
}

func (c *checkCmd) run(ctx context.Context, e Env, args []string) error {
	format, skipped, err := c.options()
	if err != nil {
		return err
	}
	res, err := command.Check(ctx, command.CheckRequest{Env: e.core(), Paths: args, Skip: skipped, Baseline: c.baseline})
	if err == nil && format == "github" {
		// The annotations go first, then the text report.
		if err := res.Doc.WriteGitHub(e.Stdout); err != nil {
			return err
		}
	}
	return finish(e, format == "json", res, err)
}

// options reads --json, --format and --skip.
func (c *checkCmd) options() (format string, skipped map[string]bool, err error) {
	format = c.format
	if c.json {
		if format != "text" && format != "json" {
			return "", nil, usageErrorf("pass either --json or --format", "--json and --format %s disagree", format)
		}
		format = "json"
	}
	if !slices.Contains([]string{"text", "json", "github"}, format) {
		return "", nil, usageErrorf("--format is text, json or github", "unknown format %q", format)
	}
	skipped = map[string]bool{}
	for _, s := range c.skip {
		for part := range strings.SplitSeq(s, ",") {
			part = strings.TrimSpace(part)
			if !slices.Contains(report.CheckParts, part) {
				return "", nil, usageErrorf("--skip takes replay, run, secrets, prune or doctor", "unknown part %q", part)
			}
			skipped[part] = true
		}
	}
	if len(skipped) == len(report.CheckParts) {
		return "", nil, usageErrorf("skip fewer parts", "every part is skipped: nothing to check")
	}
	return format, skipped, nil
}
