package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const checkUsage = `dryfire-tui check [PATH]`

// checkCmd is under construction; its issue replaces this file.
type checkCmd struct{}

func (c *checkCmd) flags(*pflag.FlagSet) {}

func (c *checkCmd) run(context.Context, env, []string) error {
	return errors.New("check: not yet implemented")
}
