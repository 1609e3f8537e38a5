package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Run implements Backend: each command calls the core function its
// command-line command calls and renders the same report.
func (Core) Run(ctx context.Context, path string, req CommandRequest) CommandResult {
	var res CommandResult
	switch req.Command {
	case CommandCheck:
		res = runCheck(ctx, path)
	case CommandReplay:
		res = runReplay(ctx, path, req.Filter)
	case CommandDoctor:
		res = runDoctor(ctx, path, req.Apply)
	case CommandBaseline, CommandRedact:
		res = runSecrets(ctx, path, req)
	default:
		res.Err = fmt.Errorf("unknown command %q", req.Command)
	}
	if res.Title == "" {
		res.Title = req.Command
	}
	return res
}

// reportLines is a report document's text, line by line, as the command
// prints it.
func reportLines(doc interface{ WriteText(w io.Writer) error }) ([]string, error) {
	var b bytes.Buffer
	if err := doc.WriteText(&b); err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n"), nil
}

// runCheck is `dryfire-tui check`: every part over one scan.
func runCheck(ctx context.Context, path string) CommandResult {
	res := CommandResult{Title: "check"}
	r, err := command.RunCheck(ctx, path, command.CheckOptions{})
	if err != nil {
		res.Err = err
		return res
	}
	doc := r.Document(nil)
	res.Lines, res.Err = reportLines(doc)
	if r.Replay != nil {
		for _, e := range r.Replay.Errors {
			res.Lines = append(res.Lines, "spec error: "+e.Error())
		}
	}
	res.OK = doc.OK && (r.Replay == nil || len(r.Replay.Errors) == 0)
	return res
}

// runReplay is `dryfire-tui replay --filter CASE`: the cases whose name
// contains filter (every case for "").
func runReplay(ctx context.Context, path, filter string) CommandResult {
	res := CommandResult{Title: "replay"}
	if filter != "" {
		res.Title = "replay --filter " + filter
	}
	l, err := scan.Resolve(scan.Request{Args: []string{path}, Want: scan.Project})
	if err != nil {
		res.Err = err
		return res
	}
	p, r, err := scan.Replay(ctx, l, scan.ReplayOptions{Filter: filter})
	if err != nil {
		res.Err = err
		return res
	}
	res.Lines, res.Err = reportLines(report.NewReplay(p.Root, r))
	res.OK = r.ExitCode == 0
	return res
}

// runDoctor is `dryfire-tui doctor`, then, applied, `doctor --fix`.
func runDoctor(ctx context.Context, path string, apply bool) CommandResult {
	res := CommandResult{Title: "doctor --fix"}
	r, err := command.RunDoctor(ctx, path, command.DoctorOptions{Fix: apply})
	if err != nil {
		res.Err = err
		return res
	}
	doc := r.Document()
	res.Lines, res.Err = reportLines(doc)
	res.OK = doc.OK()
	for _, p := range r.Problems {
		switch {
		case p.Fixed:
			res.Changed = true
		case p.Fixable:
			res.Todo++
		}
	}
	res.Confirm = fmt.Sprintf("y rewrites the %d file(s) whose only problem is their format (fixable above), atomically", res.Todo)
	return res
}

// runSecrets is `dryfire-tui secrets --write-baseline FILE` or
// `secrets --redact`, or, not applied, `dryfire-tui secrets` to show what
// they would act on.
func runSecrets(ctx context.Context, path string, req CommandRequest) CommandResult {
	res := CommandResult{Title: req.Command}
	rep, err := command.ScanSecrets(ctx, path)
	if err != nil {
		res.Err = err
		return res
	}
	open, err := rep.WithBaseline("")
	if err != nil {
		res.Err = err
		return res
	}
	file := filepath.Join(rep.Root, secrets.DefaultBaselineFile)
	switch {
	case req.Command == CommandBaseline && req.Apply:
		b, _, err := rep.WriteBaseline(file, path)
		res.Err, res.Changed, res.OK = err, err == nil, err == nil
		res.Lines = []string{fmt.Sprintf("accepted %d secret(s) from %d finding(s) in %s", len(b.Findings), len(rep.Findings), file)}
		return res
	case req.Command == CommandRedact && req.Apply:
		red, err := command.RedactFiles(ctx, rep, open.Accepts)
		if err != nil {
			res.Err = err
			return res
		}
		red.NoteInterrupt(ctx)
		res.Lines, res.Err = reportLines(open.Document(red))
		res.Changed = red.Kept()
		res.OK = !red.Interrupted && (red.Replay == nil || !red.Replay.Restored)
		if red != nil && red.Replay != nil && red.Replay.Restored {
			res.Err = errors.New("redaction would break replay; every file was restored")
		}
		return res
	}
	res.Lines, res.Err = reportLines(open.Document(nil))
	res.OK = len(open.Open) == 0
	if req.Command == CommandBaseline {
		res.Todo = len(rep.Findings)
		res.Confirm = fmt.Sprintf("y accepts all %d finding(s) in %s (check and secrets then pass them)", res.Todo, file)
	} else {
		res.Todo = len(open.Open)
		res.Confirm = fmt.Sprintf("y replaces each of the %d secret(s) with [REDACTED:<rule>] in place, then replays to prove nothing broke (the files are restored if it would)", res.Todo)
	}
	return res
}
