package main

import (
	"context"
	"errors"

	"github.com/spf13/pflag"
)

const doctorUsage = `dryfire-tui doctor [PATH]`

// doctorCmd is under construction; its issue replaces this file.
type doctorCmd struct{}

func (c *doctorCmd) flags(*pflag.FlagSet) {}

func (c *doctorCmd) run(context.Context, env, []string) error {
	return errors.New("doctor: not yet implemented")
}
