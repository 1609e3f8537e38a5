package cli

import (
	"context"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

const lsUsage = `dryfire-tui ls [PATH] [--json] [--status S]

Lists every recording under PATH (default .) with its status and the reason
for it: dryfire cassette files (one per model turn) and cassette-fn tape
entries. Statuses: live, stale, superseded, orphaned case, orphaned suite,
stale schema_version, in use, protected, invalid, unknown; for tapes ok,
key mismatch, error entry, empty.

` + suitePaths + `

Examples:
  dryfire-tui ls
  dryfire-tui ls --status stale --status "orphaned case"
  dryfire-tui ls .dryfire/cassettes/refund_agent --json`

type lsCmd struct {
	json     bool
	statuses []string
}

func (c *lsCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.StringArrayVar(&c.statuses, "status", nil, "list only recordings with status `S` (repeat, or separate with commas)")
}

func (c *lsCmd) run(ctx context.Context, e Env, args []string) error {
	want, err := parseStatuses(c.statuses)
	if err != nil {
		return err
	}
	path, err := pathArg("ls", args)
	if err != nil {
		return err
	}
	res, err := command.Ls(ctx, command.LsRequest{Env: e.core(), Path: path, Statuses: want})
	return finish(e, c.json, res, err)
}

// parseStatuses reads --status values.
func parseStatuses(values []string) (map[scan.Status]bool, error) {
	want := map[scan.Status]bool{}
	for _, v := range values {
		for name := range strings.SplitSeq(v, ",") {
			name = strings.TrimSpace(name)
			st, ok := scan.ParseStatus(name)
			if !ok {
				return nil, usageErrorf("statuses are "+strings.Join(scan.Statuses()[1:], ", "), "unknown status %q", name)
			}
			want[st] = true
		}
	}
	return want, nil
}
