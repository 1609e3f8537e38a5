package report

import (
	"io"

	"github.com/dryfire-tui/dryfire-tui/report/specerrors"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// WriteSpecErrors writes the spec errors of a load as dryfire's validate,
// run, trace and compare print them on stderr: the diagnostics of
// validate, run, replay and check. The writer is package [specerrors]
// ([specerrors.Write]).
func WriteSpecErrors(w io.Writer, root string, errs []suite.SpecError) error {
	return specerrors.Write(w, root, errs)
}
