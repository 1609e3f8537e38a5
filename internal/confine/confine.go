package confine

import (
	"path/filepath"
	"strings"
	"sync"
)

// System are the directories that hold no file of a project: kernel and
// device files, never reached even from a root at "/".
var System = []string{"/proc", "/sys", "/dev"}

// MaxLinks is how many symbolic links one walk may follow, as Linux's own
// limit (ELOOP).
const MaxLinks = 40

// Fate is what resolving a path came to.
type Fate uint8

// The fates of a path.
const (
	// Found: a path inside the root, every link followed.
	Found Fate = iota
	// Missing: no such file inside the root (or a link loop).
	Missing
	// Outside: the path leaves the root.
	Outside
	// InSystem: the path enters one of [System].
	InSystem
)

func (f Fate) String() string {
	switch f {
	case Found:
		return "found"
	case Missing:
		return "missing"
	case Outside:
		return "outside"
	case InSystem:
		return "system"
	}
	return "unknown"
}

// Result is a resolved path.
type Result struct {
	Fate Fate
	// Path is the file's path, every link followed (Found).
	Path string
	// Linked says a symbolic link was followed before the path left the
	// root (Outside, InSystem); System is the directory it entered
	// (InSystem).
	Linked bool
	System string
}

// Root is the directory paths are confined to. It is safe for use by
// several goroutines.
type Root struct {
	path     string
	realOnce sync.Once
	real     string
}

// New is the root at path (made absolute).
func New(path string) *Root {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return &Root{path: path}
}

// Path is the root's path, as given.
func (r *Root) Path() string { return r.path }

// Real is the root's real path.
func (r *Root) Real() string {
	r.realOnce.Do(func() { r.real = RealPath(r.path) })
	return r.real
}

// RealPath is p made absolute, with every link followed (only made
// absolute when that fails).
func RealPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// Dir is dir (a directory the caller reads names relative to) spelled so
// that [Root.Resolve] may walk from it: walked from the root when it is
// below it (a look at each directory between them), else its real path.
func (r *Root) Dir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if rel, err := filepath.Rel(r.path, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		if p := r.Resolve(r.path, rel); p.Fate == Found {
			return p.Path
		}
	}
	return RealPath(dir)
}

// place is where a path lies with respect to the root.
type place uint8

const (
	inside   place = iota // the root or below it
	ancestor              // a directory the root is in
	outside               // anywhere else
)

func (p place) String() string {
	switch p {
	case inside:
		return "inside"
	case ancestor:
		return "ancestor"
	case outside:
		return "outside"
	}
	return "unknown"
}

// placeOf is where p lies with respect to root, as strings.
func placeOf(root, p string) place {
	sep := string(filepath.Separator)
	switch {
	case p == root || strings.HasPrefix(p, strings.TrimSuffix(root, sep)+sep):
		return inside
	case strings.HasPrefix(root, strings.TrimSuffix(p, sep)+sep):
		return ancestor
	}
	return outside
}

// place is where p lies with respect to the root, spelled either way.
func (r *Root) place(p string) place {
	if pl := placeOf(r.path, p); pl != outside {
		return pl
	}
	return placeOf(r.Real(), p)
}

// systemDir is the directory of [System] p is in, "" when none.
func systemDir(p string) string {
	p = filepath.ToSlash(p)
	for _, d := range System {
		if p == d || strings.HasPrefix(p, d+"/") {
			return d
		}
	}
	return ""
}

// in reports whether the root, spelled either way, is in the system
// directory d: then what is inside it may be reached there.
func (r *Root) in(d string) bool {
	return systemDir(r.path) == d || systemDir(r.Real()) == d
}
