package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/scan/probe"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Layout is where the recordings of a PATH are: the project around it,
// the cassette root and the tape directories. [Resolve] is the only code
// that works this out; every command and the browser start from it.
type Layout struct {
	// Arg is PATH as given (the PATHs of dryfire's suite form, joined by
	// spaces); Path is PATH made absolute (the project root in the suite
	// form).
	Arg, Path string
	// IsFile is set when PATH is one file (a cassette or a tape).
	IsFile bool
	// Root is the directory output paths are relative to: the directory of
	// dryfire.yaml, or PATH (its directory for a file) without a project.
	Root string
	// Project is the project's configuration (suites not loaded); nil
	// without a dryfire.yaml at or above PATH.
	Project *suite.Project
	// CassetteRoot is the dryfire cassette root: cassettes.dir of the
	// project; without a project, PATH/.dryfire/cassettes when it exists,
	// else PATH itself (unless PATH holds tapes, or is a Go module whose
	// packages keep tapes). "" when there is none.
	CassetteRoot string
	// TapeDirs are the directories tapes are read from: .tapes and tapes
	// of the root, in a Go module the testdata/tapes of every package at
	// and below the root, and PATH when it holds tapes. They need not
	// exist.
	TapeDirs []string
	// Under, when set, is the directory inside the cassette root that PATH
	// names: the whole root is still read (lookup is by key anywhere under
	// it) but only the recordings below Under are listed.
	Under string
	// SuiteFiles, in dryfire's suite form, are the suite files the PATHs
	// matched (relative to the root when inside it, slash-separated): they
	// alone are loaded, in this order, instead of dryfire.yaml's suites:.
	// nil in this tool's forms.
	SuiteFiles []string
	// Ignored are the dryfire.yaml files passed over on the way up because
	// they are not regular files (a named pipe, a link to a device):
	// dryfire passes over them too, and a person should know; and a search
	// of a large Go module for testdata/tapes cut short.
	Ignored []error
}

// ErrNotFound is matched (errors.Is) by the [*NotFoundError] of a PATH
// that does not exist.
var ErrNotFound = errors.New("no such file or directory")

// NotFoundError is a PATH that does not exist.
type NotFoundError struct {
	// Path is PATH as given.
	Path string
	want Want
}

func (e *NotFoundError) Error() string { return e.Path + ": " + ErrNotFound.Error() }

// Is makes the error match [ErrNotFound].
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

// Hint says what to pass instead.
func (e *NotFoundError) Hint() string {
	if e.want == Suites {
		return "pass a project directory or a suite file"
	}
	return "pass a project directory, a cassette directory or a tape"
}

// tapeDirNames are the directories of a root that hold tapes by convention:
// cassette-fn's default directory and the common plain name.
var tapeDirNames = []string{".tapes", "tapes"}

// locate works out the layout of PATH in this tool's forms, relative to
// the working directory dir: a project directory or any directory below
// one, a cassette directory, a tapes directory, or one file. Only
// dryfire.yaml is read (not the suites): the project is found by walking
// up from PATH as dryfire does. A PATH that holds no recordings is refused
// with a [*NoRecordingsError] (see the package documentation for what
// counts).
func locate(dir, path string, want Want) (*Layout, error) {
	abs := join(dir, path)
	fi, err := os.Stat(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &NotFoundError{Path: path, want: want}
		}
		return nil, err
	}
	l := &Layout{Arg: path, Path: abs, IsFile: !fi.IsDir()}
	configPath, err := suite.FindProject(abs)
	l.Ignored = ignoredConfigs(abs, configPath)
	switch {
	case err == nil:
		p, err := suite.LoadConfig(configPath)
		if err != nil {
			return nil, err
		}
		l.Project, l.Root, l.CassetteRoot = p, p.Root, p.CassetteRoot
		l.TapeDirs = l.rootTapeDirs(l.Root)
		if !l.IsFile && abs != l.Root && isTapeDir(abs) {
			l.TapeDirs = append(l.TapeDirs, abs)
		}
		if !l.IsFile && Within(abs, l.CassetteRoot) && abs != l.CassetteRoot {
			l.Under = abs
		}
	case errors.Is(err, suite.ErrNoProject):
		l.Root = abs
		if l.IsFile && !strings.HasSuffix(abs, ".json") {
			return nil, &NoRecordingsError{Path: path, File: true}
		}
		if l.IsFile {
			l.Root = filepath.Dir(abs)
			break
		}
		if isTapeDir(abs) {
			l.TapeDirs = []string{abs}
			break
		}
		if l.TapeDirs = l.rootTapeDirs(abs); len(l.TapeDirs) > len(tapeDirNames) {
			if err := goModuleProbe(path, abs, l.TapeDirs[len(tapeDirNames):]); err != nil {
				return nil, err
			}
			// A Go module whose packages keep tapes: those are its
			// recordings, and its other .json files are not cassettes.
			if probe.IsDir(filepath.Join(abs, ".dryfire", "cassettes")) {
				l.CassetteRoot = filepath.Join(abs, ".dryfire", "cassettes")
			}
			break
		}
		if err := probe.Dir(path, abs); err != nil {
			return nil, err
		}
		l.CassetteRoot = abs
		if fi, err := os.Stat(filepath.Join(abs, ".dryfire", "cassettes")); err == nil && fi.IsDir() {
			l.CassetteRoot = filepath.Join(abs, ".dryfire", "cassettes")
		}
		l.TapeDirs = tapeDirsOf(abs)
	default:
		return nil, err
	}
	l.TapeDirs = dedupe(l.TapeDirs)
	return l, nil
}

