package cassette

import (
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// DefaultSettled is how long before a load began a file must have last
// changed for the load to keep what it read of it, when [Reuse.Settled]
// is zero: more than the coarsest timestamp granularity of the file
// systems a project lives on (2 s on FAT; 1 s on ext3 and HFS+).
const DefaultSettled = 2 * time.Second

// Reuse carries what one load of a store read of its files to the next
// load of the same root ([LoadOptions.Reuse]), so that a file that did not
// change since is neither read nor decoded nor analysed again: its
// summary, and what the caller attached to it ([StoreFile.Attach]), are
// taken as they were.
//
// A file is the same when a stat of it now gives the stamp it had when it
// was read: the same device and inode, size, modification time and change
// time. The change time is what a rewrite that keeps the size and puts
// the modification time back still moves, and no one can set it. A load
// keeps only the files whose two times are older than the load's start
// by [Reuse.Settled] (git's rule for racily clean index entries): a file
// written within the granularity of its read could be written again with
// the same stamp. A file is never kept where the system does not give
// the change time (elsewhere than on Linux), nor when it could not be read.
//
// Only a load that ended, not cancelled, is kept, and it replaces the
// one before whole: what is kept is exactly the files of one listing.
// A Reuse is safe for loads that run at once; it serves loads of the same
// options (the caller's attachments are its own).
type Reuse struct {
	// Settled is the age a file's last change must have at the start of a
	// load for the load to keep it (zero: DefaultSettled). A test that
	// writes files and loads them at once sets it negative.
	Settled time.Duration

	mu    sync.Mutex
	scope string
	key   reuseKey
	kept  map[string]*StoreFile // by StoreFile.Path
}

// reuseKey is what a load's summaries depend on besides the files.
type reuseKey struct {
	root, scope string
	skipBodies  bool
}

// Forget drops what the last load kept: the next load reads every file.
// A nil Reuse has nothing to forget.
func (r *Reuse) Forget() {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.kept = nil
	r.mu.Unlock()
}

// Scope names what the caller's attachments depend on besides the files
// (the root its findings' paths are relative to): a load that begins
// under another scope than the one kept was loaded under reuses nothing.
func (r *Reuse) Scope(scope string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.scope = scope
	r.mu.Unlock()
}

// reuseLoad is one load's side of a Reuse: what it may take, and from
// when it started.
type reuseLoad struct {
	r      *Reuse
	key    reuseKey
	kept   map[string]*StoreFile
	cutoff int64 // files changed before it may be kept (nanoseconds)
}

// begin starts a load of root; nil when r is nil.
func (r *Reuse) begin(root string, skipBodies bool) *reuseLoad {
	if r == nil {
		return nil
	}
	settled := r.Settled
	if settled == 0 {
		settled = DefaultSettled
	}
	l := &reuseLoad{r: r, cutoff: time.Now().Add(-settled).UnixNano()}
	r.mu.Lock()
	l.key = reuseKey{root: root, scope: r.scope, skipBodies: skipBodies}
	if r.key == l.key {
		l.kept = r.kept
	}
	r.mu.Unlock()
	return l
}

// take fills f with what the last load kept of its file, when the file
// has not changed since, and reports whether it did. f.Rel and f.Path are
// those of the kept file (the same root and path).
func (l *reuseLoad) take(f *StoreFile) bool {
	if l == nil {
		return false
	}
	old, ok := l.kept[f.Path]
	if !ok {
		return false
	}
	now, err := safefile.Stat(f.Path)
	if err != nil || now != withoutHash(old.Stamp) {
		return false
	}
	listed := f.listed
	*f = *old
	f.listed, f.reused = listed, true
	return true
}

// withoutHash is s as a stat sees it.
func withoutHash(s safefile.Stamp) safefile.Stamp {
	s.Hash = 0
	return s
}

// settled reports whether what was read of a file with stamp s may be
// kept for the next load.
func (l *reuseLoad) settled(s safefile.Stamp) bool {
	return s.ChangeTime != 0 && s.ModTime < l.cutoff && s.ChangeTime < l.cutoff
}

// commit keeps the files of a load that ended, in place of the last
// load's. Each is copied, so that nothing done to the store's files later
// changes what the next load takes.
func (l *reuseLoad) commit(files []*StoreFile) {
	if l == nil {
		return
	}
	kept := make(map[string]*StoreFile, len(files))
	copies := make([]StoreFile, 0, len(files))
	for _, f := range files {
		if l.settled(f.Stamp) {
			copies = append(copies, *f)
			c := &copies[len(copies)-1]
			c.reused = false
			kept[f.Path] = c
		}
	}
	l.r.mu.Lock()
	l.r.key, l.r.kept = l.key, kept
	l.r.mu.Unlock()
}

// Attach gives f a value of the caller's (what [LoadOptions.OnFile] worked
// out of its bytes), which a later load that reuses the file hands back
// ([StoreFile.Attached]). Call it from OnFile.
func (f *StoreFile) Attach(v any) { f.attached = v }

// Attached is the value given to [StoreFile.Attach], by this load or by
// the one it reused the file from; nil when none.
func (f *StoreFile) Attached() any { return f.attached }

// Reused reports whether the load took f from the last one ([Reuse])
// instead of reading it: OnFile was not called for it.
func (f *StoreFile) Reused() bool { return f.reused }
