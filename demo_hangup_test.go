//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestDemoCopyRemovedWhenTheTerminalGoes: the demo copy, whose recording
// holds a planted (fake) secret, is removed however the browser ends: the
// terminal closed (its pseudo-terminal hung up, as closing the window or
// tmux kill-session does: SIGHUP), SIGHUP sent, SIGTERM, and q.
func TestDemoCopyRemovedWhenTheTerminalGoes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := hostileBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, end := range []string{"hang-up", "SIGHUP", "SIGTERM", "q"} {
		t.Run(end, func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(bin, "--demo")
			cmd.Env = append(hostileEnv(), "TMPDIR="+tmp, "TERM=xterm-256color")
			term := startOnTerminal(t, cmd)
			screen := &watched{want: []byte("n walks secret"), seen: make(chan struct{})}
			go func() { _, _ = io.Copy(screen, term) }()
			select {
			case <-screen.seen:
			case <-time.After(hostileDeadline):
				t.Fatalf("the demo never showed its first screen:\n%s", screen.text())
			}
			if copies, _ := filepath.Glob(filepath.Join(tmp, "dryfire-tui-demo-*")); len(copies) != 1 {
				t.Fatalf("the demo copy is not in TMPDIR while it runs: %q", copies)
			}
			switch end {
			case "hang-up":
				term.Close()
			case "SIGHUP":
				_ = cmd.Process.Signal(syscall.SIGHUP)
			case "SIGTERM":
				_ = cmd.Process.Signal(syscall.SIGTERM)
			case "q":
				_, _ = term.Write([]byte("q"))
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(hostileDeadline):
				_ = cmd.Process.Kill()
				t.Fatalf("still running %v after the %s", hostileDeadline, end)
			}
			term.Close()
			if left, _ := filepath.Glob(filepath.Join(tmp, "dryfire-tui-demo-*")); len(left) > 0 {
				t.Errorf("after the %s the demo copy, with its planted secret, is left behind: %q", end, left)
			}
		})
	}
}

// startOnTerminal starts cmd on a new 80×24 pseudo-terminal, its
// controlling terminal, and returns the terminal's side the test holds:
// non-blocking, so that closing it while a read waits really hangs the
// terminal up (a blocking read would keep it open).
func startOnTerminal(t *testing.T, cmd *exec.Cmd) *os.File {
	t.Helper()
	master, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatal(err)
	}
	fd, err := syscall.Dup(int(master.Fd()))
	if err == nil {
		err = syscall.SetNonblock(fd, true)
	}
	master.Close()
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatal(err)
	}
	return os.NewFile(uintptr(fd), "ptmx")
}

// watched is what a terminal shows, and a channel closed once want is
// in it.
type watched struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want []byte
	seen chan struct{}
	once sync.Once
}

func (w *watched) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if bytes.Contains(w.buf.Bytes(), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func (w *watched) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
