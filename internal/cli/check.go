package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

const checkUsage = `dryfire-tui check [PATH] [--json | --format text|json|github] [--skip PART]... [--baseline FILE]

The CI gate. Over one scan of the project around PATH (default .) it runs
  replay   every case replays offline (no miss, no erroring case)
  secrets  no secret outside the baseline (` + secrets.DefaultBaselineFile + ` at the project
           root is read automatically; --baseline names another)
  prune    no cruft: orphaned, superseded or stale-schema recordings
  doctor   no integrity problem: parse errors, keys, schema, format, turn
           gaps, repetitions, tapes
and prints one line per part, then the problems that matter. Without a
dryfire.yaml, replay and prune do not apply (tapes and bare cassette
directories still get secrets and doctor).

--format github prints GitHub Actions annotations (::error file=…,line=…::)
on the files to fix, then the text report. --json prints
{"ok", "replay", "secrets", "prune", "doctor"}, each part the document its
own command prints with --json (null when skipped or not applicable).

Exit status: 0 every part is clean; 1 a part has problems; 2 usage, spec
or config error (a suite that does not parse: its errors go to stderr).

Examples:
  dryfire-tui check
  dryfire-tui check --format github
  dryfire-tui check --skip prune --json`

// checkParts are the parts of check, in report order.
var checkParts = []string{"replay", "secrets", "prune", "doctor"}

type checkCmd struct {
	json     bool
	format   string
	skip     []string
	baseline string
}

func (c *checkCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document (same as --format json)")
	fs.StringVar(&c.format, "format", "text", "output `FORMAT`: text, json, or github (workflow annotations)")
	fs.StringArrayVar(&c.skip, "skip", nil, "do not run `PART` (replay, secrets, prune, doctor); repeatable")
	fs.StringVar(&c.baseline, "baseline", "", "accept the secrets in `FILE` (default: "+secrets.DefaultBaselineFile+" at the project root)")
}

// checkResult is every part's outcome. A nil part was skipped or does not
// apply; doc is its JSON document, exactly as its own command prints it.
type checkResult struct {
	ws      *workspace.Workspace
	skipped map[string]bool
	notes   map[string]string // why a part that was not skipped did not run

	replay *engine.Result

	secrets      []secrets.Finding // open findings
	suppressed   int
	baselineName string
	secretsScans int
	secretsSeen  bool
	prune        *workspace.PrunePlan
	doctor       *cassette.DoctorReport
	doctorTarget doctorRoot
	doctorChecks []workspace.Check

	docs map[string]json.RawMessage
}

func (c *checkCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help check'", "check takes at most one PATH, got %d arguments", len(args))
	}
	target := "."
	if len(args) == 1 {
		target = args[0]
	}
	format := c.format
	if c.json {
		if format != "text" && format != "json" {
			return usageErrorf("pass either --json or --format", "--json and --format %s disagree", format)
		}
		format = "json"
	}
	switch format {
	case "text", "json", "github":
	default:
		return usageErrorf("--format is text, json or github", "unknown format %q", format)
	}
	skipped := map[string]bool{}
	for _, s := range c.skip {
		for part := range strings.SplitSeq(s, ",") {
			part = strings.TrimSpace(part)
			if !slices.Contains(checkParts, part) {
				return usageErrorf("--skip takes replay, secrets, prune or doctor", "unknown part %q", part)
			}
			skipped[part] = true
		}
	}
	if len(skipped) == len(checkParts) {
		return usageErrorf("skip fewer parts", "every part is skipped: nothing to check")
	}
	r, err := c.check(ctx, e, target, skipped)
	if err != nil {
		return err
	}
	if r.replay != nil {
		printSpecErrors(e.Stderr, r.ws.Root, r.replay.Errors)
	}
	switch format {
	case "json":
		err = writeCheckJSON(e.Stdout, r)
	case "github":
		writeCheckAnnotations(e.Stdout, r)
		writeCheckText(e.Stdout, r)
	default:
		writeCheckText(e.Stdout, r)
	}
	if err != nil {
		return err
	}
	switch {
	case r.replay != nil && len(r.replay.Errors) > 0:
		return &exitError{code: exitUsage, err: fmt.Errorf("%d spec or config %s", len(r.replay.Errors), plural(len(r.replay.Errors), "error")),
			hint: "fix the errors above; suites that parse were still checked"}
	case !r.ok():
		return exitWith(exitFindings)
	}
	return nil
}

