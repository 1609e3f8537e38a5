//go:build linux

package main

import (
	"io"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// terminals are the pseudo-terminals a hostile run writes its stdout and
// stderr to, and the readers that copy what arrives.
type terminals struct {
	masters, slaves []*os.File
	read            sync.WaitGroup
}

// openTerminals opens a pseudo-terminal of 120×35 for each of cmd's stdout
// and stderr, with the terminal's output processing off (a newline stays a
// newline: the bytes read are the bytes the run wrote), and copies what
// arrives on each into the writer given for it.
func openTerminals(t *testing.T, cmd *exec.Cmd, stdout, stderr io.Writer) *terminals {
	t.Helper()
	tt := &terminals{}
	for _, w := range []io.Writer{stdout, stderr} {
		master, slave, err := pty.Open()
		if err != nil {
			t.Fatalf("open a pseudo-terminal: %v", err)
		}
		if err := pty.Setsize(master, &pty.Winsize{Rows: 35, Cols: 120}); err != nil {
			t.Fatal(err)
		}
		tio, err := unix.IoctlGetTermios(int(slave.Fd()), unix.TCGETS)
		if err != nil {
			t.Fatal(err)
		}
		tio.Oflag &^= unix.OPOST
		if err := unix.IoctlSetTermios(int(slave.Fd()), unix.TCSETS, tio); err != nil {
			t.Fatal(err)
		}
		tt.masters, tt.slaves = append(tt.masters, master), append(tt.slaves, slave)
		tt.read.Add(1)
		go func() {
			defer tt.read.Done()
			// It ends at EIO, once every process holding the terminal
			// closed it, or when drain closes the master.
			_, _ = io.Copy(w, master)
		}()
	}
	cmd.Stdout, cmd.Stderr = tt.slaves[0], tt.slaves[1]
	return tt
}

// started closes this process's copies of the terminals, once the run
// holds its own.
func (tt *terminals) started() {
	for _, s := range tt.slaves {
		s.Close()
	}
}

// drain waits for the last bytes the run wrote, then closes the
// terminals.
func (tt *terminals) drain(t *testing.T) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		tt.read.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(hostileDrain):
		t.Errorf("a process still held the terminal %v after the run ended", hostileDrain)
	}
	for _, m := range tt.masters {
		m.Close()
	}
}
