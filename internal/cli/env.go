package cli

import (
	"io"
	"os"
	"time"
)

// Env is what a command may touch of the outside world; tests pass their own.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Now    func() time.Time
	Getenv func(string) string
	// IsTerminal reports whether stdout is a terminal (colour, the browser).
	IsTerminal bool
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
