package backend

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/command/dryfire"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
)

// runReplayRun is `dryfire-tui run --cassette-mode replay`: the suites run
// as dryfire runs them, every call answered by the recordings and none
// sent, and the terminal report dryfire prints (the recorded secrets and
// the keys of the environment masked, as on the command line).
func (c Core) runReplayRun(ctx context.Context, path string, keys *visible.Keys) CommandResult {
	res := CommandResult{Title: CommandRun}
	rp, err := dryfire.PrepareRun(ctx, dryfire.RunRequest{Env: c.Env, Paths: pathArgs(path), Mode: engine.ModeReplay})
	if err != nil {
		res.Outcome, res.Err = command.UsageError, err
		return res
	}
	if rp.NothingToRun() {
		res.Lines, res.OK = []string{"no cases matched"}, true
		return res
	}
	run := dryfire.Execute(ctx, rp)
	res.Outcome, res.OK = run.Outcome, run.Outcome == command.OK
	if run.Outcome == command.Interrupted {
		res.Err = ctx.Err()
		return res
	}
	var out bytes.Buffer
	for _, n := range rp.Notes {
		out.WriteString(n + "\n")
	}
	res.Err = report.WriteRunEnd(&out, &out, rp, run.Result, run.Recorded, runreport.RunOutput{
		Reporter: "terminal", Keys: keys,
		Text: runreport.RunTextOptions{Path: runreport.RelativeTo(rp.Project.Root)},
	})
	res.Lines = strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	return res
}

// runPrune is `dryfire-tui prune`, the dry run that lists what may go,
// then, applied, `prune --yes`: only while the files it would remove are
// still those the dry run listed (req.Listed), so that y never removes a
// file the person was not shown.
func (c Core) runPrune(ctx context.Context, path string, req CommandRequest) CommandResult {
	dry, err := command.Prune(ctx, command.PruneRequest{Env: c.Env, Path: path})
	res := resultOf(dry, err)
	res.Title = CommandPrune
	if err != nil || dry.Doc == nil {
		return res
	}
	paths := make([]string, len(dry.Doc.Candidates))
	for i, p := range dry.Doc.Candidates {
		paths[i] = p.Path
	}
	listed := strings.Join(paths, "\n")
	if !req.Apply {
		res.Todo, res.Listed = len(paths), listed
		res.Confirm = fmt.Sprintf("y removes the %d %s listed above (prune --yes), each only while it is as listed", len(paths), report.Plural(len(paths), "file"))
		return res
	}
	if listed != req.Listed {
		res.Lines = append(res.Lines, "")
		res.OK, res.Outcome = false, command.UsageError
		res.Err = fmt.Errorf("nothing removed: the files prune would remove changed since they were listed (above, as they are now); run prune again")
		return res
	}
	done, err := command.Prune(ctx, command.PruneRequest{Env: c.Env, Path: path, Yes: true})
	res = resultOf(done, err)
	res.Title = CommandPrune + " --yes"
	res.Changed = done.Doc != nil && len(done.Doc.Removed) > 0
	return res
}
