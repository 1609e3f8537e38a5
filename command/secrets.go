package command

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// SecretsRequest is secrets [PATH] [--baseline FILE] [--redact]
// [--allow-outside-project].
type SecretsRequest struct {
	Env
	// Path is PATH ("" for none): this tool's forms only.
	Path string
	// Baseline is the baseline file ("": secrets.DefaultBaselineFile at the
	// root when it exists).
	Baseline string
	// Redact replaces each open finding in place, then proves replay still
	// hits (redactFiles).
	Redact bool
	// AllowOutside lets the redaction rewrite files a link places outside
	// the project (AllowOutsideFlag).
	AllowOutside bool
}

// Secrets finds the secrets left in the recordings of PATH, applies the
// baseline and, with Redact, redacts the open findings. Its outcome is
// Findings while open findings remain (after a redaction: those it could
// not touch, a file that does not decode or cannot be read), or when a
// redaction left files, could not put them back, or was undone because it
// would break replay (Err says which); Interrupted when Ctrl-C stopped the
// redaction (the document says before or after its proof).
func Secrets(ctx context.Context, req SecretsRequest) (Result[*report.Secrets], error) {
	rep, err := scanSecrets(ctx, req.Env, req.Path)
	if err != nil {
		return Abort[*report.Secrets](ctx, UsageError, err)
	}
	res := Result[*report.Secrets]{Warnings: rep.Problems}
	open, err := rep.WithBaseline(join(req.Dir, req.Baseline))
	if err != nil {
		return withWarnings(res, UsageError, err)
	}
	var red *RedactReport
	if req.Redact && len(open.Open) > 0 {
		if red, err = redactFiles(ctx, rep, open.Accepts, req.AllowOutside); err != nil {
			return withWarnings(res, UsageError, err)
		}
		// Ctrl-C since the redaction returned is one after its proof.
		red.NoteInterrupt(ctx)
		res.Changed = red.Kept()
	}
	res.Doc = open.Document(red)
	res.Outcome, res.Err = redactOutcome(open, red)
	return res, nil
}

// redactOutcome is how a secrets command ends once its document is made.
func redactOutcome(res *openSecrets, red *RedactReport) (Outcome, error) {
	switch {
	case red != nil && (red.Interrupted || red.InterruptedAfterProof):
		return Interrupted, context.Canceled
	case red != nil && len(red.NotRestored) > 0:
		return Findings, fmt.Errorf("%d redacted %s could not be put back (listed on stdout)",
			len(red.NotRestored), report.Plural(len(red.NotRestored), "file"))
	case red != nil && len(red.Skipped) > 0:
		return Findings, fmt.Errorf("%d %s not redacted (listed on stdout)", len(red.Skipped), report.Plural(len(red.Skipped), "file"))
	case red != nil && red.Replay != nil && red.Replay.Restored:
		return Findings, WithHint(errors.New("redaction would break replay; every file was restored"),
			"redact those values by hand, or accept them with --write-baseline")
	case red != nil:
		// What a redaction cannot touch keeps the gate closed: a file that
		// could not be read or decoded.
		return outcomeIf(slices.ContainsFunc(res.Open, secrets.Finding.Unscanned)), nil
	}
	return outcomeIf(len(res.Open) > 0), nil
}

// outcomeIf is Findings when found, else OK.
func outcomeIf(found bool) Outcome {
	if found {
		return Findings
	}
	return OK
}

// BaselineRequest is secrets [PATH] --write-baseline FILE.
type BaselineRequest struct {
	Env
	// Path is PATH ("" for none): the baseline is scoped to it when it lies
	// below the root.
	Path string
	// File is the baseline file to write ("": secrets.DefaultBaselineFile
	// at the root).
	File string
}

// WriteBaseline accepts every current finding of PATH: it writes them to
// the baseline file (its entries outside PATH's scope kept).
func WriteBaseline(ctx context.Context, req BaselineRequest) (Result[*report.BaselineWritten], error) {
	rep, err := scanSecrets(ctx, req.Env, req.Path)
	if err != nil {
		return Abort[*report.BaselineWritten](ctx, UsageError, err)
	}
	res := Result[*report.BaselineWritten]{Warnings: rep.Problems}
	file := join(req.Dir, req.File)
	if req.File == "" {
		file = filepath.Join(rep.Root, secrets.DefaultBaselineFile)
	}
	b, scope, err := rep.WriteBaseline(file)
	if err != nil {
		return withWarnings(res, UsageError, err)
	}
	shown := req.File
	if shown == "" {
		shown = file
	}
	res.Doc = &report.BaselineWritten{Accepted: len(b.Findings), Findings: len(rep.Findings), Scope: scope, File: shown}
	res.Changed = true
	return res, nil
}

