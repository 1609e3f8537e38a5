// Command dryfire-tui browses, explains, cleans and gates the recorded LLM
// responses (cassettes) of dryfire projects and cassette-fn tapes.
package main

import (
	"context"
	"os"
	"os/signal"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Run(ctx, os.Args[1:], cli.Env{
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Now:        time.Now,
		LookupEnv:  os.LookupEnv,
		IsTerminal: cli.IsTerminal(os.Stdout),
		// Colour on stderr only on a terminal.
		ErrIsTerminal: cli.IsTerminal(os.Stderr),
		// Run asks before it calls a model provider, on a terminal only.
		InputIsTerminal: cli.IsTerminal(os.Stdin) && cli.IsTerminal(os.Stderr),
	})
	stop()
	os.Exit(code)
}
