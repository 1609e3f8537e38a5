//go:build linux

package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// blockingFilter makes git add block in the repository at dir while it
// holds the index lock: a clean filter on every file that, when the git
// running it is an add, says so on a named pipe (the test reads it: no
// sleep) and then waits on a second one. It returns the two pipes and
// the script; release lets a waiting filter go on.
func blockingFilter(t *testing.T, dir string) (ready, release func()) {
	t.Helper()
	// Not under t.TempDir: a subtest's name ("group=true") would put a
	// shell character in the filter's path, and git would run it through
	// sh, whose command line is not git's.
	tmp, err := os.MkdirTemp("", "git-filter-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	readyFIFO, holdFIFO := filepath.Join(tmp, "ready"), filepath.Join(tmp, "hold")
	for _, p := range []string{readyFIFO, holdFIFO} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	script := filepath.Join(tmp, "block.sh")
	// The filter's stderr would hold git's stderr pipe open after git is
	// gone; it has nothing to say.
	body := fmt.Sprintf(`#!/bin/sh
exec 2>/dev/null
case "$(tr '\0' ' ' < /proc/$PPID/cmdline)" in
*" add "*) : > %q; read line < %q ;;
esac
exec cat
`, readyFIFO, holdFIFO)
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	reviewtest.Git(t, dir, "config", "filter.block.clean", script)
	if err := os.WriteFile(filepath.Join(dir, ".git", "info", "attributes"), []byte("* filter=block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ready = func() {
		// Opening the pipe for reading waits for the filter to open it.
		f, err := os.Open(readyFIFO)
		if err != nil {
			t.Error(err)
			return
		}
		f.Close()
	}
	release = func() {
		// O_RDWR never blocks on a FIFO: a filter still waiting reads the
		// line; with none, the line is dropped with the pipe.
		f, err := os.OpenFile(holdFIFO, os.O_RDWR, 0)
		if err != nil {
			t.Error(err)
			return
		}
		fmt.Fprintln(f, "go")
		f.Close()
	}
	t.Cleanup(release)
	return ready, release
}

// indexLock reports whether the repository at dir is locked.
func indexLock(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git", "index.lock"))
	return err == nil
}

// TestCancelledStageLeavesNoLock: a context cancelled while git add holds
// the index lock (blocked in a clean filter) ends the add with an error,
// and leaves the repository unlocked: the next git command works and the
// file can be staged.
func TestCancelledStageLeavesNoLock(t *testing.T) {
	dir := reviewtest.Repo(t)
	reviewtest.WriteFile(t, filepath.Join(dir, "a.json"), []byte("one\n"))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "one")
	reviewtest.WriteFile(t, filepath.Join(dir, "a.json"), []byte("two\n"))
	ready, release := blockingFilter(t, dir)
	g, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Stage(ctx, "a.json") }()
	ready()
	if !indexLock(dir) {
		t.Fatal("git add does not hold the index lock while its filter runs")
	}
	cancel()
	if err := <-done; err == nil {
		t.Error("the cancelled stage reports no error")
	}
	if indexLock(dir) {
		t.Fatal(".git/index.lock is left behind: every git command now fails")
	}
	release()
	if st := reviewtest.Git(t, dir, "status", "--porcelain"); !strings.Contains(st, " M a.json") {
		t.Errorf("a.json should be modified and unstaged, git status says %q", st)
	}
	reviewtest.Git(t, dir, "config", "--unset", "filter.block.clean")
	if err := g.Stage(context.Background(), "a.json"); err != nil {
		t.Fatalf("staging after the interrupted one: %v", err)
	}
	if st := reviewtest.Git(t, dir, "status", "--porcelain"); !strings.Contains(st, "M  a.json") {
		t.Errorf("a.json is not staged: %q", st)
	}
}

