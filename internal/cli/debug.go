package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/pflag"
)

// debugHelp is --debug in the flags of the commands dryfire has it on.
const debugHelp = "on an internal error (a bug), also print the Go stack where it happened, as dryfire's --debug shows Python's traceback"

// debugFlag registers --debug into debug for a command dryfire has it on.
func (spec commandSpec) debugFlag(fs *pflag.FlagSet, debug *bool) {
	if spec.debug {
		fs.BoolVar(debug, "debug", false, debugHelp)
	}
}

// guarded runs a command and turns a panic in it, which is a bug (the
// core never panics on bad input), into dryfire's internal error:
// "internal error: VALUE" and a request to report it, exit 2, as dryfire
// turns an unexpected exception into "error: internal error: …". With
// showStack (--debug) the stack where it happened is printed first, as
// dryfire's --debug lets Python print the traceback; without it, the
// hint names --debug when the command has it (hasDebug). A panic on another
// goroutine than the command's (a case's worker) is not caught here: Go
// ends the process with its own stack then, and exit 2.
func guarded(e Env, hasDebug, showStack bool, run func() error) (err error) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		hint := "this looks like a bug in dryfire-tui: please report it"
		switch {
		case showStack:
			fmt.Fprintf(e.Stderr, "%s\n", debug.Stack())
		case hasDebug:
			hint += " (--debug prints where it happened)"
		}
		err = &exitError{code: exitUsage, err: fmt.Errorf("internal error: %v", v), hint: hint}
	}()
	return run()
}
