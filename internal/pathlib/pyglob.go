package pathlib

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// GlobLimit bounds how many directories one [PyGlob] lists: a "**" over
// symbolic links that loop would otherwise list paths until the system
// refuses them (Python's glob does that, for as long as it takes).
const GlobLimit = 100000

// ErrGlobLimit is matched (errors.Is) by the error of a pattern that would
// list more than [GlobLimit] directories.
var ErrGlobLimit = errors.New("lists too many directories")

// PyGlob expands pattern as Python 3.11's glob.glob(pattern, root_dir=dir,
// recursive=True) does, as dryfire expands the suite paths of its command
// line: a relative pattern against dir, an absolute one as it is. A
// component "**" matches zero or more directories (and, last, the files
// in them too); "*", "?" and "[...]" match within a name as fnmatch does
// (case-sensitive; "[!...]" negates, "\" is no escape, a "[" with no "]"
// is itself); a name starting with "." is matched only by a component that
// starts with "." too, and never by "**". A pattern without those
// characters matches itself when a file, directory or link (even a
// dangling one) is there. Symbolic links to directories are followed.
//
// Matches are spelled as Python spells them: the pattern's literal parts
// kept ("./a", "evals//x" stay so), a "**" that matches no directory
// leaving "evals/" (with its slash) where it stood. Python lists each
// directory in the file system's order; here each directory's names come
// sorted. A directory that cannot be read matches nothing, as in Python.
func PyGlob(dir, pattern string) ([]string, error) { return pyGlobUpTo(dir, pattern, GlobLimit) }

// pyGlobUpTo is PyGlob listing at most limit directories.
func pyGlobUpTo(dir, pattern string, limit int) ([]string, error) {
	g := &pyGlob{root: dir, limit: limit}
	if !filepath.IsAbs(pattern) && dir == "" {
		g.root = "."
	}
	var out []string
	g.iglob(pattern, false, func(m string) { out = append(out, m) })
	if g.err != nil {
		return nil, g.err
	}
	// iglob skips the empty match of a pattern that starts with "**".
	if (pattern == "" || strings.HasPrefix(pattern, "**")) && len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	return out, nil
}

// pyGlob is one expansion: the root_dir, and how many directories it has
// listed.
type pyGlob struct {
	root          string
	listed, limit int
	err           error
}

// hasMagic is glob.has_magic.
func hasMagic(s string) bool { return strings.ContainsAny(s, "*?[") }

// isHidden is glob._ishidden.
func isHidden(name string) bool { return strings.HasPrefix(name, ".") }

// splitPy is os.path.split: the head loses its trailing slashes unless it
// is nothing but slashes.
func splitPy(p string) (head, tail string) {
	i := strings.LastIndexByte(p, '/') + 1
	head, tail = p[:i], p[i:]
	if trimmed := strings.TrimRight(head, "/"); trimmed != "" {
		head = trimmed
	}
	return head, tail
}

// joinPy is os.path.join of two parts.
func joinPy(a, b string) string {
	switch {
	case strings.HasPrefix(b, "/"):
		return b
	case a == "" || strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}

// joinRoot is glob._join: either part alone when the other is empty.
func joinRoot(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return joinPy(a, b)
}

// iglob is glob._iglob.
func (g *pyGlob) iglob(pathname string, dironly bool, yield func(string)) {
	dirname, basename := splitPy(pathname)
	if !hasMagic(pathname) {
		if basename != "" {
			if lexists(joinRoot(g.root, pathname)) {
				yield(pathname)
			}
		} else if isDir(joinRoot(g.root, dirname)) {
			yield(pathname)
		}
		return
	}
	if dirname == "" {
		g.inDir(g.root, basename, dironly, yield)
		return
	}
	var dirs []string
	if dirname != pathname && hasMagic(dirname) {
		g.iglob(dirname, true, func(d string) { dirs = append(dirs, d) })
	} else {
		dirs = []string{dirname}
	}
	for _, d := range dirs {
		g.inDir(joinRoot(g.root, d), basename, dironly, func(name string) { yield(joinPy(d, name)) })
	}
}

// inDir yields the names in dir that basename matches: glob._glob2 for
// "**", _glob1 for another pattern, _glob0 for a literal name.
func (g *pyGlob) inDir(dir, basename string, dironly bool, yield func(string)) {
	switch {
	case basename == "**":
		yield("")
		g.rlist(dir, "", dironly, yield)
	case hasMagic(basename):
		for _, name := range g.list(dir, dironly) {
			if isHidden(name) && !isHidden(basename) {
				continue
			}
			if ok, err := fnmatchPy(name, basename); err != nil {
				g.fail(err)
			} else if ok {
				yield(name)
			}
		}
	case basename != "":
		if lexists(joinRoot(dir, basename)) {
			yield(basename)
		}
	case isDir(dir):
		yield(basename)
	}
}

// rlist is glob._rlistdir: every name below dir (prefixed by rel), hidden
// ones skipped, depth first.
func (g *pyGlob) rlist(dir, rel string, dironly bool, yield func(string)) {
	for _, name := range g.list(dir, dironly) {
		if isHidden(name) {
			continue
		}
		yield(joinRoot(rel, name))
		g.rlist(joinRoot(dir, name), joinRoot(rel, name), dironly, yield)
	}
}

// list is glob._listdir: the names in dir ("" is "."), only directories
// (links followed) when dironly; nothing when dir cannot be read.
func (g *pyGlob) list(dir string, dironly bool) []string {
	if g.err != nil {
		return nil
	}
	if g.listed++; g.listed > g.limit {
		g.fail(fmt.Errorf("%w (more than %d)", ErrGlobLimit, g.limit))
		return nil
	}
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !dironly || e.IsDir() || e.Type()&fs.ModeSymlink != 0 && isDir(joinPy(dir, e.Name())) {
			names = append(names, e.Name())
		}
	}
	return names
}

func (g *pyGlob) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// lexists is os.path.lexists.
func lexists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// isDir is os.path.isdir.
func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
