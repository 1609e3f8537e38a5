// Command dryfire-tui browses, explains, cleans and gates the recorded LLM
// responses (cassettes) of dryfire projects and cassette-fn tapes.
package main

import (
	"context"
	"os"
	"os/signal"
	"time"
)

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
