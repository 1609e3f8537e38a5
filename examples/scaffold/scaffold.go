// Package scaffold holds the example project `dryfire-tui init` writes,
// embedded in the binary, and writes it: a dryfire.yaml with every
// top-level key explained, a suite on a scripted model (provider: fake)
// that passes with no key and no network, and a suite for a real model
// that is skipped without its key, with the tool schema it brings in by
// $ref and a README. The files are laid out where dryfire's own scaffold
// puts its files, so dryfire's commands and tests find them.
//
// [Write] refuses to replace a file unless asked to, lists every file in
// the way before writing anything, writes each file atomically, and never
// writes through a symbolic link.
package scaffold

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// project is the example project, under the directory "project".
//
//go:embed all:project
var project embed.FS

// Files lists the project's files as slash paths relative to its root,
// in the order they are written (pathlib's order, as dryfire sorts its
// scaffold).
func Files() []string {
	var out []string
	_ = fs.WalkDir(project, "project", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, strings.TrimPrefix(p, "project/"))
		}
		return err
	})
	pathlib.Sort(out)
	return out
}

// Content is the bytes of the project's file rel (a slash path of
// [Files]).
func Content(rel string) ([]byte, error) { return project.ReadFile(path.Join("project", rel)) }

// Result is what [Write] wrote.
type Result struct {
	// Dir is the directory, as given; Here says it is the working
	// directory.
	Dir  string
	Here bool
	// Written are the files written, in order, as slash paths relative
	// to Dir; Replaced those of them that were there before (--force).
	Written, Replaced []string
}

// ConflictError is files of the project that are already there: nothing
// was written. Paths are slash paths relative to the directory, in
// [Files]' order.
type ConflictError struct{ Paths []string }

func (e *ConflictError) Error() string {
	return "refusing to overwrite existing files: " + strings.Join(e.Paths, ", ")
}

// ErrLink means a file of the project, or a directory it goes in, is a
// symbolic link inside the target directory: nothing is written through
// one, --force or not.
var ErrLink = errors.New("is a symbolic link: init writes nothing through one")

// Write writes the project into dir (made, with its parents, when
// missing). A file of the project that is already there is a conflict:
// without force nothing is written and the error is a [*ConflictError]
// listing them all; with force each is replaced (a symbolic link in its
// place is replaced by the file, its target left alone). A directory of
// the project that is a symbolic link, or a file's place taken by a
// directory, stops the write before anything is written. Every file is
// written atomically (a temporary file renamed over it).
func Write(dir string, force bool) (*Result, error) {
	files := Files()
	res := &Result{Dir: dir}
	var conflicts []string
	for _, rel := range files {
		there, err := check(dir, rel)
		if err != nil {
			return nil, err
		}
		if there {
			conflicts = append(conflicts, rel)
		}
	}
	if len(conflicts) > 0 && !force {
		return nil, &ConflictError{Paths: conflicts}
	}
	for _, rel := range files {
		if err := writeFile(dir, rel); err != nil {
			return res, err
		}
		res.Written = append(res.Written, rel)
	}
	res.Replaced = conflicts
	res.Here = sameDir(dir, ".")
	return res, nil
}

// sameDir reports whether a and b are the same directory, their links
// followed.
func sameDir(a, b string) bool {
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	if errA != nil || errB != nil {
		return false
	}
	ra, errA = filepath.Abs(ra)
	rb, errB = filepath.Abs(rb)
	return errA == nil && errB == nil && ra == rb
}

// check reports whether the place of rel in dir is taken, and refuses a
// place that must not be written: a directory on the way that is a
// symbolic link or not a directory, or a directory where the file goes.
func check(dir, rel string) (bool, error) {
	parts := strings.Split(rel, "/")
	at := dir
	for _, p := range parts[:len(parts)-1] {
		at = filepath.Join(at, p)
		fi, err := os.Lstat(at)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false, nil
		case err != nil:
			return false, err
		case fi.Mode()&fs.ModeSymlink != 0:
			return false, fmt.Errorf("%s %w", at, ErrLink)
		case !fi.IsDir():
			return false, fmt.Errorf("%s is not a directory: %s goes in it", at, rel)
		}
	}
	fi, err := os.Lstat(filepath.Join(at, parts[len(parts)-1]))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case fi.IsDir():
		return true, fmt.Errorf("%s is a directory: the file %s goes there", filepath.Join(at, parts[len(parts)-1]), rel)
	}
	return true, nil
}

// writeFile writes rel into dir, making the directories it goes in.
func writeFile(dir, rel string) error {
	data, err := Content(rel)
	if err != nil {
		return err
	}
	target := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	// The places were checked; look again just before writing, so a link
	// made since is not written through.
	if _, err := check(dir, rel); err != nil {
		return err
	}
	return safefile.WriteAtomic(target, data, 0o644)
}