// secretsScan is what scanSecrets found.
type secretsScan struct {
	// Root is the directory finding paths are relative to: the project root
	// (the directory of dryfire.yaml), or PATH (its directory for a file)
	// outside a project.
	Root string
	// Findings are sorted by path, then document order.
	Findings []secrets.Finding
	// Files is the number of recordings scanned.
	Files int
	// Problems are files and directories that could not be read or decoded.
	Problems []error

	// layout is where the scan looked: redaction checks that the cassette
	// root is safe to change.
	layout *scan.Layout
}

// scanSecrets scans the recordings at path (a project directory or one
// below it, a cassette directory, a tapes directory or one file): every
// dryfire cassette and every tape of the layout, as far as it lies under
// path.
func scanSecrets(ctx context.Context, e Env, path string) (*secretsScan, error) {
	w, err := e.open(ctx, paths(path), scan.Recordings, scan.Options{Secrets: true, NoReplay: true})
	if err != nil {
		return nil, err
	}
	return secretsOf(w), nil
}

// secretsOf gathers the findings of a workspace opened with
// scan.Options.Secrets: the recordings it lists and the tapes under
// PATH. A file that two walks list (a tape directory inside a bare
// cassette directory) is counted once.
func secretsOf(w *scan.Workspace) *secretsScan {
	r := &secretsScan{Root: w.Root, Problems: w.Problems, layout: w.Layout}
	seen := map[string]bool{}
	add := func(path string, fs []secrets.Finding) {
		if seen[path] {
			return
		}
		seen[path] = true
		r.Files++
		r.Findings = append(r.Findings, fs...)
	}
	for _, rec := range w.Recordings {
		if rec.File != nil && rec.Scanned {
			add(rec.Path, rec.Findings)
		}
	}
	for _, t := range w.Tapes {
		if w.IsFile || scan.Within(t.Path, w.Path) {
			add(w.Rel(t.Path), w.TapeFindings[t])
		}
	}
	// The secrets in the names of directories, under PATH or above it
	// within the roots (a case directory named after a key holds every
	// file below it).
	for _, f := range w.NameFindings {
		dir := filepath.Join(w.Root, filepath.FromSlash(f.Path))
		if w.IsFile || scan.Within(dir, w.Path) || scan.Within(w.Path, dir) {
			r.Findings = append(r.Findings, f)
		}
	}
	// Tapes that could not be read or decoded are findings of their own.
	for _, rec := range w.Recordings {
		if rec.Format == format.Tape && rec.Tape == nil && rec.Scanned && (w.IsFile || scan.Within(filepath.Join(w.Root, filepath.FromSlash(rec.Path)), w.Path)) {
			add(rec.Path, rec.Findings)
		}
	}
	slices.SortStableFunc(r.Findings, func(a, b secrets.Finding) int { return strings.Compare(a.Path, b.Path) })
	return r
}

// openSecrets is the secrets part of a check, or the secrets command's result:
// the findings a baseline leaves open.
type openSecrets struct {
	*secretsScan
	// Open are the findings the baseline does not accept.
	Open []secrets.Finding
	// Suppressed is how many findings the baseline accepted.
	Suppressed int
	// Baseline is the baseline file read ("" for none), and Accepts its
	// rule (nil without one).
	Baseline string
	Accepts  func(rule, hash, path string) bool
}

// WithBaseline applies a baseline file to the findings: file, or
// secrets.DefaultBaselineFile at the root when file is "" and it exists.
func (r *secretsScan) WithBaseline(file string) (*openSecrets, error) {
	if file == "" {
		def := filepath.Join(r.Root, secrets.DefaultBaselineFile)
		if _, err := os.Stat(def); err == nil {
			file = def
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	s := &openSecrets{secretsScan: r, Baseline: file}
	var bl *secrets.Baseline
	if file != "" {
		var err error
		if bl, err = secrets.ReadBaseline(file); err != nil {
			return nil, err
		}
		s.Accepts = bl.Accepts
	}
	s.Suppressed = bl.Apply(r.Findings)
	for _, f := range r.Findings {
		if !f.Suppressed {
			s.Open = append(s.Open, f)
		}
	}
	return s, nil
}
