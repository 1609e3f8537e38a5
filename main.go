// Command dryfire-tui browses, explains, cleans and gates the recorded LLM
// responses (cassettes) of dryfire projects and cassette-fn tapes.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
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

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], env{
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		now:        time.Now,
		getenv:     os.Getenv,
		isTerminal: isTerminal(os.Stdout),
	})
	stop()
	os.Exit(code)
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
