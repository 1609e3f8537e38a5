package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const secretsUsage = `dryfire-tui secrets [PATH] [--json] [--baseline FILE] [--write-baseline FILE] [--redact]

Finds API keys, tokens, passwords and private keys left in recordings: every
string and key of dryfire cassettes (request digest, response, raw payload)
and cassette-fn tapes (args, kwargs, result, error). Secrets are never
printed: a finding shows a preview and the SHA-256 of the secret.

A baseline accepts known findings by rule and hash; ` + secrets.DefaultBaselineFile + `
at the project root is read automatically. Exit 1 when unsuppressed
findings remain.

Examples:
  dryfire-tui secrets
  dryfire-tui secrets tapes/ --json
  dryfire-tui secrets --write-baseline ` + secrets.DefaultBaselineFile + `
  dryfire-tui secrets --redact`

type secretsCmd struct {
	json          bool
	baseline      string
	writeBaseline string
	redact        bool
}

func (c *secretsCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.StringVar(&c.baseline, "baseline", "", "accept the findings in `FILE` (default: "+secrets.DefaultBaselineFile+" at the project root)")
	fs.StringVar(&c.writeBaseline, "write-baseline", "", "accept every current finding: write them to `FILE`")
	fs.BoolVar(&c.redact, "redact", false, "replace each secret with [REDACTED:<rule>] in place, then prove replay still hits")
}

func (c *secretsCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return usageErrorf("run 'dryfire-tui help secrets'", "secrets takes one PATH, got %d", len(args))
	}
	path := "."
	if len(args) == 1 {
		path = args[0]
	}
	rep, err := workspace.ScanSecrets(ctx, path)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	for _, p := range rep.Problems {
		fmt.Fprintf(e.Stderr, "dryfire-tui: warning: %v\n", p)
	}
	if c.writeBaseline != "" {
		return c.write(e, rep, path)
	}
	res, err := rep.WithBaseline(c.baseline)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	var red *workspace.RedactReport
	if c.redact && len(res.Open) > 0 {
		red, err = workspace.RedactSecrets(ctx, rep, res.Accepts)
		if err != nil {
			return err
		}
	}
	if c.json {
		err = printSecretsJSON(e.Stdout, res, red)
	} else {
		printSecretsText(e.Stdout, res, red)
	}
	if err != nil {
		return err
	}
	switch {
	case red != nil && red.Replay != nil && red.Replay.Restored:
		return &exitError{code: exitFindings, err: errors.New("redaction would break replay; every file was restored"),
			hint: "redact those values by hand, or accept them with --write-baseline"}
	case red != nil:
		return nil
	case len(res.Open) > 0:
		return exitWith(exitFindings)
	}
	return nil
}

// write records every current finding as accepted, scoped to PATH when it
// is not the project root. Entries of the file outside that scope are kept.
func (c *secretsCmd) write(e Env, rep *workspace.SecretsReport, path string) error {
	scope := ""
	if abs, err := filepath.Abs(path); err == nil {
		if r, err := filepath.Rel(rep.Root, abs); err == nil && r != "." && !strings.HasPrefix(r, "..") {
			scope = filepath.ToSlash(r)
		}
	}
	b := secrets.NewBaseline(rep.Findings, scope)
	if old, err := secrets.ReadBaseline(c.writeBaseline); err == nil && scope != "" {
		for _, x := range old.Findings {
			if x.Path == "" || !strings.HasPrefix(x.Path+"/", scope+"/") {
				b.Findings = append(b.Findings, x)
			}
		}
	}
	if err := secrets.WriteBaseline(c.writeBaseline, b); err != nil {
		return err
	}
	where := ""
	if scope != "" {
		where = " under " + scope
	}
	fmt.Fprintf(e.Stdout, "accepted %d secret(s) from %d finding(s)%s in %s\n", len(b.Findings), len(rep.Findings), where, c.writeBaseline)
	return nil
}

type secretJSON struct {
	Path         string `json:"path"`
	JSONPath     string `json:"json_path"`
	Rule         string `json:"rule"`
	Redacted     string `json:"redacted"`
	Hash         string `json:"hash"`
	Where        string `json:"where"`
	AffectsTests bool   `json:"affects_tests"`
}

func printSecretsJSON(w io.Writer, res *workspace.Secrets, red *workspace.RedactReport) error {
	open, suppressed, baseline := res.Open, res.Suppressed, res.Baseline
	doc := struct {
		Findings      []secretJSON           `json:"findings"`
		Suppressed    int                    `json:"suppressed"`
		Baseline      *string                `json:"baseline"`
		RedactedFiles []map[string]any       `json:"redacted_files,omitempty"`
		Replay        *workspace.ReplayProof `json:"replay,omitempty"`
	}{Findings: []secretJSON{}, Suppressed: suppressed}
	if baseline != "" {
		doc.Baseline = &baseline
	}
	for _, f := range open {
		doc.Findings = append(doc.Findings, secretJSON{f.Path, f.JSONPath, f.Rule, f.Redacted, f.Hash, f.Where, f.AffectsTests})
	}
	if red != nil {
		doc.RedactedFiles = []map[string]any{}
		for _, r := range red.Files {
			doc.RedactedFiles = append(doc.RedactedFiles, map[string]any{"path": r.Path, "format": r.Format, "replaced": r.Replaced})
		}
		doc.Replay = red.Replay
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

func printSecretsText(w io.Writer, res *workspace.Secrets, red *workspace.RedactReport) {
	rep, open, suppressed, baseline := res.SecretsReport, res.Open, res.Suppressed, res.Baseline
	last := ""
	files := 0
	for _, f := range open {
		if f.Path != last {
			fmt.Fprintln(w, f.Path)
			last = f.Path
			files++
		}
		fmt.Fprintf(w, "  %s  %s  %s  sha256:%.12s\n      %s\n", f.JSONPath, f.Rule, f.Redacted, f.Hash, f.Where)
	}
	if len(open) > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%d secret(s) in %d of %d recording(s)", len(open), files, rep.Files)
	if suppressed > 0 {
		rel, err := filepath.Rel(rep.Root, baseline)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = baseline
		}
		fmt.Fprintf(w, "; %d suppressed by %s", suppressed, filepath.ToSlash(rel))
	}
	fmt.Fprintln(w)
	if red == nil {
		return
	}
	visible, hidden := 0, 0
	for _, f := range open {
		if f.AffectsTests {
			visible++
		} else {
			hidden++
		}
	}
	for _, r := range red.Files {
		fmt.Fprintf(w, "redacted %d secret(s) in %s (%s)\n", r.Replaced, r.Path, formatName(r))
	}
	if hidden > 0 {
		fmt.Fprintf(w, "%d redaction(s) cannot change what tests see (request digest, tape args and kwargs are never read back)\n", hidden)
	}
	if visible > 0 {
		fmt.Fprintf(w, "%d redaction(s) can change what tests see (recorded responses, tape results and errors)\n", visible)
	}
	switch p := red.Replay; {
	case p == nil:
		fmt.Fprintln(w, "replay: no dryfire project; tape keys and entries unchanged")
	case p.Restored:
		fmt.Fprintf(w, "replay: %d case(s) no longer hit (%s); every file was restored\n", len(p.Lost), strings.Join(p.Lost, ", "))
	default:
		fmt.Fprintf(w, "replay: %d of %d case(s) hit before and still hit after redaction\n", p.Hits, p.Cases)
	}
}

func formatName(r secrets.Redaction) string {
	if r.Format == "tape" {
		return "tape, " + r.Dialect + " writer's format"
	}
	return "dryfire cassette"
}
