package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
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
	t, err := doctorTarget(target)
	if err != nil {
		return err
	}
	var rep *cassette.DoctorReport
	if _, err := os.Stat(t.root); errors.Is(err, fs.ErrNotExist) && t.project {
		rep = &cassette.DoctorReport{Root: t.root}
	} else if rep, err = cassette.Doctor(ctx, t.root, cassette.DoctorOptions{Fix: c.fix, Foreign: tape.Detect}); err != nil {
		return err
	}
	checks := doctorChecks(ctx, e, target)
	if c.json {
		err = writeDoctorJSON(e.Stdout, t, rep, checks)
	} else {
		writeDoctorText(e.Stdout, t, rep, checks)
	}
	if err != nil {
		return err
	}
	if rep.Remaining() > 0 || len(checks) > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

// doctorRoot is what doctor checks and how its paths are shown.
type doctorRoot struct {
	root    string // the directory (or file) to check
	base    string // how root is shown: relative to the project root when there is one
	project bool
}

// doctorTarget resolves PATH: inside a project the cassette root comes from
// dryfire.yaml (or PATH itself when it lies within that root); otherwise
// PATH is the cassette directory.
func doctorTarget(target string) (doctorRoot, error) {
	fi, err := os.Stat(target)
	if err != nil {
		return doctorRoot{}, usageErrorf("PATH is a project directory, a cassette directory or a cassette file", "%v", err)
	}
	// Only the config is needed (the roots): the suites are not parsed.
	p, err := suite.LoadConfig(target)
	if errors.Is(err, suite.ErrNoProject) {
		return doctorRoot{root: target, base: filepath.ToSlash(filepath.Clean(target))}, nil
	}
	if err != nil {
		return doctorRoot{}, err
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return doctorRoot{}, err
	}
	t := doctorRoot{root: p.CassetteRoot, project: true}
	if within(p.CassetteRoot, abs) {
		t.root = abs
	}
	shown := t.root
	if !fi.IsDir() && t.root == abs {
		shown = filepath.Dir(abs)
	}
	t.base = filepath.ToSlash(shown)
	if rel, err := filepath.Rel(p.Root, shown); err == nil && !strings.HasPrefix(rel, "..") {
		t.base = filepath.ToSlash(rel)
	}
	return t, nil
}

// within reports whether p is dir or lies below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

func (t doctorRoot) show(rel string) string {
	if rel == "" {
		return t.base
	}
	return path.Join(t.base, rel)
}

// doctorChecks are the checks across files (turn gaps, repetitions, layout,
// tapes), from the same scan the other commands use.
func doctorChecks(ctx context.Context, e Env, target string) []workspace.Check {
	ws, err := workspace.Open(ctx, target, workspace.Options{Getenv: lookupEnvFunc(e)})
	if err != nil {
		return nil
	}
	return ws.DoctorChecks()
}

func writeDoctorText(w io.Writer, t doctorRoot, rep *cassette.DoctorReport, checks []workspace.Check) {
	fixed, fixable := 0, 0
	for _, p := range rep.Problems {
		where := t.show(p.Path)
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
		fmt.Fprintf(w, "%s: note: %s\n", t.show(n.Path), n.Message)
	}
	for _, c := range checks {
		fmt.Fprintf(w, "%s: %s: %s\n", c.Path, c.Kind, c.Message)
	}
	summary := fmt.Sprintf("checked %d %s under %s: ", rep.Files, plural(rep.Files, "file"), t.base)
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

func writeDoctorJSON(w io.Writer, t doctorRoot, rep *cassette.DoctorReport, checks []workspace.Check) error {
	conv := func(ps []cassette.Problem) []doctorJSONProblem {
		out := make([]doctorJSONProblem, 0, len(ps))
		for _, p := range ps {
			jp := doctorJSONProblem{Kind: p.Kind.String(), Message: p.Message, Line: p.Line, Column: p.Column, Fixable: p.Fixable, Fixed: p.Fixed}
			if p.Kind != cassette.ProblemWalk {
				jp.Path = t.show(p.Path)
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
	return enc.Encode(doctorJSON{Root: t.base, Files: rep.Files, Problems: conv(rep.Problems), Notes: conv(rep.Notes), Remaining: rep.Remaining(), Checks: jc})
}
