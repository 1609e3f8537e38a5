// Package probe tells, before anything is read, whether a PATH outside any
// dryfire project holds recordings at all: a cassette root, tapes, or a file
// named as dryfire names its cassettes within a few levels below it. What
// holds none is refused with a [*NoRecordingsError] that names the projects
// found below it, so that a command pointed at a home directory says so
// instead of reading every file in it. [GoTapeDirs] finds where the
// packages of a Go module keep their tapes, within the same budget.
package probe

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// ErrNoRecordings is matched (errors.Is) by the [*NoRecordingsError] that
// a PATH that has nothing to do with recordings gives.
var ErrNoRecordings = errors.New("no recordings")

// NoRecordingsError is why a PATH is refused: a file that is not JSON, or
// a directory with no dryfire.yaml at or above it and no cassette layout in
// it (see [Dir] for what counts). It is returned at once,
// before anything is read, so that a command pointed at the wrong
// directory (a home directory, a repository that is not a project) says so
// instead of reading every file in it.
type NoRecordingsError struct {
	// Path is PATH as given.
	Path string
	// File is set when PATH is a file.
	File bool
	// Projects are the directories below PATH (up to probeDepth levels)
	// that hold a dryfire.yaml: the directories that were probably meant,
	// joined to Path.
	Projects []string
	// GoTapes are the testdata/tapes directories of the Go module PATH is,
	// joined to Path, when it has projects below it too.
	GoTapes []string
}

func (e *NoRecordingsError) Error() string {
	if e.File {
		return fmt.Sprintf("%s is not a recording: dryfire cassettes and cassette-fn tapes are .json files", e.Path)
	}
	if len(e.GoTapes) > 0 {
		return fmt.Sprintf("%s holds no recordings: no %s at or above it, no .dryfire/cassettes, .tapes or tapes directory in it, "+
			"and no cassette file (<NN>-<key>.json) up to %d directories below it; its Go packages' testdata/tapes are not listed from here, "+
			"since dryfire projects lie below it too", e.Path, suite.ConfigFileName, probeDepth)
	}
	return fmt.Sprintf("%s holds no recordings: no %s at or above it, no .dryfire/cassettes, .tapes, tapes or (in a Go module) testdata/tapes directory in it, "+
		"and no cassette file (<NN>-<key>.json) up to %d directories below it", e.Path, suite.ConfigFileName, probeDepth)
}

// Is makes the error match [ErrNoRecordings].
func (e *NoRecordingsError) Is(target error) bool { return target == ErrNoRecordings }

// Hint says what to pass instead: a recording for a file, the projects
// found below PATH, else where to run it.
func (e *NoRecordingsError) Hint() string {
	switch {
	case e.File:
		return "pass a cassette or tape (.json), or the directory that holds them"
	case len(e.Projects) > 0 && len(e.GoTapes) > 0:
		return "pass the project's directory (" + listSome(e.Projects, 3) + "), a Go package's tapes (" + listSome(e.GoTapes, 3) +
			"), or try 'dryfire-tui --demo'"
	case len(e.Projects) > 0:
		return "pass the project's directory (" + listSome(e.Projects, 3) + "), or try 'dryfire-tui --demo'"
	}
	return "run it in a dryfire project or pass its directory (or a cassette or tapes directory); " +
		"'dryfire-tui --demo' opens a demo project"
}

// listSome joins the first n items, saying how many more there are.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

// probeDepth is how many directory levels below PATH a cassette file is
// looked for: PATH may be a case directory (the files are in it), a suite
// directory, a cassette root, or the .dryfire directory above one.
const probeDepth = 3

// Budget bounds how many directories the probe reads: a PATH whose
// first levels hold more directories than this (a home directory) is
// refused rather than read for seconds.
const Budget = 20000

// probeSkip are directories that never hold recordings and can be huge.
var probeSkip = []string{".git", "node_modules"}

// Dir refuses a directory outside any project that holds no recordings:
// nothing of a dryfire project (.dryfire/cassettes), nothing of
// cassette-fn (.tapes, or a tapes directory holding a tape), and no file
// named as dryfire names its cassettes within probeDepth levels below it.
func Dir(arg, dir string) error {
	if IsDir(filepath.Join(dir, ".dryfire", "cassettes")) || IsDir(filepath.Join(dir, ".tapes")) ||
		HoldsTape(filepath.Join(dir, "tapes")) {
		return nil
	}
	p := &prober{budget: Budget}
	if p.walk(dir, 0) {
		return nil
	}
	e := &NoRecordingsError{Path: arg}
	for _, d := range p.projects {
		r, err := filepath.Rel(dir, d)
		if err != nil {
			continue
		}
		e.Projects = append(e.Projects, filepath.Join(arg, r))
	}
	slices.Sort(e.Projects)
	return e
}

// IsDir reports whether p is a directory (following a symbolic link).
func IsDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// HoldsTape reports whether dir holds a tape at its top level.
func HoldsTape(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := safefile.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil && format.Detect(data) == format.Tape {
			return true
		}
	}
	return false
}

// prober walks the first levels below a directory, depth first, for a
// cassette file, noting the directories that hold a dryfire.yaml.
type prober struct {
	budget   int
	projects []string
}

// walk reports whether a cassette file lies in dir or up to probeDepth -
// depth levels below it. Symbolic links are not followed.
func (p *prober) walk(dir string, depth int) bool {
	if p.budget <= 0 {
		return false
	}
	p.budget--
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	var subdirs []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.Type().IsRegular() && strings.HasSuffix(name, ".json"):
			if _, _, ok := cassette.ParseName(name); ok {
				return true
			}
		case e.Type().IsRegular() && name == suite.ConfigFileName && depth > 0:
			p.projects = append(p.projects, dir)
		case e.IsDir() && !slices.Contains(probeSkip, name):
			subdirs = append(subdirs, filepath.Join(dir, name))
		}
	}
	if depth == probeDepth {
		return false
	}
	for _, d := range subdirs {
		if p.walk(d, depth+1) {
			return true
		}
	}
	return false
}
