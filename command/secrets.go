package command

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// SecretsReport is what [ScanSecrets] found.
type SecretsReport struct {
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

// ScanSecrets scans the recordings at path (a project directory or one below
// it, a cassette directory, a tapes directory or one file): every dryfire
// cassette and every tape of the layout, as far as it lies under path.
func ScanSecrets(ctx context.Context, path string) (*SecretsReport, error) {
	l, err := scan.Resolve(scan.Request{Args: []string{path}, Want: scan.Recordings})
	if err != nil {
		return nil, err
	}
	w, err := scan.OpenLayout(ctx, l, scan.Options{Secrets: true, NoReplay: true})
	if err != nil {
		return nil, err
	}
	return SecretsReportOf(w), nil
}

// SecretsReportOf gathers the findings of a workspace opened with
// scan.Options.Secrets: the recordings it lists and the tapes under
// PATH. A file that two walks list (a tape directory inside a bare
// cassette directory) is counted once.
func SecretsReportOf(w *scan.Workspace) *SecretsReport {
	r := &SecretsReport{Root: w.Root, Problems: w.Problems, layout: w.Layout}
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

// SecretsResult is the secrets part of a check, or the secrets command's result:
// the findings a baseline leaves open.
type SecretsResult struct {
	*SecretsReport
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
func (r *SecretsReport) WithBaseline(file string) (*SecretsResult, error) {
	if file == "" {
		def := filepath.Join(r.Root, secrets.DefaultBaselineFile)
		if _, err := os.Stat(def); err == nil {
			file = def
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	s := &SecretsResult{SecretsReport: r, Baseline: file}
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
