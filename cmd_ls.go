package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const lsUsage = `dryfire-tui ls [PATH]`

// lsCmd is under construction; its issue replaces this file.
type lsCmd struct{}

func (c *lsCmd) flags(*pflag.FlagSet) {}

func (c *lsCmd) run(context.Context, env, []string) error {
	return errors.New("ls: not yet implemented")
}
