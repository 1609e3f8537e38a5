package scan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Want says what a command makes of its PATH arguments (see [Resolve]).
type Want uint8

// What a command wants.
const (
	// Recordings takes this tool's forms only: no PATH, one directory or
	// one recording (doctor, secrets, prune, show, review: commands over
	// files, for which a suite file means nothing).
	Recordings Want = iota
	// Project takes this tool's forms and dryfire's suite forms (browse,
	// ls, diff, replay, check).
	Project
	// Suites takes both forms too, and with no PATH needs a dryfire.yaml
	// found from the working directory, as dryfire run does (run and the
	// commands that run cases).
	Suites
)

// Request is what [Resolve] resolves.
type Request struct {
	// Dir is the working directory the PATHs are relative to ("" is the
	// process's).
	Dir string
	// Args are the PATH arguments as given.
	Args []string
	// Want is what the command takes.
	Want Want
}

// Resolve is the one place the PATH arguments of a command become a
// project and where its recordings are. The forms, told apart in this
// order:
//
//   - no PATH: the project found from the working directory upward (a
//     dryfire.yaml), its suites: list; without one, the working directory
//     as this tool's directory form (Recordings, Project) or dryfire's
//     error, a [*NoProjectError] (Suites);
//   - one PATH that is an existing directory: this tool's form, a project
//     directory or any directory below one, a cassette directory or a
//     tapes directory, as [Layout] says;
//   - one PATH that names a .json file (Recordings, Project), or any one
//     PATH (Recordings): one recording or tape, or what is not there
//     ([ErrNotFound]), or a file that is not a recording
//     ([*NoRecordingsError]); a PATH without glob characters that does
//     not exist is ErrNotFound (Recordings, Project), or matches nothing
//     (Suites, as dryfire says);
//   - otherwise, and always for several PATHs: dryfire's suite form. Each
//     PATH is a glob relative to the working directory, as dryfire's
//     command line takes it (Python's glob.glob(pattern, root_dir=cwd,
//     recursive=True): "**" recursive, hidden names not matched by "*",
//     an absolute pattern as given), the matches de-duplicated by real
//     path and sorted as dryfire sorts them; none is a
//     [*NoSuitesMatchedError]. dryfire.yaml is found from the working
//     directory, as dryfire finds it, and is optional: without one the
//     project is suite.DefaultProject, the built-in defaults with the
//     cassettes under .dryfire/cassettes of the working directory. The
//     layout's SuiteFiles are the matches: those suites alone are
//     loaded and run.
func Resolve(r Request) (*Layout, error) {
	dir, err := workingDir(r.Dir)
	if err != nil {
		return nil, err
	}
	switch {
	case len(r.Args) == 0 && r.Want == Suites:
		if _, err := suite.FindProject(dir); errors.Is(err, suite.ErrNoProject) {
			return nil, &NoProjectError{}
		}
		return locate(dir, ".", r.Want)
	case len(r.Args) == 0:
		return locate(dir, ".", r.Want)
	case len(r.Args) == 1 && isThisToolsForm(dir, r.Args[0], r.Want):
		return locate(dir, r.Args[0], r.Want)
	}
	return resolveSuites(dir, r.Args)
}

// workingDir is dir made absolute, or the process's working directory.
func workingDir(dir string) (string, error) {
	if dir == "" {
		return os.Getwd()
	}
	return filepath.Abs(dir)
}

// isThisToolsForm reports whether one PATH is this tool's form: an
// existing directory; for Recordings anything; for Project a .json file,
// or a path with no glob character that does not exist (the error says it
// is not there). For Suites a path that does not exist is dryfire's form,
// and matches nothing, as dryfire says.
func isThisToolsForm(dir, arg string, want Want) bool {
	p := join(dir, arg)
	if fi, err := os.Stat(p); err == nil && fi.IsDir() || want == Recordings {
		return true
	}
	literal := !strings.ContainsAny(arg, "*?[")
	if _, err := os.Lstat(p); err != nil && literal && want == Project {
		return true
	}
	return want == Project && literal && strings.HasSuffix(arg, ".json")
}

