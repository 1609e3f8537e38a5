//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// holdGitAdd makes every git add in the repository at dir stop while it
// holds the index lock: a clean filter that, run by an add, opens a named
// pipe (so the test knows, with no sleep) and then waits on a second one.
// It returns the wait for the add to be there, and the release of the
// filter (also made at cleanup).
func holdGitAdd(t *testing.T, dir string) (reached <-chan struct{}, release func()) {
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
	script := filepath.Join(tmp, "hold.sh")
	write(t, script, fmt.Sprintf(`#!/bin/sh
exec 2>/dev/null
case "$(tr '\0' ' ' < /proc/$PPID/cmdline)" in
*" add "*) : > %q; read line < %q ;;
esac
exec cat
`, readyFIFO, holdFIFO))
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "config", "filter.hold.clean", script)
	write(t, filepath.Join(dir, ".git", "info", "attributes"), "* filter=hold\n")
	ch := make(chan struct{})
	go func() {
		// Opening the pipe for reading waits until the filter opens it.
		if f, err := os.Open(readyFIFO); err == nil {
			f.Close()
		}
		close(ch)
	}()
	release = func() {
		// O_RDWR never blocks on a FIFO: a waiting filter reads the line.
		if f, err := os.OpenFile(holdFIFO, os.O_RDWR, 0); err == nil {
			fmt.Fprintln(f, "go")
			f.Close()
		}
	}
	t.Cleanup(func() {
		release()
		// Unblock the opener if no add ever came.
		if f, err := os.OpenFile(readyFIFO, os.O_RDWR, 0); err == nil {
			f.Close()
		}
	})
	return ch, release
}

// TestHostileReviewAcceptInterrupted: Ctrl-C while review --accept's git
// add holds the index lock, sent to the tool alone (it interrupts git
// itself) or to the whole process group (as a terminal sends it, git gets
// it too), stops the review with 130 and leaves the repository unlocked:
// git, review and a second review --accept work afterwards.
func TestHostileReviewAcceptInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, group := range []bool{false, true} {
		t.Run(fmt.Sprintf("group=%v", group), func(t *testing.T) {
			dir := projectA(t)
			live := filepath.Join(dir, liveCassette)
			data, err := os.ReadFile(live)
			if err != nil {
				t.Fatal(err)
			}
			write(t, live, strings.Replace(string(data), `"Looking both up."`, `"Looking both orders up."`, 1))
			reached, release := holdGitAdd(t, dir)
			r := interruptAt(t, dir, reached, group, "review", "--accept", liveCassette)
			release()
			if r.code != 130 || !strings.Contains(r.stderr, "interrupted") {
				t.Errorf("want exit 130, interrupted\n%v", r)
			}
			if _, err := os.Lstat(filepath.Join(dir, ".git", "index.lock")); err == nil {
				t.Fatalf(".git/index.lock is left behind\n%v", r)
			}
			if st := gitIn(t, dir, "status", "--porcelain"); !strings.Contains(st, " M "+liveCassette) {
				t.Errorf("the cassette should be modified and not staged: %q", st)
			}
			runHostile(t, dir, nil, "review")
			gitIn(t, dir, "config", "--unset", "filter.hold.clean")
			if again := runHostile(t, dir, nil, "review", "--accept", liveCassette); again.code != 0 {
				t.Errorf("review --accept after the interrupted one\n%v", again)
			}
			if st := gitIn(t, dir, "status", "--porcelain"); !strings.Contains(st, "M  "+liveCassette) {
				t.Errorf("the cassette is not staged: %q", st)
			}
		})
	}
}

// interruptAt runs the binary in dir and sends it SIGINT once reached is
// closed (to its process group when group is set), and returns the run,
// checked as every run is except for its exit code.
func interruptAt(t *testing.T, dir string, reached <-chan struct{}, group bool, args ...string) run {
	t.Helper()
	bin, err := hostileBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = hostileEnv()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr cappedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-reached:
	case err := <-exited:
		t.Fatalf("ended before git add was reached: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	pid := cmd.Process.Pid
	if group {
		pid = -pid
	}
	if err := syscall.Kill(pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	<-exited
	if ctx.Err() != nil {
		t.Fatalf("hung: still running after %v", hostileDeadline)
	}
	r := run{args: args, stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("panicked\n%v", r)
	}
	if out := r.stdout + r.stderr; visible.Text(out) != out {
		t.Errorf("printed a control character\n%v", r)
	}
	return r
}
