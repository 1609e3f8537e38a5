package cli

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
)

const doctorUsage = `dryfire-tui doctor [PATH] [--json] [--fix]

Checks every dryfire cassette: parse errors (with line:column), file names,
the file name's key against the body's fingerprint, schema_version, the key
recomputed from a complete request_digest, the response dryfire would serve,
and bytes that differ from what dryfire writes ("format").

PATH is a project directory (or any directory below one: the cassette root
comes from dryfire.yaml), a cassette directory, or one cassette file;
default ".". --fix rewrites, atomically, the files whose only problem is
their format (never through a symbolic link, never a file changed since it
was read, never bytes over the file size limit, each file read back) and
removes the temporary files of killed writes; it touches nothing else, and
nothing under a cassette root that a symbolic link leads out of the project
unless --allow-outside-project is given. Exits 1 when problems remain.

` + recordingPaths + `

Examples:
  dryfire-tui doctor
  dryfire-tui doctor .dryfire/cassettes/refund_agent --json
  dryfire-tui doctor --fix`

type doctorCmd struct {
	json, fix, allowOutside bool
}

func (c *doctorCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.fix, "fix", false, "rewrite files whose only problem is their format, atomically")
	allowOutsideFlag(fs, &c.allowOutside, "rewrite")
}

func (c *doctorCmd) run(ctx context.Context, e Env, args []string) error {
	path, err := pathArg("doctor", args)
	if err != nil {
		return err
	}
	res, err := command.Doctor(ctx, command.DoctorRequest{Env: e.core(), Path: path, Fix: c.fix, AllowOutside: c.allowOutside})
	return finish(e, c.json, res, err)
}
