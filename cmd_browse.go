package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const browseUsage = `dryfire-tui browse [PATH]`

// browseCmd is under construction; its issue replaces this file.
type browseCmd struct{}

func (c *browseCmd) flags(*pflag.FlagSet) {}

func (c *browseCmd) run(context.Context, env, []string) error {
	return errors.New("browse: not yet implemented")
}
