package report

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
)

// Compare is the compare document: a comparison once its columns have
// run, and the HTML page written of it.
type Compare struct {
	Comparison *runplan.Comparison
	// Wrote is the page written (--html-out), "" for none.
	Wrote string
	// Interrupted is set when the comparison was stopped: there is no
	// matrix to write, only what recording left.
	Interrupted bool
	// Keys are the API keys never printed.
	Keys *visible.Keys
}

// WriteText writes dryfire compare's matrix ([runreport.WriteCompare]),
// then "wrote F" for the page, as dryfire says it; nothing for an
// interrupted comparison.
func (d *Compare) WriteText(w io.Writer) error {
	if d.Interrupted {
		return nil
	}
	if err := runreport.WriteCompare(w, d.Comparison, d.Keys); err != nil {
		return err
	}
	if d.Wrote != "" {
		_, err := fmt.Fprintf(w, "wrote %s\n", d.Wrote)
		return err
	}
	return nil
}

// WriteAfter writes, for stderr, what each column's recording wrote,
// redacted and refused, or what an interrupted one left.
func (d *Compare) WriteAfter(w io.Writer) {
	for _, col := range d.Comparison.Columns {
		switch {
		case col.Recorded == nil:
		case d.Interrupted:
			WriteInterrupted(w, col.Plan, col.Recorded)
		default:
			WriteRecorded(w, col.Plan, col.Recorded)
		}
	}
}