// check opens the workspace once and runs every part that is not skipped.
// Doctor's per-file checks and the secret scan ride on the scan's single
// read of each cassette file.
func (c *checkCmd) check(ctx context.Context, e Env, target string, skipped map[string]bool) (*checkResult, error) {
	r := &checkResult{skipped: skipped, notes: map[string]string{}, docs: map[string]json.RawMessage{}}
	var mu sync.Mutex
	type fileResult struct{ problems, notes []cassette.Problem }
	doctorFiles := map[*cassette.StoreFile]fileResult{}
	found := map[string][]secrets.Finding{} // absolute path → findings
	onFile := func(f *cassette.StoreFile, cs *cassette.Cassette, data []byte) {
		var fr fileResult
		if !skipped["doctor"] {
			fr.problems, fr.notes = cassette.CheckFile(f, cs, data, tape.Detect)
		}
		var findings []secrets.Finding
		scanned := false
		if !skipped["secrets"] && cs != nil {
			findings, scanned = scanSecrets(f.Path, cs, data)
		}
		mu.Lock()
		defer mu.Unlock()
		if !skipped["doctor"] {
			doctorFiles[f] = fr
		}
		if scanned {
			found[f.Path] = findings
		}
	}
	ws, err := openScanPath(ctx, e, target, workspace.Options{OnFile: onFile})
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) || ctx.Err() != nil {
			return nil, err
		}
		return nil, &exitError{code: exitUsage, err: err} // the project configuration
	}
	r.ws = ws
	printProblems(e.Stderr, ws)
	if ws.Project == nil && len(ws.Recordings) == 0 {
		return nil, usageErrorf("run it inside a dryfire project, or pass a cassette or tapes directory",
			"nothing to check: no dryfire.yaml at or above %s and no recordings in it", target)
	}
	noProject := "no dryfire.yaml at or above " + target
	if !skipped["replay"] {
		if ws.Replay == nil {
			r.notes["replay"] = noProject
		} else {
			r.replay = ws.Replay
			var b bytes.Buffer
			if err := writeReplayJSON(&b, ws.Project, ws.Replay); err != nil {
				return nil, err
			}
			r.docs["replay"] = b.Bytes()
		}
	}
	if !skipped["prune"] {
		switch {
		case ws.Project == nil:
			r.notes["prune"] = noProject
		case len(configErrors(ws.Project)) > 0:
			r.notes["prune"] = suite.ConfigFileName + " has errors"
		default:
			plan := ws.PrunePlan()
			r.prune = &plan
			var b bytes.Buffer
			if err := writePruneJSON(&b, plan, nil); err != nil {
				return nil, err
			}
			r.docs["prune"] = b.Bytes()
		}
	}
	if !skipped["secrets"] {
		if err := c.checkSecrets(r, found); err != nil {
			return nil, err
		}
	}
	if !skipped["doctor"] {
		if err := checkDoctor(ctx, r, target, func(rep *cassette.DoctorReport) {
			for _, f := range ws.Store.Files {
				fr := doctorFiles[f]
				rep.Problems = append(rep.Problems, fr.problems...)
				rep.Notes = append(rep.Notes, fr.notes...)
			}
		}); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// scanSecrets scans one file of the store as secrets.ScanPath does: a tape
// as a tape, a dryfire cassette as a cassette, anything else not at all.
func scanSecrets(abs string, cs *cassette.Cassette, data []byte) ([]secrets.Finding, bool) {
	if b := cs.Body; b.Has("entries") && !b.Has("fingerprint") {
		t, err := tape.Decode(data)
		if err != nil {
			return nil, false
		}
		return secrets.ScanTape(abs, t), true
	}
	if b := cs.Body; b.Has("response") || b.Has("request_digest") || b.Has("fingerprint") {
		return secrets.ScanCassette(abs, cs), true
	}
	return nil, false
}

// checkSecrets gathers the findings of the store files and of the tapes,
// relative to the root and within PATH, and applies the baseline as the
// secrets command does.
func (c *checkCmd) checkSecrets(r *checkResult, found map[string][]secrets.Finding) error {
	ws := r.ws
	for _, t := range ws.Tapes {
		if _, seen := found[t.Path]; !seen {
			found[t.Path] = secrets.ScanTape(t.Path, t)
		}
	}
	rep := &secrets.Report{Root: ws.Root}
	// Each path is made relative once, not at every comparison of the sort.
	type relPath struct{ abs, rel string }
	paths := make([]relPath, 0, len(found))
	for p := range found {
		if isWithin(p, ws.Path) {
			paths = append(paths, relPath{p, projectRel(ws.Root, p)})
		}
	}
	slices.SortFunc(paths, func(a, b relPath) int { return strings.Compare(a.rel, b.rel) })
	for _, p := range paths {
		for _, f := range found[p.abs] {
			f.Path = p.rel
			rep.Findings = append(rep.Findings, f)
		}
	}
	rep.Files = len(paths)
	bl, blName, err := (&secretsCmd{baseline: c.baseline}).loadBaseline(rep.Root)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	r.secrets, r.suppressed = openFindings(bl, rep)
	r.baselineName, r.secretsScans, r.secretsSeen = blName, rep.Files, true
	var b bytes.Buffer
	if err := printSecretsJSON(&b, r.secrets, r.suppressed, blName, nil); err != nil {
		return err
	}
	r.docs["secrets"] = b.Bytes()
	return nil
}

// checkDoctor builds doctor's report. When doctor would check the
// workspace's own cassette root, fill adds the per-file results gathered
// during the scan; otherwise (PATH below the cassette root, no project)
// doctor's own walk runs on its root.
func checkDoctor(ctx context.Context, r *checkResult, target string, fill func(*cassette.DoctorReport)) error {
	t, err := doctorTarget(target)
	if err != nil {
		return err
	}
	ws := r.ws
	var rep *cassette.DoctorReport
	tAbs, _ := filepath.Abs(t.root)
	sAbs, _ := filepath.Abs(ws.Store.Root)
	switch {
	case t.project && ws.Store.Root != "" && tAbs == sAbs:
		rep = &cassette.DoctorReport{Root: t.root, Files: len(ws.Store.Files)}
		for _, err := range ws.Store.Problems {
			rep.Problems = append(rep.Problems, cassette.Problem{Kind: cassette.ProblemWalk, Message: err.Error()})
		}
		fill(rep)
	default:
		if _, err := os.Stat(t.root); errors.Is(err, fs.ErrNotExist) && t.project {
			rep = &cassette.DoctorReport{Root: t.root}
		} else if rep, err = cassette.Doctor(ctx, t.root, cassette.DoctorOptions{Foreign: tape.Detect}); err != nil {
			return err
		}
	}
	r.doctor, r.doctorTarget, r.doctorChecks = rep, t, ws.DoctorChecks()
	var b bytes.Buffer
	if err := writeDoctorJSON(&b, t, rep, r.doctorChecks); err != nil {
		return err
	}
	r.docs["doctor"] = b.Bytes()
	return nil
}

func isWithin(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// problems counts what fails each part; -1 for a part that did not run.
func (r *checkResult) problems(part string) int {
	switch part {
	case "replay":
		if r.replay == nil {
			return -1
		}
		return len(r.replayProblems()) + len(r.replay.Errors)
	case "secrets":
		if !r.secretsSeen {
			return -1
		}
		return len(r.secrets)
	case "prune":
		if r.prune == nil {
			return -1
		}
		return len(r.prune.Candidates)
	case "doctor":
		if r.doctor == nil {
			return -1
		}
		return r.doctor.Remaining() + len(r.doctorChecks)
	}
	return -1
}

func (r *checkResult) ok() bool {
	for _, p := range checkParts {
		if r.problems(p) > 0 {
			return false
		}
	}
	return true
}

// replayProblems are the repetitions that fail replay: a miss, an error,
// or a recorded provider error.
func (r *checkResult) replayProblems() []*engine.CaseResult {
	var out []*engine.CaseResult
	for i := range r.replay.Cases {
		c := &r.replay.Cases[i]
		if c.Outcome == engine.OutcomeMiss || c.Outcome == engine.OutcomeError || c.Termination == "provider_error" {
			out = append(out, c)
		}
	}
	return out
}

// explanation is the stale-recording explanation of a missed repetition.
func (r *checkResult) explanation(c *engine.CaseResult) *workspace.Explanation {
	for _, x := range r.ws.Stale {
		if x.Suite == c.Suite && x.Case == c.Case && x.RepeatIndex == c.RepeatIndex {
			return x
		}
	}
	return nil
}
