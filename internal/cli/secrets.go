package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

const secretsUsage = `dryfire-tui secrets [PATH] [--json] [--baseline FILE] [--write-baseline FILE] [--redact]

Finds API keys, tokens, passwords and private keys left in recordings: every
string and key of dryfire cassettes (request digest, response, raw payload)
and cassette-fn tapes (args, kwargs, result, error). Secrets are never
printed: a finding shows a preview and the SHA-256 of the secret.

A baseline accepts known findings by rule and hash; ` + secrets.DefaultBaselineFile + `
at the project root is read automatically. Exit 1 when unsuppressed
findings remain.

--redact rewrites each file, then replays every case to prove nothing
broke. Ctrl-C before that proof has passed puts every file back
("interrupted before the replay proof"); after it, the redactions are kept
("interrupted after the replay proof"). Either way the command exits 130,
and --json says which ("interrupted" or "interrupted_after_proof").

Examples:
  dryfire-tui secrets
  dryfire-tui secrets tapes/ --json
  dryfire-tui secrets --write-baseline ` + secrets.DefaultBaselineFile + `
  dryfire-tui secrets --redact`

type secretsCmd struct {
	json          bool
	baseline      string
	writeBaseline string
	redact        bool
	allowOutside  bool
}

func (c *secretsCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.StringVar(&c.baseline, "baseline", "", "accept the findings in `FILE` (default: "+secrets.DefaultBaselineFile+" at the project root)")
	fs.StringVar(&c.writeBaseline, "write-baseline", "", "accept every current finding: write them to `FILE`")
	fs.BoolVar(&c.redact, "redact", false, "replace each secret with [REDACTED:<rule>] in place, then prove replay still hits")
	allowOutsideFlag(fs, &c.allowOutside, "with --redact, rewrite")
}

func (c *secretsCmd) run(ctx context.Context, e Env, args []string) error {
	scan.AllowOutsideProject(c.allowOutside)
	path, err := pathArg("secrets", args)
	if err != nil {
		return err
	}
	rep, err := command.ScanSecrets(ctx, path)
	if err != nil {
		return pathError(err)
	}
	warn(e, rep.Problems)
	if c.writeBaseline != "" {
		b, scope, err := rep.WriteBaseline(c.writeBaseline, path)
		if err != nil {
			return err
		}
		if scope != "" {
			scope = " under " + scope
		}
		fmt.Fprintf(e.Stdout, "accepted %d secret(s) from %d finding(s)%s in %s\n", len(b.Findings), len(rep.Findings), scope, c.writeBaseline)
		return nil
	}
	res, err := rep.WithBaseline(c.baseline)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	var red *command.RedactReport
	if c.redact && len(res.Open) > 0 {
		if red, err = command.RedactFiles(ctx, rep, res.Accepts); err != nil {
			return unsafeRootError(err)
		}
		// Ctrl-C since the redaction returned is one after its proof.
		red.NoteInterrupt(ctx)
	}
	if err := emit(e, c.json, res.Document(red)); err != nil {
		return err
	}
	return redactOutcome(res, red)
}

// redactOutcome is how the command ends once the document is printed:
// interrupted (130, the document saying before or after the proof), files
// that could not be put back or were left, a redaction undone, or the
// findings the redaction could not touch.
func redactOutcome(res *command.SecretsResult, red *command.RedactReport) error {
	switch {
	case red != nil && (red.Interrupted || red.InterruptedAfterProof):
		return context.Canceled
	case red != nil && len(red.NotRestored) > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("%d redacted %s could not be put back (listed on stdout)",
			len(red.NotRestored), report.Plural(len(red.NotRestored), "file"))}
	case red != nil && len(red.Skipped) > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("%d %s not redacted (listed on stdout)",
			len(red.Skipped), report.Plural(len(red.Skipped), "file"))}
	case red != nil && red.Replay != nil && red.Replay.Restored:
		return &exitError{
			code: exitFindings, err: errors.New("redaction would break replay; every file was restored"),
			hint: "redact those values by hand, or accept them with --write-baseline",
		}
	case red != nil:
		// What a redaction cannot touch keeps the gate closed: a file that
		// could not be read or decoded.
		return failIf(slices.ContainsFunc(res.Open, secrets.Finding.Unscanned))
	}
	return failIf(len(res.Open) > 0)
}
