package gitreview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// Errors of the git layer.
var (
	// ErrNoGit: the git command is not installed or not on PATH.
	ErrNoGit = errors.New("git is not installed or not on PATH")
	// ErrNotRepo: the path is not inside a git work tree.
	ErrNotRepo = errors.New("not inside a git repository")
)

// Git runs the git command line in one work tree. Review reads and changes
// the index and the work tree only through it, so what it does is what a
// person would do by hand.
type Git struct {
	// Top is the absolute path of the work tree's top directory.
	Top string
	// HasHead is false in a repository without commits.
	HasHead bool
	// LockWait is how long a command that writes the index waits, in
	// all, for another git process to release the index lock; zero waits
	// DefaultLockWait.
	LockWait time.Duration
	// index is the absolute path of the index file ("" when unknown).
	index string
}

// DefaultLockWait is how long a command that writes the index waits for
// another git process's index lock by default: an editor's or an IDE's
// git status holds it for a moment, a git commit waiting on its editor
// for as long as the editor is open, which no wait outlasts.
const DefaultLockWait = 3 * time.Second

// OpenGit finds the work tree that contains dir.
func OpenGit(ctx context.Context, dir string) (*Git, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, ErrNoGit
	}
	out, err := gitOutput(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, ErrNotRepo)
	}
	g := &Git{Top: strings.TrimSpace(string(out))}
	if _, err := gitOutput(ctx, g.Top, "rev-parse", "--verify", "--quiet", "HEAD"); err == nil {
		g.HasHead = true
	}
	// The index file (a linked work tree and GIT_INDEX_FILE have their
	// own), whose lock a write takes.
	if out, err := gitOutput(ctx, g.Top, "rev-parse", "--git-path", "index"); err == nil {
		g.index = strings.TrimSuffix(string(out), "\n")
		if !filepath.IsAbs(g.index) {
			g.index = filepath.Join(g.Top, g.index)
		}
	}
	return g, nil
}

// gitGrace is how long a git command may go on after it was interrupted
// (its context is done) before it is killed.
var gitGrace = 10 * time.Second

// gitOutput runs git in dir. Every path git is given is a literal path,
// never a pattern: a file named "*.json" (names come from the tree, and so
// from pull requests) must not stage or restore the files it would match.
func gitOutput(ctx context.Context, dir string, args ...string) ([]byte, error) {
	out, _, err := gitRun(ctx, dir, args...)
	return out, err
}

// gitRun runs git in dir and returns, with its output, how it ended (nil
// when it did not start). When ctx is done, git is interrupted as Ctrl-C
// interrupts it, so that it removes the lock files it holds (git does on
// SIGINT, never on SIGKILL, which would leave .git/index.lock and every
// later git command failing); only a git still running gitGrace later is
// killed.
func gitRun(ctx context.Context, dir string, args ...string) ([]byte, *os.ProcessState, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"--literal-pathspecs"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = gitGrace
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	switch {
	case err == nil:
		return out, cmd.ProcessState, nil
	case ctx.Err() != nil:
		return out, cmd.ProcessState, fmt.Errorf("git %s interrupted: %w", args[0], ctx.Err())
	case interrupted(cmd.ProcessState):
		// Ctrl-C at a terminal reaches git too, maybe before this process
		// has cancelled ctx: it is the same interruption.
		return out, cmd.ProcessState, fmt.Errorf("git %s interrupted: %w", args[0], context.Canceled)
	}
	if lock, ok := lockedIndex(stderr.String()); ok {
		if rel, err := filepath.Rel(dir, lock); err == nil && !strings.HasPrefix(rel, "..") {
			lock = rel // ".git/index.lock" says it all, and fits a status line
		}
		return out, cmd.ProcessState, &LockedError{Lock: lock}
	}
	msg := oneLine(stderr.String())
	if msg == "" {
		msg = err.Error()
	}
	return out, cmd.ProcessState, fmt.Errorf("git %s: %s", args[0], msg)
}

// oneLine is git's message on one line: its lines, trimmed, joined with
// spaces (a status line or a log line shows it whole, never as "\n").
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// LockedError says that another git process holds the index lock, so a
// command that writes the index could not run (after waiting for it, see
// [Git.write]). Nothing was changed.
type LockedError struct {
	// Lock is the lock file, relative to the work tree's top when it lies
	// below it (".git/index.lock").
	Lock string
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("another git process holds the index lock (%s): nothing was changed; try again once it ends (no git running? remove the file)", e.Lock)
}

// lockedIndex reports whether git failed on a lock file another process
// holds ("fatal: Unable to create '…/index.lock': File exists."), and
// which.
func lockedIndex(stderr string) (string, bool) {
	const pre, post = "Unable to create '", ".lock': File exists"
	i := strings.Index(stderr, pre)
	if i < 0 {
		return "", false
	}
	rest := stderr[i+len(pre):]
	j := strings.Index(rest, post)
	if j < 0 {
		return "", false
	}
	return rest[:j] + ".lock", true
}