// fakeGit puts on PATH a git that takes the index lock, says so on a
// named pipe, and then ignores the interrupt and waits on a second pipe
// that nothing writes: a git that cannot clean up after itself. It
// returns the first pipe's reader.
func fakeGit(t *testing.T) (ready func()) {
	t.Helper()
	bin := t.TempDir()
	readyFIFO, holdFIFO := filepath.Join(bin, "ready"), filepath.Join(bin, "hold")
	for _, p := range []string{readyFIFO, holdFIFO} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	body := fmt.Sprintf(`#!/bin/sh
trap '' INT TERM
exec 2>/dev/null
set -C
: > .git/index.lock || exit 128
: > %q
read line < %q
`, readyFIFO, holdFIFO)
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Cleanup(func() {
		if f, err := os.OpenFile(holdFIFO, os.O_RDWR, 0); err == nil {
			f.Close()
		}
	})
	return func() {
		f, err := os.Open(readyFIFO)
		if err != nil {
			t.Error(err)
			return
		}
		f.Close()
	}
}

// TestAbandonedLockIsRemoved: a git that ignores the interrupt is killed
// once the grace period is over, and the index lock it took (there was
// none before it started) is removed; a lock another process held before
// ours started is never touched.
func TestAbandonedLockIsRemoved(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { gitGrace = d }(gitGrace)
	gitGrace = time.Nanosecond                                             // kill at once: what is tested is what follows the kill
	reviewtest.WriteFile(t, filepath.Join(dir, "a.json"), []byte("one\n")) // staged at once, with no ls-files first
	ready := fakeGit(t)
	g := &Git{Top: dir, index: filepath.Join(dir, ".git", "index")}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Stage(ctx, "a.json") }()
	ready()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the killed git reports %v, want the cancellation", err)
	}
	if indexLock(dir) {
		t.Error("the lock the killed git took is left behind")
	}

	// A lock that was there before: the fake git fails to take it and
	// exits; nothing of ours is abandoned, and the lock stays.
	reviewtest.WriteFile(t, filepath.Join(dir, ".git/index.lock"), []byte(""))
	if err := g.Stage(context.Background(), "a.json"); err == nil {
		t.Error("staging with the index locked reports no error")
	}
	if !indexLock(dir) {
		t.Error("a lock another process held was removed")
	}
}

// TestStageWaitsForAnotherGitsLock: with the index locked by another git
// process, staging tries again until the lock is gone (here the first
// pause removes it, as that git would on ending), and stages.
func TestStageWaitsForAnotherGitsLock(t *testing.T) {
	dir := reviewtest.Repo(t)
	reviewtest.WriteFile(t, filepath.Join(dir, "a.json"), []byte("one\n"))
	lock := filepath.Join(dir, ".git", "index.lock")
	reviewtest.WriteFile(t, lock, nil)
	pauses := 0
	defer func(f func(context.Context, time.Duration) error) { lockPause = f }(lockPause)
	lockPause = func(context.Context, time.Duration) error {
		pauses++
		return os.Remove(lock)
	}
	g, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Stage(context.Background(), "a.json"); err != nil {
		t.Fatalf("staging once the lock is gone: %v", err)
	}
	if pauses != 1 {
		t.Errorf("waited %d times, want 1", pauses)
	}
	if st := reviewtest.Git(t, dir, "status", "--porcelain"); !strings.Contains(st, "A  a.json") {
		t.Errorf("a.json is not staged: %q", st)
	}
}

// TestStageGivesUpOnAHeldLock: a lock that stays makes staging give up
// after the wait, with one line that names the lock and says nothing was
// changed (git's own message spans lines, which a status line showed as
// a literal \n\n), and the lock is left to its owner.
func TestStageGivesUpOnAHeldLock(t *testing.T) {
	dir := reviewtest.Repo(t)
	reviewtest.WriteFile(t, filepath.Join(dir, "a.json"), []byte("one\n"))
	reviewtest.WriteFile(t, filepath.Join(dir, ".git", "index.lock"), nil)
	var waited time.Duration
	defer func(f func(context.Context, time.Duration) error) { lockPause = f }(lockPause)
	lockPause = func(_ context.Context, d time.Duration) error {
		waited += d
		return nil
	}
	g, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	err = g.Stage(context.Background(), "a.json")
	var locked *LockedError
	if !errors.As(err, &locked) {
		t.Fatalf("staging with the index held: %v, want a *LockedError", err)
	}
	if waited != DefaultLockWait {
		t.Errorf("waited %v in all, want %v", waited, DefaultLockWait)
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, "(.git/index.lock)") || !strings.Contains(msg, "nothing was changed") {
		t.Errorf("the message: %q", msg)
	}
	if !indexLock(dir) {
		t.Error("the other process's lock was removed")
	}
}
