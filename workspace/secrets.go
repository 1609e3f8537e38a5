package workspace

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// scanStoreFile scans one file of the cassette store: a tape as a tape, a
// dryfire cassette as a cassette, other JSON as JSON. The scan fails
// closed: a file that does not decode is scanned as text and listed
// (secrets.ScanUndecodable), one that could not be read (data nil, ferr
// why) is a not-scanned finding. rel names the file in the findings.
func scanStoreFile(rel string, kind format.Kind, c *cassette.Cassette, data []byte, ferr error) []secrets.Finding {
	switch {
	case c == nil && data == nil:
		if ferr == nil {
			ferr = errors.New("not read")
		}
		return []secrets.Finding{secrets.NotScanned(rel, ferr)}
	case kind == format.Tape:
		t, err := tape.Decode(data)
		if err != nil {
			return secrets.ScanUndecodable(rel, data, withoutPath(err))
		}
		return secrets.ScanTape(rel, t)
	case c == nil:
		return secrets.ScanUndecodable(rel, data, withoutPath(ferr))
	case format.Of(c.Body) == format.Dryfire:
		return secrets.ScanCassette(rel, c)
	}
	return secrets.ScanBytes(rel, data)
}

// withoutFilePath drops the file's path from an error about it, wherever
// the message carries it: the finding names the file already, relative to
// the root.
func withoutFilePath(err error, path string) error {
	if err == nil {
		return nil
	}
	err = withoutPath(err)
	if msg := err.Error(); strings.Contains(msg, path+": ") {
		return errors.New(strings.ReplaceAll(msg, path+": ", ""))
	}
	return err
}

// withoutPath drops the file's path from a decode error: the finding names
// the file already.
func withoutPath(err error) error {
	var pe *jsonv.ParseError
	if errors.As(err, &pe) && pe.Path != "" {
		cp := *pe
		cp.Path = ""
		return &cp
	}
	if err == nil {
		return errors.New("does not decode")
	}
	return err
}

// openCount counts the secrets no baseline suppressed (a file that could
// not be scanned is no secret: its status says what is wrong with it).
func openCount(fs []secrets.Finding) int {
	n := 0
	for _, f := range fs {
		if !f.Suppressed && !f.Unscanned() {
			n++
		}
	}
	return n
}

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
	layout *Layout
}

// ScanSecrets scans the recordings at path (a project directory or one below
// it, a cassette directory, a tapes directory or one file): every dryfire
// cassette and every tape of the layout, as far as it lies under path.
func ScanSecrets(ctx context.Context, path string) (*SecretsReport, error) {
	w, err := Open(ctx, path, Options{Secrets: true, NoReplay: true})
	if err != nil {
		return nil, err
	}
	return w.SecretsReport(), nil
}

// SecretsReport gathers the findings of a workspace opened with
// Options.Secrets: the recordings it lists and the tapes under PATH. A file
// that two walks list (a tape directory inside a bare cassette directory)
// is counted once.
func (w *Workspace) SecretsReport() *SecretsReport {
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
		if w.IsFile || within(t.Path, w.Path) {
			add(w.rel(t.Path), w.TapeFindings[t])
		}
	}
	// Tapes that could not be read or decoded are findings of their own.
	for _, rec := range w.Recordings {
		if rec.Format == "tape" && rec.Tape == nil && rec.Scanned && (w.IsFile || within(filepath.Join(w.Root, filepath.FromSlash(rec.Path)), w.Path)) {
			add(rec.Path, rec.Findings)
		}
	}
	slices.SortStableFunc(r.Findings, func(a, b secrets.Finding) int { return strings.Compare(a.Path, b.Path) })
	return r
}
