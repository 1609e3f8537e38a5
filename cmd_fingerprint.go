package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const fingerprintUsage = `dryfire-tui fingerprint [PATH]`

// fingerprintCmd is under construction; its issue replaces this file.
type fingerprintCmd struct{}

func (c *fingerprintCmd) flags(*pflag.FlagSet) {}

func (c *fingerprintCmd) run(context.Context, env, []string) error {
	return errors.New("fingerprint: not yet implemented")
}
