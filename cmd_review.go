package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const reviewUsage = `dryfire-tui review [PATH]`

// reviewCmd is under construction; its issue replaces this file.
type reviewCmd struct{}

func (c *reviewCmd) flags(*pflag.FlagSet) {}

func (c *reviewCmd) run(context.Context, env, []string) error {
	return errors.New("review: not yet implemented")
}
