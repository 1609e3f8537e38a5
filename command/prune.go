package command

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"syscall"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// PruneReport says what [PruneFiles] removed.
type PruneReport struct {
	Removed []scan.PruneItem
	// RemovedDirs are the empty directories removed afterwards, relative to
	// the root, deepest first.
	RemovedDirs []string
	// Errors are files or directories that could not be removed, files
	// left because they changed since the scan (errors.Is
	// safefile.ErrChanged), and items refused because they are not
	// prunable; each is a *PruneError.
	Errors []error
	// Interrupted is set when the context was cancelled: prune stopped
	// between two files or directories, and those after are still there.
	Interrupted bool
}

// PruneError is a file or directory prune did not remove, and why.
type PruneError struct {
	// Path is relative to the root, slash-separated.
	Path string
	Err  error
}

func (e *PruneError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *PruneError) Unwrap() error { return e.Err }

// PruneFiles removes the given candidates of w file by file, then the
// directories they leave empty under the cassette root (the root itself
// is kept), as dryfire's prune --yes does. It refuses to start when the
// cassette root is not safe to change (an [*UnsafeRootError]; allowOutside
// lifts the refusal of a root outside the project). An item whose recording
// is not prunable, or is read by replay, is refused, whatever the caller
// says; a file that changed since the scan (another file under its name,
// other bytes, another size or time) is left and reported. A cancelled ctx
// stops it between two files or two directories.
func PruneFiles(ctx context.Context, w *scan.Workspace, items []scan.PruneItem, allowOutside bool) (PruneReport, error) {
	var rep PruneReport
	if err := checkModifiable(w.Layout, allowOutside); err != nil {
		return rep, err
	}
	if len(items) == 0 {
		return rep, nil
	}
	dirs := w.EmptyDirsAfter(items)
	for _, it := range items {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		if err := pruneOne(it); err != nil {
			rep.Errors = append(rep.Errors, err)
			continue
		}
		rep.Removed = append(rep.Removed, it)
	}
	for _, d := range dirs {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		if testOnlyBeforeAct != nil {
			testOnlyBeforeAct(d)
		}
		// A directory that is not empty any more (a file kept, a file
		// added since the scan) stays: removing it fails, as it should.
		if err := os.Remove(d); err == nil {
			rep.RemovedDirs = append(rep.RemovedDirs, w.Rel(d))
		} else if !errors.Is(err, fs.ErrNotExist) && !isNotEmpty(err) {
			rep.Errors = append(rep.Errors, &PruneError{Path: w.Rel(d), Err: safefile.Reason(err)})
		}
	}
	return rep, nil
}

// pruneOne removes one candidate if it may go and is still as scanned.
func pruneOne(it scan.PruneItem) error {
	r := it.Recording
	if !r.Prunable() {
		path := ""
		if r != nil {
			path = r.Path
		}
		return &PruneError{Path: path, Err: errors.New("not prunable, kept")}
	}
	if testOnlyBeforeAct != nil {
		testOnlyBeforeAct(r.File.Path)
	}
	err := safefile.Remove(r.File.Path, r.File.Stamp)
	var ce *safefile.ChangedError
	switch {
	case errors.As(err, &ce) && slices.Equal(ce.What, []string{"removed"}):
		return &PruneError{Path: r.Path, Err: errors.New("already gone: removed by something else since the scan")}
	case errors.Is(err, safefile.ErrChanged):
		return &PruneError{Path: r.Path, Err: fmt.Errorf("%w; kept (scan again to decide)", safefile.Reason(err))}
	case err != nil:
		return &PruneError{Path: r.Path, Err: safefile.Reason(err)}
	}
	return nil
}

// isNotEmpty reports whether err is the failure to remove a directory that
// is not empty.
func isNotEmpty(err error) bool {
	return errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST)
}

// PruneRequest is prune [PATH] [--yes] [--force] [--allow-outside-project].
type PruneRequest struct {
	Env
	// Path is PATH ("" for none): this tool's forms only, since what is
	// orphaned is decided by every suite of dryfire.yaml.
	Path string
	// Yes removes the candidates (a dry run without); Force removes them
	// even when no suite is configured.
	Yes, Force bool
	// AllowOutside lets it remove files under a cassette root that lies
	// outside the project (AllowOutsideFlag).
	AllowOutside bool
}

// ErrSpecErrors is the error of a command that stops at the spec or config
// errors of its project: they are in the result's SpecErrors, and say all
// there is to say.
var ErrSpecErrors = errors.New("the project has spec or config errors")

// Prune lists the cassettes that can go (dryfire's orphaned case, orphaned
// suite and stale schema_version, and superseded recordings) and the
// files it keeps that dryfire's prune would remove, and with Yes removes
// the candidates ([PruneFiles]). It refuses, before listing anything, a
// PATH without a project ([*scan.NoProjectError]), a dryfire.yaml with
// errors ([ErrSpecErrors]), a cassette root that is not safe to change
// ([*UnsafeRootError]: the dry run would list what Yes never removes),
// and Yes with no suite configured (every cassette looks orphaned) unless
// Force. Files left by a removal make the outcome Findings.
func Prune(ctx context.Context, req PruneRequest) (Result[*report.Prune], error) {
	w, err := req.open(ctx, paths(req.Path), scan.Recordings, scan.Options{NoExplain: true, ReleaseServed: true})
	if err != nil {
		return Abort[*report.Prune](ctx, UsageError, err)
	}
	res := Result[*report.Prune]{Warnings: w.Problems}
	switch {
	case w.Project == nil:
		return withWarnings(res, UsageError, &scan.NoProjectError{Path: w.Path, Need: "prune needs the suites to know what is orphaned"})
	case len(scan.ConfigErrors(w.Project)) > 0:
		res.SpecErrors, res.Root = scan.ConfigErrors(w.Project), w.Project.Root
		return withWarnings(res, UsageError, ErrSpecErrors)
	case req.Yes && !w.SuitesConfigured && !req.Force:
		return withWarnings(res, UsageError, WithHint(errors.New("no suites configured: every cassette looks orphaned, refusing to remove them"),
			"add suites: to dryfire.yaml, or pass --force to remove them anyway"))
	}
	if err := checkModifiable(w.Layout, req.AllowOutside); err != nil {
		return withWarnings(res, UsageError, err)
	}
	plan := w.PrunePlan()
	var done *PruneReport
	if req.Yes {
		r, err := PruneFiles(ctx, w, plan.Candidates, req.AllowOutside)
		if err != nil {
			return withWarnings(res, UsageError, err)
		}
		done = &r
	}
	res.Doc = pruneDoc(plan, done)
	switch {
	case done != nil && done.Interrupted:
		res.Outcome, res.Err = Interrupted, context.Canceled
	case done != nil && len(done.Errors) > 0:
		res.Outcome, res.Err = Findings, fmt.Errorf("prune --yes: %d not removed (listed on stdout)", len(done.Errors))
	}
	return res, nil
}
