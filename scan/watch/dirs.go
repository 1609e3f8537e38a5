package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fsnotify/fsnotify"
)

// notifier is the system's change notification: fsnotify's watcher, or
// a test's.
type notifier interface {
	Add(dir string) error
	Remove(dir string) error
	Close() error
	Events() <-chan fsnotify.Event
	Errors() <-chan error
}

// fsNotifier is fsnotify's watcher as a notifier.
type fsNotifier struct{ w *fsnotify.Watcher }

// eventBuffer is how many events fsnotify holds for the watcher: a
// checkout writes thousands at once.
const eventBuffer = 4096

func newFSNotifier() (notifier, error) {
	w, err := fsnotify.NewBufferedWatcher(eventBuffer)
	if err != nil {
		return nil, err
	}
	return fsNotifier{w}, nil
}

func (n fsNotifier) Add(dir string) error          { return n.w.Add(dir) }
func (n fsNotifier) Remove(dir string) error       { return n.w.Remove(dir) }
func (n fsNotifier) Close() error                  { return n.w.Close() }
func (n fsNotifier) Events() <-chan fsnotify.Event { return n.w.Events }
func (n fsNotifier) Errors() <-chan error          { return n.w.Errors }

// resync watches what the scope names and nothing else: the directories
// of each root (every one below a deep root), and for a root that does
// not exist yet, the nearest directory above it that does. It returns an
// error only when the watches ran out.
func (w *watcher) resync() error {
	old := w.dirs
	w.dirs, w.missing = make(map[string]dirInfo, len(old)), nil
	for _, r := range w.scope.roots {
		if _, err := os.Stat(r.dir); errors.Is(err, fs.ErrNotExist) {
			w.missing = append(w.missing, r.dir)
			if err := w.addDir(existingAbove(r.dir), dirInfo{}); err != nil {
				return err
			}
			continue
		}
		info := dirInfo{self: r.kind}
		if r.deep {
			info.deep = r.kind
		}
		if err := w.addTree(r.dir, info); err != nil {
			return err
		}
	}
	for d := range old {
		if _, ok := w.dirs[d]; !ok {
			_ = w.n.Remove(d) // gone already, as often as not
		}
	}
	return nil
}

// existingAbove is the nearest directory at or above p that exists.
func existingAbove(p string) string {
	for {
		parent := filepath.Dir(p)
		if parent == p {
			return p
		}
		p = parent
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
	}
}

// addTree watches dir, and with info.deep every directory below it but
// .git. A symbolic link to a directory is followed at the root only, as
// the scan's walk does.
func (w *watcher) addTree(dir string, info dirInfo) error {
	start := dir
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		start = dir + string(filepath.Separator)
	}
	return filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return skip(d)
		case !d.IsDir():
			return nil
		}
		p = filepath.Clean(p)
		if p != dir {
			if ignored(d.Name()) {
				return fs.SkipDir
			}
			return w.addDir(p, dirInfo{self: info.deep, deep: info.deep})
		}
		if err := w.addDir(p, info); err != nil {
			return err
		}
		if info.deep == 0 {
			return fs.SkipDir
		}
		return nil
	})
}

// skip is what a walk does after an error at d: skip a directory it
// cannot read, go on past a file.
func skip(d fs.DirEntry) error {
	if d != nil && d.IsDir() {
		return fs.SkipDir
	}
	return nil
}

// addDir watches one directory (again, if it was: the system keeps one
// watch per directory). A directory that went meanwhile, or that cannot
// be read, is passed over: the scan reports what it cannot read. The
// error is [ErrWatchesRanOut], or nil.
func (w *watcher) addDir(p string, info dirInfo) error {
	if have, ok := w.dirs[p]; ok {
		w.dirs[p] = dirInfo{self: have.self | info.self, deep: have.deep | info.deep}
		return nil
	}
	if w.o.MaxWatches > 0 && len(w.dirs) >= w.o.MaxWatches {
		return fmt.Errorf("%w: %s: at most %d watches", ErrWatchesRanOut, p, w.o.MaxWatches)
	}
	if err := w.n.Add(p); err != nil {
		if ranOut(err) {
			return fmt.Errorf("%w: %w", ErrWatchesRanOut, err)
		}
		return nil
	}
	w.dirs[p] = info
	return nil
}

// onEvent counts a change that matters to the scan: a file it reads
// written, created, removed or renamed, a directory created or gone. A
// directory created where recordings or suites are is watched at once,
// with all it holds already.
func (w *watcher) onEvent(ev fsnotify.Event) {
	if !ev.Op.Has(fsnotify.Create | fsnotify.Write | fsnotify.Remove | fsnotify.Rename) {
		return // attributes only: nothing the scan reads changed
	}
	p := filepath.Clean(ev.Name)
	if _, ok := w.dirs[p]; ok && ev.Op.Has(fsnotify.Remove|fsnotify.Rename) {
		delete(w.dirs, p) // the system dropped its watch
		w.changed()
		return
	}
	parent, ok := w.dirs[filepath.Dir(p)]
	if !ok {
		return
	}
	name := filepath.Base(p)
	if ev.Op.Has(fsnotify.Create) {
		if fi, err := os.Lstat(p); err == nil && fi.IsDir() {
			w.onDirCreated(p, name, parent)
			return
		}
	}
	if w.scope.counts(parent.self, p, name) {
		w.changed()
	}
}

// onDirCreated watches a directory created below a deep root, or the
// roots it brings into being.
func (w *watcher) onDirCreated(p, name string, parent dirInfo) {
	switch {
	case ignored(name):
	case parent.deep != 0:
		if err := w.addTree(p, dirInfo{self: parent.deep, deep: parent.deep}); err != nil {
			w.fallBack(err, reason(err))
		}
		w.changed()
	case w.awaits(p):
		if err := w.resync(); err != nil {
			w.fallBack(err, reason(err))
		}
		w.changed()
	}
}

// awaits reports whether p is, or leads to, a root that does not exist
// yet.
func (w *watcher) awaits(p string) bool {
	for _, m := range w.missing {
		if m == p || strings.HasPrefix(m, p+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// onError handles what the notifier reports besides events: when its
// queue overflowed, events were lost, so the files count as changed and
// the watches are set again (directories created meanwhile were missed).
func (w *watcher) onError(err error) {
	if !errors.Is(err, fsnotify.ErrEventOverflow) {
		return
	}
	w.changed()
	if err := w.resync(); err != nil {
		w.fallBack(err, reason(err))
	}
}
