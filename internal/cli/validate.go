package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

const validateUsage = `dryfire-tui validate [PATH...] [--debug]

Parses and checks suites as 'dryfire validate' does, calling nothing: the
settings of the dryfire.yaml found from the working directory (none: the
built-in settings), then every suite file PATH names, or with no PATH the
suites dryfire.yaml lists; a PATH that is a directory validates the suites
of the project around it. On success it prints "ok: N suite(s), M
case(s)". Every spec error is printed on stderr as dryfire prints it:

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

--debug is accepted as dryfire accepts it (it shows Python's tracebacks;
there are none here).

Exit status: 0 every suite is valid; 2 a spec or config error, no suite
file found, or no PATH and no dryfire.yaml.

Examples:
  dryfire-tui validate
  dryfire-tui validate evals/refund.eval.yaml evals/hello.eval.yaml
  dryfire-tui validate ../other-project`

type validateCmd struct {
	debug bool
}

func (c *validateCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.debug, "debug", false, "accepted for dryfire's command lines (no tracebacks here)")
}

func (c *validateCmd) run(_ context.Context, e Env, args []string) error {
	pr, err := validationLoad(args, e.lookup)
	if err != nil {
		return err
	}
	ok, err := report.WriteValidate(e.Stdout, e.Stderr, pr)
	switch {
	case err != nil:
		return &exitError{code: exitUsage, err: err}
	case !ok:
		return exitWith(exitUsage)
	}
	return nil
}

// validationLoad loads what validate's arguments name. This is the PATH
// handling of today's command line: each PATH is a file (relative to the
// working directory), or one directory whose project is validated; the
// dryfire.yaml of the working directory or above it gives the settings.
func validationLoad(args []string, env func(string) (string, bool)) (*suite.Project, error) {
	cwd, err := workingDir()
	if err != nil {
		return nil, err
	}
	if len(args) == 1 {
		if fi, err := os.Stat(args[0]); err == nil && fi.IsDir() {
			return projectOf(args[0], env)
		}
	}
	cfg, err := suite.FindProject(cwd)
	switch {
	case errors.Is(err, suite.ErrNoProject):
		cfg = ""
	case err != nil:
		return nil, err
	}
	if len(args) == 0 {
		if cfg == "" {
			return nil, usageErrorf("pass suite files, or run it in a dryfire project", "no suite paths given and no %s found", suite.ConfigFileName)
		}
		return projectOf(cwd, env)
	}
	files := suiteFiles(cwd, args)
	if len(files) == 0 {
		return nil, usageErrorf("pass suite files that exist (relative to the working directory)", "no suite files matched: %s", strings.Join(args, ", "))
	}
	return suite.LoadFiles(cfg, files, env), nil
}

// projectOf loads the project around dir, every suite its dryfire.yaml
// lists.
func projectOf(dir string, env func(string) (string, bool)) (*suite.Project, error) {
	pr, err := suite.LoadProject(dir, env)
	if err != nil {
		return nil, usageErrorf("pass suite files, or a directory in a dryfire project", "%s: %v", dir, err)
	}
	return pr, nil
}

// workingDir is the working directory as the system knows it (its
// symbolic links resolved), as Python's os.getcwd() gives it.
func workingDir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if resolved, err := filepath.EvalSymlinks(wd); err == nil {
		return resolved, nil
	}
	return wd, nil
}

// suiteFiles are the files args name that exist, as dryfire names them
// (the working directory joined with the argument, "." parts and repeated
// slashes dropped as pathlib drops them, ".." kept), each file once,
// sorted by name.
func suiteFiles(cwd string, args []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range args {
		if _, err := os.Stat(a); err != nil {
			continue
		}
		name := pathlibJoin(cwd, a)
		resolved, err := filepath.EvalSymlinks(name)
		if err != nil {
			resolved = name
		}
		if !seen[resolved] {
			seen[resolved] = true
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// pathlibJoin is pathlib's dir / p: p itself when absolute; no "." part,
// no empty part, no trailing slash; ".." kept.
func pathlibJoin(dir, p string) string {
	base := dir
	if filepath.IsAbs(p) {
		base = ""
	}
	parts := strings.Split(filepath.ToSlash(p), "/")
	kept := []string{}
	if base != "" {
		kept = append(kept, strings.TrimSuffix(filepath.ToSlash(base), "/"))
	}
	for _, s := range parts {
		if s != "" && s != "." {
			kept = append(kept, s)
		}
	}
	out := strings.Join(kept, "/")
	if filepath.IsAbs(p) {
		out = "/" + out
	}
	return filepath.FromSlash(out)
}
