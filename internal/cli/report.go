package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/report/htmlreport"
)

const reportUsage = `dryfire-tui report RUN.json [--html-out F] [--reveal]

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
environment never show.

Exit status: 0 the page was written; 2 RUN.json cannot be read, is not
JSON or is not a run document, F cannot be written, or a bad argument.

Examples:
  dryfire-tui run --cassette-mode replay --json-out run.json
  dryfire-tui report run.json --html-out report.html
  dryfire-tui report run.json > report.html`

type reportCmd struct {
	htmlOut       string
	reveal, debug bool
}

func (c *reportCmd) flags(fs *pflag.FlagSet) {
	fs.StringVar(&c.htmlOut, "html-out", "", "write the page to `FILE` instead of stdout")
	fs.BoolVar(&c.reveal, "reveal", false, "show the recorded secrets instead of their masks (never an API key)")
	fs.BoolVar(&c.debug, "debug", false, "accepted, as dryfire takes it; errors are always given whole here")
}

func (c *reportCmd) run(_ context.Context, e Env, args []string) error {
	if len(args) != 1 {
		return argsErrorf("pass the run document that 'run --json-out F' wrote", "report takes one RUN.json, got %d arguments", len(args))
	}
	doc, err := htmlreport.ReadRun(args[0])
	if err != nil {
		return readRunError(args[0], err)
	}
	warn(e, warnings(args[0], doc.Warnings))
	if err := c.sameFile(args[0]); err != nil {
		return err
	}
	var page bytes.Buffer
	o := htmlreport.Options{Keys: keysOf(e), Reveal: c.reveal, Now: e.Now(), Source: args[0]}
	if err := htmlreport.WriteRun(&page, doc, o); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	if c.htmlOut == "" {
		_, err := e.Stdout.Write(page.Bytes())
		return err
	}
	if err := safefile.WriteAtomic(c.htmlOut, page.Bytes(), 0o644); err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("cannot write %s: %w", c.htmlOut, reason(err))}
	}
	fmt.Fprintf(e.Stdout, "wrote %s\n", c.htmlOut)
	return nil
}

// sameFile refuses an --html-out that is the run document itself.
func (c *reportCmd) sameFile(in string) error {
	if c.htmlOut == "" {
		return nil
	}
	a, errA := os.Stat(in)
	b, errB := os.Stat(c.htmlOut)
	if errA == nil && errB == nil && os.SameFile(a, b) {
		return usageErrorf("name another file for the page", "--html-out %s is the run document itself: not overwritten", c.htmlOut)
	}
	return nil
}

// readRunError says why RUN.json was not read, naming it (exit 2).
func readRunError(path string, err error) error {
	var pe *fs.PathError
	var je *jsonv.ParseError
	switch {
	case errors.Is(err, htmlreport.ErrNotRunDocument):
		return usageErrorf("pass the file that 'run --json-out F' (dryfire's or this tool's) wrote", "%v", err)
	case errors.As(err, &je):
		return usageErrorf("pass the file that 'run --json-out F' wrote", "%v", err)
	case errors.As(err, &pe):
		return usageErrorf("", "cannot read %s: %v", path, pe.Err)
	}
	return &exitError{code: exitUsage, err: err}
}

// reason is what an error of the file system says without the path it
// names (the temporary file of an atomic write, which the user never
// named).
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// warnings are the reader's warnings, each naming the file.
func warnings(path string, ws []string) []error {
	out := make([]error, len(ws))
	for i, w := range ws {
		out[i] = fmt.Errorf("%s: %s", path, w)
	}
	return out
}
