package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

const doctorUsage = `dryfire-tui doctor [PATH] [--json] [--fix]

Checks every dryfire cassette: parse errors (with line:column), file names,
the file name's key against the body's fingerprint, schema_version, the key
recomputed from a complete request_digest, the response dryfire would serve,
and bytes that differ from what dryfire writes ("format").

PATH is a project directory (or any directory below one: the cassette root
comes from dryfire.yaml), a cassette directory, or one cassette file;
default ".". --fix rewrites, atomically, the files whose only problem is
their format and touches nothing else. Exits 1 when problems remain.

Examples:
  dryfire-tui doctor
  dryfire-tui doctor .dryfire/cassettes/refund_agent --json
  dryfire-tui doctor --fix`

type doctorCmd struct {
	json, fix bool
}

func (c *doctorCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.BoolVar(&c.fix, "fix", false, "rewrite files whose only problem is their format, atomically")
}

func (c *doctorCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help doctor'", "doctor takes at most one PATH, got %d arguments", len(args))
	}
	target := "."
	if len(args) == 1 {
		target = args[0]
	}
	rep, err := workspace.Doctor(ctx, target, workspace.DoctorOptions{Fix: c.fix, Getenv: lookupEnvFunc(e)})
	if errors.Is(err, workspace.ErrNotFound) {
		return usageErrorf("PATH is a project directory, a cassette directory or a cassette file", "%v", err)
	}
	if err != nil {
		return err
	}
	if c.json {
		err = writeDoctorJSON(e.Stdout, rep)
	} else {
		writeDoctorText(e.Stdout, rep)
	}
	if err != nil {
		return err
	}
	if rep.Remaining() > 0 || len(rep.Checks) > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

func writeDoctorText(w io.Writer, rep *workspace.DoctorReport) {
	checks := rep.Checks
	fixed, fixable := 0, 0
	for _, p := range rep.Problems {
		where := rep.Show(p.Path)
		if p.Kind == cassette.ProblemWalk {
			fmt.Fprintf(w, "%s: %s\n", p.Kind, p.Message)
			continue
		}
		if p.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d", where, p.Line, p.Column)
		}
		switch {
		case p.Fixed:
			fixed++
			fmt.Fprintf(w, "fixed %s: %s: %s\n", where, p.Kind, p.Message)
		default:
			if p.Fixable {
				fixable++
			}
			fmt.Fprintf(w, "%s: %s: %s\n", where, p.Kind, p.Message)
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "%s: note: %s\n", rep.Show(n.Path), n.Message)
	}
	for _, c := range checks {
		fmt.Fprintf(w, "%s: %s: %s\n", c.Path, c.Kind, c.Message)
	}
	summary := fmt.Sprintf("checked %d %s under %s: ", rep.Files, plural(rep.Files, "file"), rep.Base)
	remaining := rep.Remaining()
	switch {
	case remaining == 0 && fixed == 0:
		summary += "no problems"
	case remaining == 0:
		summary += fmt.Sprintf("fixed %d, no problems remain", fixed)
	default:
		summary += fmt.Sprintf("%d %s", remaining, plural(remaining, "problem"))
		if fixed > 0 {
			summary += fmt.Sprintf(" remain after fixing %d", fixed)
		}
		if fixable > 0 {
			summary += fmt.Sprintf(" (%d fixable with --fix)", fixable)
		}
	}
	if len(checks) > 0 {
		summary += fmt.Sprintf("; %d layout or tape %s", len(checks), plural(len(checks), "finding"))
	}
	fmt.Fprintln(w, summary)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

type doctorJSONProblem struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Fixable bool   `json:"fixable"`
	Fixed   bool   `json:"fixed"`
}

type doctorJSON struct {
	Root      string              `json:"root"`
	Files     int                 `json:"files"`
	Problems  []doctorJSONProblem `json:"problems"`
	Notes     []doctorJSONProblem `json:"notes"`
	Remaining int                 `json:"remaining"`
	Checks    []doctorJSONCheck   `json:"checks"`
}

type doctorJSONCheck struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

func writeDoctorJSON(w io.Writer, rep *workspace.DoctorReport) error {
	checks := rep.Checks
	conv := func(ps []cassette.Problem) []doctorJSONProblem {
		out := make([]doctorJSONProblem, 0, len(ps))
		for _, p := range ps {
			jp := doctorJSONProblem{Kind: p.Kind.String(), Message: p.Message, Line: p.Line, Column: p.Column, Fixable: p.Fixable, Fixed: p.Fixed}
			if p.Kind != cassette.ProblemWalk {
				jp.Path = rep.Show(p.Path)
			}
			out = append(out, jp)
		}
		return out
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	jc := make([]doctorJSONCheck, 0, len(checks))
	for _, c := range checks {
		jc = append(jc, doctorJSONCheck(c))
	}
	return enc.Encode(doctorJSON{Root: rep.Base, Files: rep.Files, Problems: conv(rep.Problems), Notes: conv(rep.Notes), Remaining: rep.Remaining(), Checks: jc})
}
