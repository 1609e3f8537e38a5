package cli

import (
	"context"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/spf13/pflag"
)

const fingerprintUsage = `dryfire-tui fingerprint [FILE|-] [--canonical] [--tape js|py]

Reads one JSON object per line (from FILE, or stdin when FILE is - or
absent) and prints the key of each, one per line:

  - dryfire hash args {"provider","model","system","messages","tools","params"}
    (all six, as dryfire's fingerprint takes them; a cassette's request_digest
    too): the 16-hex fingerprint dryfire files the response under;
  - with --tape js|py, a cassette-fn call {"args": [...], "kwargs": {...}}:
    the tape key in the JavaScript or Python dialect.

--canonical prints the exact text that is hashed instead of the key. A line
that cannot be hashed prints "error: <reason>" in its place, and the command
then exits 1. Blank lines are skipped. (Beware of tools that rewrite JSON on
the way: jq prints 0.0 as 0, which is another request to dryfire.)

Examples:
  dryfire-tui fingerprint hash-args.jsonl
  dryfire-tui fingerprint --canonical requests.jsonl
  echo '{"args": [1.0, "x"]}' | dryfire-tui fingerprint --tape py`

type fingerprintCmd struct {
	canonical bool
	tape      string
}

func (c *fingerprintCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.canonical, "canonical", false, "print the canonical JSON that is hashed instead of the key")
	fs.StringVar(&c.tape, "tape", "", "hash cassette-fn calls {\"args\",\"kwargs\"} in this dialect: js or py")
}

func (c *fingerprintCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return argsErrorf("", "too many arguments: fingerprint takes at most one FILE, got %s", quoted(args))
	}
	req := command.FingerprintRequest{Env: e.core(), In: e.Stdin, Out: e.Stdout, Canonical: c.canonical, Tape: c.tape}
	if len(args) == 1 {
		req.File = args[0]
	}
	if (req.File == "" || req.File == "-") && e.InputIsTerminal {
		// Nothing would say what the silence waits for.
		fmt.Fprintln(e.Stderr, "dryfire-tui: reading JSON objects from the terminal, one a line: Ctrl-D ends them, Ctrl-C stops")
		fmt.Fprintln(e.Stderr, "dryfire-tui: hint: pass a FILE, or pipe the lines in (dryfire-tui help fingerprint)")
		_ = visible.Flush(e.Stderr)
	}
	// The keys go to stdout as they are hashed: the result has no
	// document to print.
	res, err := command.Fingerprint(ctx, req)
	if err != nil {
		return ended(res.Outcome, err)
	}
	return ended(res.Outcome, res.Err)
}