func (g *Git) run(ctx context.Context, args ...string) ([]byte, error) {
	return gitOutput(ctx, g.Top, args...)
}

// lockPause waits between two tries to take the index lock; tests
// replace it.
var (
	lockPause = func(ctx context.Context, d time.Duration) error {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
)

// write runs a git command that writes the index. When another git
// process holds the index lock, it tries again, waiting a little longer
// each time (25 ms, doubling, up to LockWait in all), as a person would;
// then it gives up with a *LockedError, nothing changed.
func (g *Git) write(ctx context.Context, args ...string) error {
	wait := g.LockWait
	if wait <= 0 {
		wait = DefaultLockWait
	}
	pause, waited := 25*time.Millisecond, time.Duration(0)
	for {
		err := g.writeOnce(ctx, args...)
		var locked *LockedError
		if !errors.As(err, &locked) || waited >= wait {
			return err
		}
		d := min(pause, wait-waited)
		if perr := lockPause(ctx, d); perr != nil {
			return fmt.Errorf("git %s interrupted while waiting for the index lock: %w", args[0], perr)
		}
		waited += d
		pause *= 2
	}
}

// writeOnce runs a git command that writes the index, once. A git that
// died without its cleanup (killed after the grace period, or crashed)
// leaves the index locked; when the lock was not there before it started,
// it is the one that git took, and it is removed: the index itself is as
// it was (git writes it whole to the lock file, then renames it).
func (g *Git) writeOnce(ctx context.Context, args ...string) error {
	lock := ""
	if g.index != "" {
		lock = g.index + ".lock"
		if _, err := os.Lstat(lock); err == nil {
			lock = "" // another process's: git fails to take it
		}
	}
	_, state, err := gitRun(ctx, g.Top, args...)
	if lock != "" && diedWithoutCleanup(state) {
		if rerr := os.Remove(lock); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return errors.Join(err, fmt.Errorf("remove the lock git left: %w", rerr))
		}
	}
	return err
}

// interrupted reports whether git ended on SIGINT.
func interrupted(state *os.ProcessState) bool {
	ws, ok := waitStatus(state)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGINT
}

func waitStatus(state *os.ProcessState) (syscall.WaitStatus, bool) {
	var ws syscall.WaitStatus
	if state == nil {
		return ws, false
	}
	ws, ok := state.Sys().(syscall.WaitStatus)
	return ws, ok
}

// diedWithoutCleanup reports whether git ended on a signal it does not
// clean up after: git removes its lock files on SIGINT, SIGTERM, SIGHUP,
// SIGQUIT and SIGPIPE, and cannot on SIGKILL or a crash.
func diedWithoutCleanup(state *os.ProcessState) bool {
	ws, ok := waitStatus(state)
	if !ok || !ws.Signaled() {
		return false
	}
	sig := ws.Signal()
	return sig != syscall.SIGINT && sig != syscall.SIGTERM && sig != syscall.SIGHUP && sig != syscall.SIGQUIT && sig != syscall.SIGPIPE
}

// ChangeKind says how a file differs from HEAD.
type ChangeKind int

// The kinds of change review knows.
const (
	Added ChangeKind = iota
	Modified
	Deleted
	Renamed
)

// String returns added, modified, deleted or renamed.
func (k ChangeKind) String() string {
	switch k {
	case Added:
		return "added"
	case Modified:
		return "modified"
	case Deleted:
		return "deleted"
	case Renamed:
		return "renamed"
	}
	return fmt.Sprintf("ChangeKind(%d)", int(k))
}

// FileChange is one path that differs from HEAD, staged, unstaged or
// untracked. Paths are slash-separated and relative to the work tree top.
type FileChange struct {
	Path      string
	OldPath   string // the HEAD path of a rename
	Kind      ChangeKind
	Staged    bool
	Unstaged  bool
	Untracked bool
}

// Changes lists the files under the pathspecs (absolute or relative to the
// top) that differ from HEAD, from `git status --porcelain -z`. Renames are
// detected as git does.
func (g *Git) Changes(ctx context.Context, paths ...string) ([]FileChange, error) {
	args := []string{"status", "--porcelain=v1", "-z", "--untracked-files=all", "--"}
	for _, p := range paths {
		args = append(args, g.rel(p))
	}
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parsePorcelain(out), nil
}

