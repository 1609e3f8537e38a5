package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const diffUsage = `dryfire-tui diff [PATH]`

// diffCmd is under construction; its issue replaces this file.
type diffCmd struct{}

func (c *diffCmd) flags(*pflag.FlagSet) {}

func (c *diffCmd) run(context.Context, env, []string) error {
	return errors.New("diff: not yet implemented")
}
