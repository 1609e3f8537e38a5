package backend

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Run implements Backend: each command of the palette is the function of
// the command tier its command-line command calls, with the same request,
// and its report is the document that command prints.
func (c Core) Run(ctx context.Context, path string, req CommandRequest) CommandResult {
	var res CommandResult
	keys := c.keys(path)
	switch req.Command {
	case CommandCheck:
		r, err := command.Check(ctx, command.CheckRequest{Env: c.Env, Paths: pathArgs(path)})
		res = resultOf(r, err)
	case CommandReplay:
		r, err := command.Replay(ctx, command.ReplayRequest{Env: c.Env, Paths: pathArgs(path), Filter: req.Filter})
		res = resultOf(r, err)
		if req.Filter != "" {
			res.Title = "replay --filter " + req.Filter
		}
	case CommandDoctor:
		res = c.runDoctor(ctx, path, req.Apply)
	case CommandBaseline, CommandRedact:
		res = c.runSecrets(ctx, path, req)
	case CommandRun:
		res = c.runReplayRun(ctx, path, keys)
	case CommandDiff:
		r, err := command.Diff(ctx, command.DiffRequest{Env: c.Env, Path: path, Ref: req.Ref})
		res = resultOf(r, err)
		if req.Ref != "" {
			res.Title = "diff " + req.Ref
		}
	case CommandPrune:
		res = c.runPrune(ctx, path, req)
	default:
		res.Err = fmt.Errorf("unknown command %q", req.Command)
	}
	if res.Title == "" {
		res.Title = req.Command
	}
	for i, l := range res.Lines {
		res.Lines[i] = keys.Mask(l)
	}
	res.Err = maskError(res.Err, keys)
	return res
}

// keys are the API keys the palette's reports mask, as the command line's
// streams mask them: those of the environment and of the providers:
// entries of the project's dryfire.yaml.
func (c Core) keys(path string) *visible.Keys {
	if c.Env.Dir != "" && !filepath.IsAbs(path) {
		path = filepath.Join(c.Env.Dir, path)
	}
	return visible.NewKeys(c.Env.Keys(os.Environ(), command.ProjectProviders(path))...)
}

// maskError is err with every key in its text masked; err itself when its
// text holds none, so that what it wraps stays reachable either way.
func maskError(err error, keys *visible.Keys) error {
	return secrets.MaskErrorText(err, keys.Mask)
}

// pathArgs are the PATH arguments of the browser's path.
func pathArgs(path string) []string {
	if path == "" {
		return nil
	}
	return []string{path}
}

// document is what every command prints.
type document interface {
	WriteText(w io.Writer) error
}

// resultOf is what the palette shows of a command's result: its document
// as the command prints it, then its spec errors and what it says after
// the document.
func resultOf[D document](r command.Result[D], err error) CommandResult {
	res := CommandResult{Outcome: r.Outcome, OK: err == nil && r.Outcome == command.OK, Changed: r.Changed}
	if err != nil {
		res.Err = err
		return res
	}
	res.Lines, res.Err = reportLines(r.Doc)
	for _, e := range r.SpecErrors {
		res.Lines = append(res.Lines, "spec error: "+e.Error())
	}
	if res.Err == nil {
		res.Err = r.Err
	}
	return res
}

// reportLines is a report document's text, line by line, as the command
// prints it.
func reportLines(doc document) ([]string, error) {
	var w lineWriter
	if err := doc.WriteText(&w); err != nil {
		return nil, err
	}
	return w.Lines(), nil
}

// runDoctor is `dryfire-tui doctor`, then, applied, `doctor --fix`.
func (c Core) runDoctor(ctx context.Context, path string, apply bool) CommandResult {
	r, err := command.Doctor(ctx, command.DoctorRequest{Env: c.Env, Path: path, Fix: apply})
	res := resultOf(r, err)
	res.Title = CommandDoctor
	if err != nil {
		return res
	}
	for _, p := range r.Doc.Problems {
		if p.Fixable && !p.Fixed {
			res.Todo++
		}
	}
	res.Confirm = fmt.Sprintf("y rewrites the %d %s whose only problem is their format (fixable above), atomically", res.Todo, report.Plural(res.Todo, "file"))
	return res
}

// runSecrets is `dryfire-tui secrets --write-baseline FILE` or `secrets
// --redact`, or, not applied, `dryfire-tui secrets` to show what they
// would act on.
func (c Core) runSecrets(ctx context.Context, path string, req CommandRequest) CommandResult {
	if req.Apply && req.Command == CommandBaseline {
		r, err := command.WriteBaseline(ctx, command.BaselineRequest{Env: c.Env, Path: path})
		return resultOf(r, err)
	}
	r, err := command.Secrets(ctx, command.SecretsRequest{Env: c.Env, Path: path, Redact: req.Apply})
	res := resultOf(r, err)
	if err != nil || req.Apply {
		return res
	}
	doc := r.Doc
	if req.Command == CommandBaseline {
		res.Todo = len(doc.Findings) + doc.Suppressed
		res.Confirm = fmt.Sprintf("y accepts %s in %s (check and secrets then pass them)", allOf(res.Todo, "finding"), baselineFile(doc))
	} else {
		res.Todo = len(doc.Findings)
		res.Confirm = fmt.Sprintf("y replaces %s with [REDACTED:<rule>] in place, then replays to prove nothing broke (the files are restored if it would)", eachOf(res.Todo, "secret"))
	}
	return res
}

// baselineFile is the baseline file a secrets document's root takes.
func baselineFile(doc *report.Secrets) string {
	return filepath.Join(doc.Root, secrets.DefaultBaselineFile)
}

// allOf is "all 3 findings", or "the finding" for one.
func allOf(n int, noun string) string {
	if n == 1 {
		return "the " + noun
	}
	return fmt.Sprintf("all %d %s", n, report.Plural(n, noun))
}

// eachOf is "each of the 3 secrets", or "the secret" for one.
func eachOf(n int, noun string) string {
	if n == 1 {
		return "the " + noun
	}
	return fmt.Sprintf("each of the %d %s", n, report.Plural(n, noun))
}
