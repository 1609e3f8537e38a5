package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
)

const reportUsage = `dryfire-tui report RUN.json [--html-out F] [--reveal] [--debug]

Writes a run document (the file 'run --json-out' writes, dryfire's or this
tool's) as one self-contained HTML page, as 'dryfire report' does: on
stdout, or with --html-out into F (written atomically), saying "wrote F".
Nothing runs again and nothing is fetched: the page has no script, font or
image to load and opens offline. It shows the summary (passed, failed,
errored, pass rate, cost, tokens, time), the cases that did not pass, and
every suite and case: the failed assertions with expected and actual, the
judges' scores and reasoning, the repetitions and pass rate of a repeated
case, and the trace turn by turn (what was sent, the response, each tool
call with its result, stop reasons, usage, latency). It reads in light and
dark, at any width, and prints.

Every text of the document is escaped, and control, bidi and invisible
characters show as escapes. Secrets recorded in cassettes show as their
masks, as show prints them; --reveal shows them. API keys of the
environment never show. --html-out never overwrites RUN.json itself.

--debug: an internal error (a bug in dryfire-tui) is reported as dryfire
reports one, "internal error: …" and a request to report it (exit 2);
with --debug the Go stack where it happened is printed first, as dryfire's
--debug prints Python's traceback.

Exit status: 0 the page was written; 2 RUN.json cannot be read, is not
JSON or is not a run document, F cannot be written, a bad argument, or an
internal error.

Examples:
  dryfire-tui run --cassette-mode replay --json-out run.json
  dryfire-tui report run.json --html-out report.html
  dryfire-tui report run.json > report.html`

type reportCmd struct {
	htmlOut string
	reveal  bool
}

func (c *reportCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.htmlOut, "html-out", "", "write the page to `FILE` instead of stdout")
	fs.BoolVar(&c.reveal, "reveal", false, "show the recorded secrets instead of their masks (never an API key)")
}

func (c *reportCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) != 1 {
		return argsErrorf("pass the run document that 'run --json-out F' wrote", "report takes one RUN.json, got %d arguments", len(args))
	}
	res, err := command.Report(ctx, command.ReportRequest{Env: e.core(), Path: args[0], HTMLOut: c.htmlOut, Reveal: c.reveal, Keys: keysOf(e)})
	return finish(e, false, res, err)
}
