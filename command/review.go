package command

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/gitreview/gitrepo"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// ReviewAction is what the review command's headless flags ask of named
// files.
// Redact or AddToBaseline runs first; then Accept or Reject.
type ReviewAction struct {
	// Accept stages the files; AllowSecrets accepts changes that add
	// secrets too.
	Accept, AllowSecrets bool
	// Reject restores the committed version of the files; Yes also removes
	// an added file git has no copy of.
	Reject, Yes bool
	// Redact replaces the secrets the files add, in place (see
	// [RedactChanges]); AddToBaseline accepts them as known fakes (see
	// gitreview.Review.AddToBaseline).
	Redact, AddToBaseline bool
}

// reviewAct does a to the named files of the review r, in order, and says what it did to each.
// A name that is no changed recording is listed and left. An interrupted
// git command ends it: the error wraps context.Canceled, and the files
// after that one are left as they are. When the
// redaction or the baseline fails, or the redaction is undone because it
// would break replay, nothing is accepted or rejected; the error is the
// failure, returned with what was done before it.
func reviewAct(ctx context.Context, r *gitreview.Review, files []string, a ReviewAction) (*report.ReviewAct, error) {
	res := &report.ReviewAct{}
	var items []*gitreview.ReviewItem
	for _, f := range files {
		it, ok := r.Find(f)
		if !ok {
			res.Unknown = append(res.Unknown, f)
			continue
		}
		items = append(items, it)
	}
	if err := actOnSecrets(ctx, r, items, a, res); err != nil || res.RedactionRestored() {
		return res, err
	}
	if !a.Accept && !a.Reject {
		return res, nil
	}
	for _, it := range items {
		f := acceptOrReject(ctx, r, it, a)
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
func actOnSecrets(ctx context.Context, r *gitreview.Review, items []*gitreview.ReviewItem, a ReviewAction, res *report.ReviewAct) error {
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
		red, err := RedactChanges(ctx, r, paths)
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
func acceptOrReject(ctx context.Context, r *gitreview.Review, it *gitreview.ReviewItem, a ReviewAction) report.ReviewActFile {
	verb, err := "accepted", error(nil)
	switch {
	case a.Accept && a.AllowSecrets:
		err = r.AcceptWithSecrets(ctx, it.Path)
	case a.Accept:
		err = r.Accept(ctx, it.Path)
	default:
		verb, err = "rejected", r.Reject(ctx, it.Path, a.Yes)
	}
	var se *gitreview.SecretsError
	f := report.ReviewActFile{Path: it.Path, Kind: it.Kind.String(), Verb: verb, Err: err,
		AddsSecrets: errors.As(err, &se), NeedsConfirm: errors.Is(err, gitreview.ErrNeedsConfirm)}
	if f.AddsSecrets {
		f.Err = se
	}
	if a.Accept {
		f.Secrets = len(it.Secrets)
	}
	return f
}

// RedactChanges replaces the secrets the named changes of the review r add
// with
// [REDACTED:<rule>], in place, as `secrets --redact` does: each file
// rewritten in its own format, and in a dryfire project every case replayed
// offline before and after, every file put back if a case that hit no
// longer does. Secrets the committed versions already held are left. The
// items are summarised again, so that they can then be accepted.
func RedactChanges(ctx context.Context, r *gitreview.Review, paths []string) (*RedactReport, error) {
	add := map[string]map[string]bool{} // path → hashes to redact
	var found []secrets.Finding
	for _, p := range paths {
		if err := r.Unchanged(p); err != nil {
			return nil, err
		}
		it, _ := r.Item(p)
		for _, f := range it.Secrets {
			if add[it.Path] == nil {
				add[it.Path] = map[string]bool{}
			}
			add[it.Path][f.Hash] = true
			found = append(found, f)
		}
	}
	if len(found) == 0 {
		return &RedactReport{}, nil
	}
	rep, err := scanSecrets(ctx, Env{}, r.Root)
	if err != nil {
		return nil, err
	}
	rep.Findings = slices.DeleteFunc(rep.Findings, func(f secrets.Finding) bool { return add[f.Path] == nil })
	keep := func(_, hash, path string) bool { return !add[path][hash] }
	red, err := redactFiles(ctx, rep, keep, false)
	if err != nil {
		return nil, err
	}
	return red, r.Refresh(ctx, paths)
}

// relTo is p relative to root when it lies below it.
func relTo(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p
}

// ReviewRequest is review [PATH] [--reveal]: the recordings changed since
// git HEAD.
type ReviewRequest struct {
	Env
	// Path is PATH ("" for none): this tool's forms only.
	Path string
	// Reveal shows the secrets instead of their masks.
	Reveal bool
}

// OpenReview opens the review session of the project around PATH: its
// cassette root and tape directories, as scan.Resolve finds them without
// reading a recording, compared with git HEAD.
func OpenReview(ctx context.Context, req ReviewRequest) (*gitreview.Review, error) {
	l, err := req.Resolve(paths(req.Path), scan.Recordings)
	if err != nil {
		return nil, err
	}
	r, err := gitreview.OpenReview(ctx, l.Root, l.Dirs())
	return r, reviewError(err)
}

// reviewError says what to do when there is no review to open.
func reviewError(err error) error {
	switch {
	case errors.Is(err, gitrepo.ErrNoGit):
		return WithHint(err, "review compares with git HEAD; install git")
	case errors.Is(err, gitrepo.ErrNotRepo):
		return WithHint(err, "review compares with git HEAD; run it inside the repository that holds the recordings")
	}
	return err
}

// Review is the review document of the project around PATH: every change
// since HEAD and what it means, each secret masked unless Reveal.
func Review(ctx context.Context, req ReviewRequest) (Result[*report.Review], error) {
	r, err := OpenReview(ctx, req)
	if err != nil {
		return Abort[*report.Review](ctx, UsageError, err)
	}
	return Result[*report.Review]{Doc: r.Document(req.Reveal)}, nil
}

// ReviewFilesRequest is review --accept | --reject | --redact |
// --add-to-baseline FILE...
type ReviewFilesRequest struct {
	Env
	// Files are the FILE arguments, as the review lists them or relative
	// to the working directory.
	Files []string
	// Action is what the flags ask.
	Action ReviewAction
}

// ReviewFiles does what the review command's headless flags ask of the
// named files, in the review of the project that holds them
// (reviewAct). Its outcome is Findings when a file was not accepted or
// rejected, or when the redaction was undone because it would break
// replay (Err says so).
func ReviewFiles(ctx context.Context, req ReviewFilesRequest) (Result[*report.ReviewAct], error) {
	files := make([]string, len(req.Files))
	for i, f := range req.Files {
		files[i] = join(req.Dir, f)
	}
	r, err := gitreview.OpenFiles(ctx, files)
	if err != nil {
		return Abort[*report.ReviewAct](ctx, UsageError, reviewError(err))
	}
	act, err := reviewAct(ctx, r, files, req.Action)
	res := Result[*report.ReviewAct]{Doc: act, Changed: err == nil}
	switch {
	case err != nil:
		res.Outcome, res.Err = UsageError, err
		if errors.Is(err, context.Canceled) || ctx.Err() != nil {
			res.Outcome = Interrupted
		}
	case act.RedactionRestored():
		res.Outcome, res.Err = Findings, WithHint(errors.New("redaction would break replay; every file was restored"),
			"redact those values by hand, or accept them with --add-to-baseline")
	default:
		res.Outcome = outcomeIf(act.Failed())
	}
	return res, nil
}
