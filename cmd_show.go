package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const showUsage = `dryfire-tui show [PATH]`

// showCmd is under construction; its issue replaces this file.
type showCmd struct{}

func (c *showCmd) flags(*pflag.FlagSet) {}

func (c *showCmd) run(context.Context, env, []string) error {
	return errors.New("show: not yet implemented")
}