// LoadSuites loads the project's suites: the suite files of dryfire's
// suite form, else those of dryfire.yaml's suites:. lookupEnv serves
// ${VAR} interpolation.
func (l *Layout) LoadSuites(lookupEnv func(string) (string, bool)) {
	if l.SuiteFiles != nil {
		l.Project.LoadSuiteFiles(l.SuiteFiles, lookupEnv)
		return
	}
	l.Project.LoadSuites(lookupEnv)
}

// rootTapeDirs are the tape directories of a root: .tapes and tapes, then
// in a Go module the testdata/tapes of its packages (probe.GoTapeDirs; a search
// cut short is one of l.Ignored, so that a person knows).
func (l *Layout) rootTapeDirs(root string) []string {
	dirs, err := probe.GoTapeDirs(root)
	if err != nil {
		l.Ignored = append(l.Ignored, err)
	}
	return append(tapeDirsOf(root), dirs...)
}

func tapeDirsOf(root string) []string {
	dirs := make([]string, len(tapeDirNames))
	for i, n := range tapeDirNames {
		dirs[i] = filepath.Join(root, n)
	}
	return dirs
}

// Rel returns p relative to the root, slash-separated (p itself when it
// lies elsewhere).
func (l *Layout) Rel(p string) string {
	r, err := filepath.Rel(l.Root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// Lists reports whether a file at the absolute path p belongs to PATH:
// everything does, unless PATH is a directory inside the cassette root or
// a directory of tapes, or a file.
func (l *Layout) Lists(p string) bool {
	switch {
	case l.IsFile:
		return p == l.Path
	case l.Under != "":
		return Within(p, l.Under)
	}
	return true
}

// LookedFor says, for a person, where recordings were looked for.
func (l *Layout) LookedFor() []string {
	var out []string
	if l.CassetteRoot != "" {
		out = append(out, "dryfire cassettes <suite>/<case>/<NN>-<key>.json under "+l.CassetteRoot)
	}
	if len(l.TapeDirs) > 0 {
		out = append(out, "cassette-fn tapes (*.json with \"version\" and \"entries\") in "+strings.Join(l.TapeDirs, " and "))
	}
	return out
}

// Dirs are the directories (and the one file) whose recordings PATH
// covers: the cassette root and the tape directories, as far as they
// exist. A git review looks at their changes.
func (l *Layout) Dirs() []string {
	var dirs []string
	if l.CassetteRoot != "" {
		dirs = append(dirs, l.CassetteRoot)
	}
	dirs = append(dirs, l.TapeDirs...)
	if l.IsFile {
		dirs = append(dirs, l.Path)
	}
	slices.Sort(dirs)
	return slices.Compact(dirs)
}

// isTapeDir reports whether dir is named like a tapes directory or holds
// tapes at its top level.
func isTapeDir(dir string) bool {
	return slices.Contains(tapeDirNames, filepath.Base(dir)) || probe.HoldsTape(dir)
}

// Within reports whether the path p is dir or lies below it (lexically,
// as filepath.Rel sees them).
func Within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// dedupe drops directories that repeat or lie inside an earlier one.
func dedupe(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if !slices.ContainsFunc(out, func(o string) bool { return o == d || Within(d, o) }) {
			out = append(out, d)
		}
	}
	return out
}

// ignoredConfigs returns, for each directory from dir up to the project
// found (found, "" for none) or the top, the dryfire.yaml that exists there
// but is not a regular file: dryfire's search (Path.is_file) passes over
// it, and so does suite.FindProject, silently. It is never opened.
func ignoredConfigs(dir, found string) []error {
	var out []error
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		cand := filepath.Join(dir, suite.ConfigFileName)
		if cand == found {
			return out
		}
		if fi, err := os.Lstat(cand); err == nil && !fi.Mode().IsRegular() {
			if _, err := safefile.ReadFile(cand); err != nil && !errors.Is(err, fs.ErrNotExist) {
				out = append(out, fmt.Errorf("%w; passed over in the search for the project, as dryfire passes over it", err))
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return out
		}
		dir = parent
	}
}
