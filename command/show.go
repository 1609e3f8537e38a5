package command

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// ShowRequest is show [PATH] REF [--reveal]: one recording.
type ShowRequest struct {
	Env
	// Path is PATH ("" for none); a REF that is a file names its own
	// directory instead.
	Path string
	// Ref is a file path, or a key prefix or path suffix looked up in the
	// project around PATH.
	Ref string
	// Reveal shows the secrets instead of their masks.
	Reveal bool
}

// Show is one recording: its listing, and its body, each secret masked
// unless Reveal. A REF that matches nothing or several recordings is a
// usage error that says what to give instead; a recording whose body
// cannot be read is a finding.
func Show(ctx context.Context, req ShowRequest) (Result[*report.Show], error) {
	path, ref := req.Path, req.Ref
	if fi, err := os.Stat(join(req.Dir, ref)); err == nil && !fi.IsDir() {
		path, ref = filepath.Dir(ref), join(req.Dir, ref)
	}
	w, err := req.open(ctx, paths(path), scan.Recordings, scan.Options{Secrets: true})
	if err != nil {
		return failed[*report.Show](ctx, UsageError, err)
	}
	res := Result[*report.Show]{Warnings: w.Problems}
	r, err := w.Find(ref)
	var ambiguous *scan.AmbiguousError
	switch {
	case errors.Is(err, scan.ErrNoMatch):
		return withWarnings(res, UsageError, withHint(err, "run 'dryfire-tui ls' to see the recordings"))
	case errors.As(err, &ambiguous):
		return withWarnings(res, UsageError, withHint(err, "give a longer key prefix or the path"))
	case err != nil:
		return withWarnings(res, UsageError, err)
	}
	body, err := w.Body(r)
	if err != nil {
		return withWarnings(res, Findings, err)
	}
	doc := recordingDoc(r)
	if req.Reveal {
		doc.Path, doc.Suite, doc.Case, doc.Key = r.Path, r.Suite, r.Case, r.Key
	} else {
		body, _ = w.Masker.Value(body)
	}
	res.Doc = report.NewShow(doc, body)
	return res, nil
}

// withWarnings is the failure of a command that has warnings to say
// first.
func withWarnings[D any](res Result[D], o Outcome, err error) (Result[D], error) {
	res.Outcome = o
	return res, err
}

// join is p relative to the working directory dir ("" the process's), or
// p when it is absolute.
func join(dir, p string) string {
	if filepath.IsAbs(p) || dir == "" || p == "" {
		return p
	}
	return filepath.Join(dir, p)
}
