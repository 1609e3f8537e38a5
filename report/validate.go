package report

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/report/specerrors"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Validate is the validate document: the suites and cases of a load that
// has no spec error (its errors are the command's, written on stderr by
// [WriteSpecErrors]).
type Validate struct {
	Suites int `json:"suites"`
	Cases  int `json:"cases"`
}

// WriteText writes what dryfire's validate prints on success: "ok: N
// suite(s), M case(s)".
func (d *Validate) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "ok: %d suite(s), %d case(s)\n", d.Suites, d.Cases)
	return err
}

// WriteSpecErrors writes the spec errors of a load as dryfire's validate,
// run, trace and compare print them on stderr: the diagnostics of
// validate, run, replay and check. The writer is package [specerrors]
// ([specerrors.Write]).
func WriteSpecErrors(w io.Writer, root string, errs []suite.SpecError) error {
	return specerrors.Write(w, root, errs)
}
