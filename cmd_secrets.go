package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const secretsUsage = `dryfire-tui secrets [PATH]`

// secretsCmd is under construction; its issue replaces this file.
type secretsCmd struct{}

func (c *secretsCmd) flags(*pflag.FlagSet) {}

func (c *secretsCmd) run(context.Context, env, []string) error {
	return errors.New("secrets: not yet implemented")
}
