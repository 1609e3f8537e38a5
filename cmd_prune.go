package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const pruneUsage = `dryfire-tui prune [PATH]`

// pruneCmd is under construction; its issue replaces this file.
type pruneCmd struct{}

func (c *pruneCmd) flags(*pflag.FlagSet) {}

func (c *pruneCmd) run(context.Context, env, []string) error {
	return errors.New("prune: not yet implemented")
}
