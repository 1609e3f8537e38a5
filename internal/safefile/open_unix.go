//go:build unix

package safefile

import (
	"io"
	"syscall"
)

// rawFile is a file read with plain system calls, outside the runtime's
// poller (regular files never block in it anyway).
type rawFile int

// openRaw opens path for reading, non-blocking: a regular file ignores the
// flag, and a named pipe swapped in after the stat then cannot block.
func openRaw(path string) (rawFile, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err == syscall.EINTR {
			continue
		}
		return rawFile(fd), err
	}
}

func (f rawFile) read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(int(f), p)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			// Only a pipe or a device says "try again": not a regular file.
			return 0, &NotRegularError{Kind: "named pipe (FIFO)"}
		case err != nil:
			return 0, err
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f rawFile) close() { syscall.Close(int(f)) }
