package main

import (
	"io"
	"os"
	"time"
)

// env is what a command may touch of the outside world; tests pass their own.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	now    func() time.Time
	getenv func(string) string
	// isTerminal reports whether stdout is a terminal (colour, the browser).
	isTerminal bool
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