// join is p relative to dir, or p when it is absolute.
func join(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// resolveSuites resolves dryfire's suite form.
func resolveSuites(dir string, args []string) (*Layout, error) {
	// dryfire's working directory is the real one (Path.cwd()): its
	// dryfire.yaml is found from there, and its matches are joined to it.
	if physical, err := filepath.EvalSymlinks(dir); err == nil {
		dir = physical
	}
	files, err := globSuites(dir, args)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, &NoSuitesMatchedError{Patterns: args}
	}
	configPath, err := suite.FindProject(dir)
	var p *suite.Project
	switch {
	case err == nil:
		if p, err = suite.LoadConfig(configPath); err != nil {
			return nil, err
		}
	case errors.Is(err, suite.ErrNoProject):
		p = suite.DefaultProject(dir)
	default:
		return nil, err
	}
	l := &Layout{Arg: strings.Join(args, " "), Path: p.Root, Root: p.Root, Project: p, CassetteRoot: p.CassetteRoot,
		TapeDirs: dedupe(tapeDirsOf(p.Root)), Ignored: ignoredConfigs(dir, configPath)}
	for _, f := range files {
		if rel, err := filepath.Rel(p.Root, f); err == nil && Within(f, p.Root) {
			f = rel
		}
		l.SuiteFiles = append(l.SuiteFiles, filepath.ToSlash(f))
	}
	return l, nil
}

// globSuites expands the suite arguments as dryfire's _glob_cli_paths
// does: each a glob relative to dir (an absolute one as it is), joined to
// dir as pathlib joins, the first of the paths that resolve to the same
// file kept, sorted as Python sorts their strings.
func globSuites(dir string, patterns []string) ([]string, error) {
	var found []string
	for _, pat := range patterns {
		matches, err := pathlib.PyGlob(dir, pat)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pat, err)
		}
		for _, m := range matches {
			found = append(found, purePath(joinPy(filepath.ToSlash(dir), m)))
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range found {
		resolved, err := filepath.EvalSymlinks(p)
		if err != nil {
			resolved = p
		}
		if !seen[resolved] {
			seen[resolved] = true
			out = append(out, p)
		}
	}
	pathlib.SortStrings(out)
	return out, nil
}

// joinPy is os.path.join of two slash paths: b when it is absolute.
func joinPy(a, b string) string {
	switch {
	case strings.HasPrefix(b, "/"):
		return b
	case strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}

// purePath is p as pathlib spells it: no empty or "." components, no
// trailing slash ("a//b/./" is "a/b"); ".." is kept.
func purePath(p string) string {
	parts := strings.Split(filepath.ToSlash(p), "/")
	kept := parts[:0]
	for i, part := range parts {
		if part != "" && part != "." || i == 0 {
			kept = append(kept, part)
		}
	}
	s := strings.Join(kept, "/")
	if s == "" {
		return "/"
	}
	return filepath.FromSlash(s)
}

// NoSuitesMatchedError is dryfire's error for suite arguments that match
// no file.
type NoSuitesMatchedError struct {
	// Patterns are the arguments as given.
	Patterns []string
}

func (e *NoSuitesMatchedError) Error() string {
	return "no suite files matched: " + strings.Join(e.Patterns, ", ")
}

// Hint says what to pass instead.
func (e *NoSuitesMatchedError) Hint() string {
	return "globs are relative to the working directory, as dryfire's are (quote them, so that the shell leaves ** alone)"
}

// NoProjectError is the one error of a command that needs a dryfire
// project where there is none: no dryfire.yaml at or above PATH (or, with
// no PATH given to a command that runs suites, none above the working
// directory: dryfire's "no suite paths given and no dryfire.yaml found").
type NoProjectError struct {
	// Path is where it was looked for, as the message names it; "" when no
	// PATH was given.
	Path string
	// Need says what the command needs the project for ("" for nothing
	// more to say).
	Need string
}

func (e *NoProjectError) Error() string {
	if e.Path == "" {
		return "no suite paths given and no " + suite.ConfigFileName + " found"
	}
	s := "no " + suite.ConfigFileName + " found at or above " + e.Path
	if e.Need != "" {
		s += ": " + e.Need
	}
	return s
}

// Hint says what to do.
func (e *NoProjectError) Hint() string {
	return "run it inside a dryfire project, or pass its directory"
}

// Is makes the error match suite.ErrNoProject.
func (e *NoProjectError) Is(target error) bool { return target == suite.ErrNoProject }
