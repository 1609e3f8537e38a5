package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const replayUsage = `dryfire-tui replay [PATH]`

// replayCmd is under construction; its issue replaces this file.
type replayCmd struct{}

func (c *replayCmd) flags(*pflag.FlagSet) {}

func (c *replayCmd) run(context.Context, env, []string) error {
	return errors.New("replay: not yet implemented")
}
