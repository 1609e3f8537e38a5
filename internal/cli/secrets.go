package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
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

` + recordingPaths + `

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
	path, err := pathArg("secrets", args)
	if err != nil {
		return err
	}
	if c.writeBaseline != "" {
		res, err := command.WriteBaseline(ctx, command.BaselineRequest{Env: e.core(), Path: path, File: c.writeBaseline})
		return finish(e, false, res, err)
	}
	res, err := command.Secrets(ctx, command.SecretsRequest{Env: e.core(), Path: path, Baseline: c.baseline, Redact: c.redact, AllowOutside: c.allowOutside})
	return finish(e, c.json, res, err)
}
