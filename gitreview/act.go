package gitreview

import (
	"context"
	"errors"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Action is what the review command's headless flags ask of named files.
// Redact or AddToBaseline runs first; then Accept or Reject.
type Action struct {
	// Accept stages the files; AllowSecrets accepts changes that add
	// secrets too.
	Accept, AllowSecrets bool
	// Reject restores the committed version of the files; Yes also removes
	// an added file git has no copy of.
	Reject, Yes bool
	// Redact replaces the secrets the files add, in place (see
	// [Review.RedactSecrets]); AddToBaseline accepts them as known fakes
	// (see [Review.AddToBaseline]).
	Redact, AddToBaseline bool
}

// Act does a to the named files, in order, and says what it did to each.
// A name that is no changed recording is listed and left. An interrupted
// git command ends it: the error wraps context.Canceled, and the files
// after that one are left as they are. When the
// redaction or the baseline fails, or the redaction is undone because it
// would break replay, nothing is accepted or rejected; the error is the
// failure, returned with what was done before it.
func (r *Review) Act(ctx context.Context, files []string, a Action) (*report.ReviewAct, error) {
	res := &report.ReviewAct{}
	var items []*ReviewItem
	for _, f := range files {
		it, ok := r.Find(f)
		if !ok {
			res.Unknown = append(res.Unknown, f)
			continue
		}
		items = append(items, it)
	}
	if err := r.actOnSecrets(ctx, items, a, res); err != nil || res.RedactionRestored() {
		return res, err
	}
	if !a.Accept && !a.Reject {
		return res, nil
	}
	for _, it := range items {
		f := r.acceptOrReject(ctx, it, a)
		res.Files = append(res.Files, f)
		if errors.Is(f.Err, context.Canceled) {
			// Interrupted (Ctrl-C): the files after it are left as they are.
			return res, f.Err
		}
	}
	return res, nil
}

// actOnSecrets redacts the secrets the items add, or adds them to the
// baseline, when a asks.
func (r *Review) actOnSecrets(ctx context.Context, items []*ReviewItem, a Action, res *report.ReviewAct) error {
	var paths []string
	var found []secrets.Finding
	for _, it := range items {
		paths = append(paths, it.Path)
		found = append(found, it.Secrets...)
	}
	switch {
	case a.Redact && len(found) == 0:
		res.NothingToRedact = true
	case a.Redact:
		red, err := r.RedactSecrets(ctx, paths)
		if err != nil {
			return err
		}
		doc := &report.Secrets{Findings: report.NewFindings(found), Root: r.Root, Files: len(paths), Redacted: true,
			RedactedFiles: report.NewRedactions(red.Files)}
		if p := red.Replay; p != nil {
			doc.Replay = &report.ReplayProof{Cases: p.Cases, Hits: p.Hits, Lost: p.Lost, Restored: p.Restored}
		}
		res.Redaction = doc
	case a.AddToBaseline:
		file, n, err := r.AddToBaseline(ctx, paths)
		if err != nil {
			return err
		}
		res.Baseline = &report.BaselineAdd{File: relTo(r.Root, file), Added: n, Files: len(paths)}
	}
	return nil
}

// acceptOrReject acts on one item and says what it did, or why it could
// not.
func (r *Review) acceptOrReject(ctx context.Context, it *ReviewItem, a Action) report.ReviewActFile {
	verb, err := "accepted", error(nil)
	switch {
	case a.Accept && a.AllowSecrets:
		err = r.AcceptWithSecrets(ctx, it.Path)
	case a.Accept:
		err = r.Accept(ctx, it.Path)
	default:
		verb, err = "rejected", r.Reject(ctx, it.Path, a.Yes)
	}
	var se *SecretsError
	f := report.ReviewActFile{Path: it.Path, Kind: it.Kind.String(), Verb: verb, Err: err,
		AddsSecrets: errors.As(err, &se), NeedsConfirm: errors.Is(err, ErrNeedsConfirm)}
	if f.AddsSecrets {
		f.Err = se
	}
	if a.Accept {
		f.Secrets = len(it.Secrets)
	}
	return f
}

// relTo is p relative to root when it lies below it.
func relTo(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p
}
