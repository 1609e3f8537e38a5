package confine

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Resolve resolves name (relative to dir, or absolute) as the system
// would open it, without ever looking at a path outside the root, or in
// a directory of [System] the root is not in. dir is a directory inside
// the root as [Root.Dir] spells it.
//
// The walk keeps this true of where it is, dest: the system opens the
// path dest spells at the same place. Below the root (spelled as given,
// or as its real path), every component is looked at, and a link is
// followed; above it, the walk may only go down again along one of the
// root's spellings, and a ".." there is taken from the real path (a
// directory above the root may itself be a link). So only the real path
// of the root, found once and when a walk leaves it, costs more than a
// look at each component below it.
func (r *Root) Resolve(dir, name string) Result {
	w := walk{r: r, dest: dir}
	if filepath.IsAbs(name) {
		w.restart(name)
	} else {
		w.rest = filepath.ToSlash(name)
	}
	// A directory reached through a link outside the root has its names
	// there too.
	w.linked = r.place(dir) != inside
	for w.rest != "" {
		if res, done := w.step(); done {
			return res
		}
	}
	if r.place(w.dest) != inside {
		return Result{Fate: Outside, Linked: w.linked}
	}
	return Result{Fate: Found, Path: w.dest}
}

// walk is a path being resolved: dest is where it has reached, rest the
// slash-separated components still to walk.
type walk struct {
	r          *Root
	dest, rest string
	links      int
	linked     bool
}

// restart makes the walk go on from the root of the filesystem with the
// absolute path p, then what is left.
func (w *walk) restart(p string) {
	vol := filepath.VolumeName(p)
	w.dest = vol + string(filepath.Separator)
	w.rest = strings.TrimSuffix(filepath.ToSlash(p[len(vol):])+"/"+w.rest, "/")
}

// step walks one component; done is set when the walk ends there.
func (w *walk) step() (res Result, done bool) {
	var comp string
	comp, w.rest, _ = strings.Cut(w.rest, "/")
	switch comp {
	case "", ".":
		return res, false
	case "..":
		w.up()
		return res, false
	}
	w.dest = filepath.Join(w.dest, comp)
	if d := systemDir(w.dest); d != "" && !w.r.in(d) {
		return Result{Fate: InSystem, Linked: w.linked, System: d}, true
	}
	switch w.r.place(w.dest) {
	case ancestor:
		return res, false // on the way down to the root: nothing to look at
	case outside:
		return Result{Fate: Outside, Linked: w.linked}, true
	case inside:
	}
	fi, err := os.Lstat(w.dest)
	switch {
	case err != nil:
		return Result{Fate: Missing}, true
	case fi.Mode()&fs.ModeSymlink != 0:
		return w.follow()
	case !fi.IsDir() && strings.Trim(w.rest, "/") != "":
		return Result{Fate: Missing}, true // a file is no directory
	}
	return res, false
}

// up is "..": the parent of dest, which below the root is dest's
// parent as spelled (its last component was looked at: no link), and at
// the root or above it the parent of its real path.
func (w *walk) up() {
	root := w.r.path
	switch {
	case w.dest != root && placeOf(root, w.dest) == inside:
		w.dest = filepath.Dir(w.dest)
	case w.dest == root || w.dest == w.r.Real():
		w.dest = filepath.Dir(w.r.Real())
	default:
		if rp := w.r.Real(); placeOf(rp, w.dest) == inside {
			w.dest = filepath.Dir(w.dest)
		} else {
			w.dest = filepath.Dir(RealPath(w.dest))
		}
	}
}

// follow goes on through the link dest.
func (w *walk) follow() (res Result, done bool) {
	w.links++
	target, err := os.Readlink(w.dest)
	if err != nil || w.links > MaxLinks {
		return Result{Fate: Missing}, true
	}
	w.linked = true
	w.dest = filepath.Dir(w.dest)
	if filepath.IsAbs(target) {
		w.restart(target)
		return res, false
	}
	w.rest = strings.TrimSuffix(filepath.ToSlash(target)+"/"+w.rest, "/")
	return res, false
}

// Files are the names of the regular files of dir (a directory inside the
// root as [Root.Dir] spells it), sorted, as Python's
// is_file() sees them (a link to a regular file counts), but for links
// that lead out of the root, which are not followed.
func (r *Root) Files(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0 && r.isFile(dir, e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}

// isFile reports whether name in dir leads to a regular file inside the
// root.
func (r *Root) isFile(dir, name string) bool {
	res := r.Resolve(dir, name)
	if res.Fate != Found {
		return false
	}
	fi, err := os.Stat(res.Path)
	return err == nil && fi.Mode().IsRegular()
}
