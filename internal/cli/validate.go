package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
)

const validateUsage = `dryfire-tui validate [PATH...] [--debug]

Parses and checks suites as 'dryfire validate' does, calling nothing and
reading no cassette: the settings of the dryfire.yaml found from the
working directory (none: the built-in settings), then the suite files the
PATHs match, or with no PATH the suites dryfire.yaml lists. On success it
prints "ok: N suite(s), M case(s)". Every spec error is printed on stderr
as dryfire prints it:

  error: unknown assertion kind: 'calls_tol'
    --> /path/to/broken.eval.yaml:9:9   (cases[0].expect[0].calls_tol)
       |
     9 |       - calls_tol: lookup
       |         ^
     = help: did you mean 'calls_tool'?

with "(nearest enclosing node)" after the caret when the position is that
of the node around what is wrong (a field that is missing). An error of
dryfire.yaml is printed as dryfire prints it ("error: invalid
dryfire.yaml: …").

--debug: an internal error (a bug in dryfire-tui) is reported as dryfire
reports one, "internal error: …" and a request to report it (exit 2);
with --debug the Go stack where it happened is printed first, as dryfire's
--debug prints Python's traceback.

Exit status: 0 every suite is valid; 2 a spec or config error, no suite
file matched ("no suite files matched: …"), no PATH and no dryfire.yaml,
or an internal error.

` + runPaths + `

Examples:
  dryfire-tui validate
  dryfire-tui validate "evals/**/*.eval.yaml"
  dryfire-tui validate evals/refund.eval.yaml evals/hello.eval.yaml
  dryfire-tui validate ../other-project`

type validateCmd struct{}

func (c *validateCmd) flags(*pflag.FlagSet) {}

func (c *validateCmd) run(ctx context.Context, e Env, args []string) error {
	res, err := command.Validate(ctx, command.ValidateRequest{Env: e.core(), Paths: args})
	return finish(e, false, res, err)
}