// parsePorcelain reads `git status --porcelain=v1 -z` output.
func parsePorcelain(out []byte) []FileChange {
	var changes []FileChange
	fields := strings.Split(string(out), "\x00")
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		x, y, path := f[0], f[1], f[3:]
		c := FileChange{Path: path, Staged: x != ' ' && x != '?', Unstaged: y != ' ' && y != '?', Untracked: x == '?'}
		switch {
		case x == '?':
			c.Kind = Added
		case x == 'R' || x == 'C':
			c.Kind = Renamed
			if i+1 < len(fields) {
				c.OldPath = fields[i+1]
				i++
			}
			if x == 'C' {
				c.Kind, c.OldPath = Added, ""
			}
		case x == 'A' && y == 'D':
			continue // added then deleted again: nothing differs from HEAD
		case x == 'A':
			c.Kind = Added
		case x == 'D' || y == 'D':
			c.Kind = Deleted
		default:
			c.Kind = Modified
		}
		changes = append(changes, c)
	}
	return changes
}

// rel turns p into a path relative to the top, slash-separated.
func (g *Git) rel(p string) string {
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(p)
	}
	r, err := filepath.Rel(g.Top, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// Abs returns the absolute path of a top-relative path.
func (g *Git) Abs(rel string) string { return filepath.Join(g.Top, filepath.FromSlash(rel)) }

// Head returns the bytes of path at HEAD; ok is false when HEAD has no such
// file (or there is no HEAD).
func (g *Git) Head(ctx context.Context, rel string) (data []byte, ok bool, err error) {
	if !g.HasHead {
		return nil, false, nil
	}
	out, err := g.run(ctx, "cat-file", "-s", "HEAD:"+rel)
	if err != nil {
		return nil, false, nil
	}
	// The committed version obeys the size limit of every read.
	if size, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil && size > safefile.MaxSize() {
		return nil, false, &fs.PathError{Op: "read", Path: "HEAD:" + rel, Err: &safefile.TooLargeError{Size: size, Limit: safefile.MaxSize()}}
	}
	data, err = g.run(ctx, "show", "HEAD:"+rel)
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// HeadFiles lists the files under dir (top-relative) at HEAD.
func (g *Git) HeadFiles(ctx context.Context, dir string) ([]string, error) {
	if !g.HasHead {
		return nil, nil
	}
	out, err := g.run(ctx, "ls-tree", "-r", "-z", "--name-only", "HEAD", "--", g.rel(dir))
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}

// Stage records the current state of the paths in the index (`git add -A`),
// deletions included. Paths in neither the work tree nor the index (the old
// path of a rename already staged) are left out: git refuses a pathspec
// that matches nothing.
func (g *Git) Stage(ctx context.Context, rels ...string) error {
	var keep []string
	for _, rel := range rels {
		if _, err := os.Lstat(g.Abs(rel)); err != nil {
			if e, err := g.indexEntry(ctx, rel); err == nil && !e.present {
				continue
			}
		}
		keep = append(keep, rel)
	}
	if len(keep) == 0 {
		return nil
	}
	return g.write(ctx, append([]string{"add", "-A", "--"}, keep...)...)
}

// indexEntry is one path's entry in the index, for undo.
type indexEntry struct {
	present bool
	mode    string
	object  string
}

func (g *Git) indexEntry(ctx context.Context, rel string) (indexEntry, error) {
	out, err := g.run(ctx, "ls-files", "-s", "-z", "--", rel)
	if err != nil {
		return indexEntry{}, err
	}
	line := strings.TrimRight(string(out), "\x00")
	if line == "" {
		return indexEntry{}, nil
	}
	meta, _, _ := strings.Cut(line, "\t")
	parts := strings.Fields(meta)
	if len(parts) < 2 {
		return indexEntry{}, fmt.Errorf("git ls-files: unexpected %q", line)
	}
	return indexEntry{present: true, mode: parts[0], object: parts[1]}, nil
}

func (g *Git) setIndexEntry(ctx context.Context, rel string, e indexEntry) error {
	if !e.present {
		return g.write(ctx, "update-index", "--force-remove", "--", rel)
	}
	return g.write(ctx, "update-index", "--add", "--cacheinfo", e.mode+","+e.object+","+rel)
}

// RestoreHead puts the HEAD version of path back in the index and the work
// tree (`git restore --source=HEAD --staged --worktree`).
func (g *Git) RestoreHead(ctx context.Context, rel string) error { return g.Restore(ctx, "HEAD", rel) }

// Restore puts the version of path at the commit source back in the
// index and the work tree.
func (g *Git) Restore(ctx context.Context, source, rel string) error {
	return g.write(ctx, "restore", "--source="+source, "--staged", "--worktree", "--", rel)
}

// Unstage removes path from the index, keeping the work tree file. It
// forces the removal (-f): a rename staged and then changed again ("RM")
// has staged content that differs from both HEAD and the file, which git
// rm refuses to drop without it; the work tree file stays either way, and
// the caller has saved the index entry for undo.
func (g *Git) Unstage(ctx context.Context, rel string) error {
	return g.write(ctx, "rm", "--cached", "-f", "--quiet", "--ignore-unmatch", "--", rel)
}
