package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

const checkUsage = `dryfire-tui check [PATH] [--json | --format text|json|github] [--skip PART]... [--baseline FILE]

The CI gate. Over one scan of the project around PATH (default .) it runs
  replay   every case replays offline (no miss, no erroring case)
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
{"ok", "replay", "secrets", "prune", "doctor"}, each part the document its
own command prints with --json (null when skipped or not applicable).

Exit status: 0 every part is clean; 1 a part has problems; 2 usage, spec
or config error (a suite that does not parse: its errors go to stderr).

Examples:
  dryfire-tui check
  dryfire-tui check --format github
  dryfire-tui check --skip prune --json`

// checkParts are the parts of check, in report order.
var checkParts = workspace.CheckParts

type checkCmd struct {
	json     bool
	format   string
	skip     []string
	baseline string
}

func (c *checkCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document (same as --format json)")
	fs.StringVar(&c.format, "format", "text", "output `FORMAT`: text, json, or github (workflow annotations)")
	fs.StringArrayVar(&c.skip, "skip", nil, "do not run `PART` (replay, secrets, prune, doctor); repeatable")
	fs.StringVar(&c.baseline, "baseline", "", "accept the secrets in `FILE` (default: "+secrets.DefaultBaselineFile+" at the project root)")
}

// checkResult is every part's outcome with the JSON document of each, as
// its own command prints it.
type checkResult struct {
	*workspace.CheckResult
	ws      *workspace.Workspace
	skipped map[string]bool
	docs    map[string]json.RawMessage
}

func (c *checkCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help check'", "check takes at most one PATH, got %d arguments", len(args))
	}
	target := "."
	if len(args) == 1 {
		target = args[0]
	}
	format := c.format
	if c.json {
		if format != "text" && format != "json" {
			return usageErrorf("pass either --json or --format", "--json and --format %s disagree", format)
		}
		format = "json"
	}
	switch format {
	case "text", "json", "github":
	default:
		return usageErrorf("--format is text, json or github", "unknown format %q", format)
	}
	skipped := map[string]bool{}
	for _, s := range c.skip {
		for part := range strings.SplitSeq(s, ",") {
			part = strings.TrimSpace(part)
			if !slices.Contains(checkParts, part) {
				return usageErrorf("--skip takes replay, secrets, prune or doctor", "unknown part %q", part)
			}
			skipped[part] = true
		}
	}
	if len(skipped) == len(checkParts) {
		return usageErrorf("skip fewer parts", "every part is skipped: nothing to check")
	}
	r, err := c.check(ctx, e, target, skipped)
	if err != nil {
		return err
	}
	if r.Replay != nil {
		printSpecErrors(e.Stderr, r.ws.Root, r.Replay.Errors)
	}
	switch format {
	case "json":
		err = writeCheckJSON(e.Stdout, r)
	case "github":
		writeCheckAnnotations(e.Stdout, r)
		writeCheckText(e.Stdout, r)
	default:
		writeCheckText(e.Stdout, r)
	}
	if err != nil {
		return err
	}
	switch {
	case r.Replay != nil && len(r.Replay.Errors) > 0:
		return &exitError{code: exitUsage, err: fmt.Errorf("%d spec or config %s", len(r.Replay.Errors), plural(len(r.Replay.Errors), "error")),
			hint: "fix the errors above; suites that parse were still checked"}
	case !r.ok():
		return exitWith(exitFindings)
	}
	return nil
}

// check runs workspace.Check and renders each part's document.
func (c *checkCmd) check(ctx context.Context, e Env, target string, skipped map[string]bool) (*checkResult, error) {
	res, err := workspace.Check(ctx, target, workspace.CheckOptions{Skip: skipped, Baseline: c.baseline, Getenv: lookupEnvFunc(e)})
	switch {
	case errors.Is(err, workspace.ErrNotFound):
		return nil, usageErrorf("pass a project directory, a cassette directory or a tape", "%v", err)
	case errors.Is(err, workspace.ErrNothingToCheck):
		return nil, usageErrorf("run it inside a dryfire project, or pass a cassette or tapes directory",
			"nothing to check: no dryfire.yaml at or above %s and no recordings in it", target)
	case err != nil:
		var ee *exitError
		if errors.As(err, &ee) || ctx.Err() != nil {
			return nil, err
		}
		return nil, &exitError{code: exitUsage, err: err} // the project configuration or the baseline
	}
	r := &checkResult{CheckResult: res, ws: res.Workspace, skipped: skipped, docs: map[string]json.RawMessage{}}
	printProblems(e.Stderr, r.ws)
	render := func(part string, write func(*bytes.Buffer) error) error {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		r.docs[part] = b.Bytes()
		return nil
	}
	if res.Replay != nil {
		if err := render("replay", func(b *bytes.Buffer) error { return writeReplayJSON(b, r.ws.Project, res.Replay) }); err != nil {
			return nil, err
		}
	}
	if res.Prune != nil {
		if err := render("prune", func(b *bytes.Buffer) error { return writePruneJSON(b, *res.Prune, nil) }); err != nil {
			return nil, err
		}
	}
	if res.Secrets != nil {
		if err := render("secrets", func(b *bytes.Buffer) error { return printSecretsJSON(b, res.Secrets, nil) }); err != nil {
			return nil, err
		}
	}
	if res.Doctor != nil {
		if err := render("doctor", func(b *bytes.Buffer) error { return writeDoctorJSON(b, res.Doctor) }); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// problems counts what fails each part; -1 for a part that did not run.
func (r *checkResult) problems(part string) int {
	switch part {
	case "replay":
		if r.Replay == nil {
			return -1
		}
		return len(r.replayProblems()) + len(r.Replay.Errors)
	case "secrets":
		if r.Secrets == nil {
			return -1
		}
		return len(r.Secrets.Open)
	case "prune":
		if r.Prune == nil {
			return -1
		}
		return len(r.Prune.Candidates)
	case "doctor":
		if r.Doctor == nil {
			return -1
		}
		return r.Doctor.Remaining() + len(r.Doctor.Checks)
	}
	return -1
}

func (r *checkResult) ok() bool {
	for _, p := range checkParts {
		if r.problems(p) > 0 {
			return false
		}
	}
	return true
}

// replayProblems are the repetitions that fail replay: a miss, an error,
// or a recorded provider error.
func (r *checkResult) replayProblems() []*engine.CaseResult {
	var out []*engine.CaseResult
	for i := range r.Replay.Cases {
		c := &r.Replay.Cases[i]
		if c.Outcome == engine.OutcomeMiss || c.Outcome == engine.OutcomeError || c.Termination == "provider_error" {
			out = append(out, c)
		}
	}
	return out
}

// explanation is the stale-recording explanation of a missed repetition.
func (r *checkResult) explanation(c *engine.CaseResult) *workspace.Explanation {
	for _, x := range r.ws.Stale {
		if x.Suite == c.Suite && x.Case == c.Case && x.RepeatIndex == c.RepeatIndex {
			return x
		}
	}
	return nil
}
