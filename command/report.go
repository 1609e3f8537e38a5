package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/report/htmlreport"
)

// ReportRequest is report RUN.json [--html-out F] [--reveal].
type ReportRequest struct {
	Env
	// Path is RUN.json, relative to the working directory.
	Path string
	// HTMLOut, when set, is the file the page is written to (atomically),
	// relative to the working directory; "" puts the page in the
	// document, for stdout.
	HTMLOut string
	// Reveal shows the recorded secrets instead of their masks; Keys are
	// the API keys never shown.
	Reveal bool
	Keys   *visible.Keys
}

// Report makes the HTML page of a run document, as dryfire's report does:
// nothing runs and nothing is fetched. A document that cannot be read, is
// not JSON or is not a run document is a usage error naming the file
// (and the field); an HTMLOut that is the document itself is refused, so
// that it is never overwritten. A schema_version this tool does not know
// is read with a warning.
func Report(ctx context.Context, req ReportRequest) (Result[*report.Page], error) {
	doc, err := htmlreport.ReadRun(join(req.Dir, req.Path))
	if err != nil {
		return failed[*report.Page](ctx, UsageError, readRunError(req.Path, err))
	}
	res := Result[*report.Page]{Outcome: UsageError}
	for _, w := range doc.Warnings {
		res.Warnings = append(res.Warnings, fmt.Errorf("%s: %s", req.Path, w))
	}
	if req.HTMLOut != "" && sameFile(join(req.Dir, req.Path), join(req.Dir, req.HTMLOut)) {
		return res, withHint(fmt.Errorf("--html-out %s is the run document itself: not overwritten", req.HTMLOut), "name another file for the page")
	}
	var page bytes.Buffer
	o := htmlreport.Options{Keys: req.Keys, Reveal: req.Reveal, Now: req.now(), Source: req.Path}
	if err := htmlreport.WriteRun(&page, doc, o); err != nil {
		return res, err
	}
	if req.HTMLOut == "" {
		res.Doc, res.Outcome = &report.Page{HTML: page.Bytes()}, OK
		return res, nil
	}
	if err := safefile.WriteAtomic(join(req.Dir, req.HTMLOut), page.Bytes(), 0o644); err != nil {
		return res, fmt.Errorf("cannot write %s: %w", req.HTMLOut, pathReason(err))
	}
	res.Doc, res.Outcome, res.Changed = &report.Page{Wrote: req.HTMLOut}, OK, true
	return res, nil
}

// sameFile reports whether a and b are one file (both there).
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// readRunError says why RUN.json was not read, naming it.
func readRunError(path string, err error) error {
	var pe *fs.PathError
	var je *jsonv.ParseError
	switch {
	case errors.Is(err, htmlreport.ErrNotRunDocument):
		return withHint(err, "pass the file that 'run --json-out F' (dryfire's or this tool's) wrote")
	case errors.As(err, &je):
		return withHint(err, "pass the file that 'run --json-out F' wrote")
	case errors.As(err, &pe):
		return fmt.Errorf("cannot read %s: %w", path, pe.Err)
	}
	return err
}

// pathReason is what an error of the file system says without the path
// it names (the temporary file of an atomic write, which the user never
// named).
func pathReason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
