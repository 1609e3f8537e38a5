package report

import (
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
)

// Trace is the trace document: one case run and every turn of it, as
// dryfire's trace prints it, with what recording wrote.
type Trace struct {
	// Result is the run of the one case; Plan and Recorded what it was
	// planned as and what recording wrote and refused.
	Result   *engine.Result
	Plan     *runplan.Plan
	Recorded *runplan.Recorded
	// Interrupted is set when the run was stopped: there is no trace to
	// write, only what recording left.
	Interrupted bool
	// Keys are the API keys never printed; Reveal prints the recorded
	// secrets instead of their masks.
	Keys   *visible.Keys
	Reveal bool
}

// WriteText writes the case's turns as dryfire trace prints them
// ([runreport.WriteTrace]); nothing for an interrupted run.
func (d *Trace) WriteText(w io.Writer) error {
	if d.Interrupted {
		return nil
	}
	return runreport.WriteTrace(w, d.Result, runreport.TraceOptions{Keys: d.Keys, Reveal: d.Reveal})
}

// WriteAfter writes, for stderr, what recording wrote, redacted and
// refused ([WriteRecorded]), or what an interrupted run left
// ([WriteInterrupted]).
func (d *Trace) WriteAfter(w io.Writer) {
	if d.Interrupted {
		WriteInterrupted(w, d.Plan, d.Recorded)
		return
	}
	WriteRecorded(w, d.Plan, d.Recorded)
}
