package runreport

import (
	"io"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// TraceOptions tune [WriteTrace].
type TraceOptions struct {
	// Keys are the API keys the tool may read: never printed.
	Keys *visible.Keys
	// Reveal prints the recorded secrets instead of their masks.
	Reveal bool
}

// WriteTrace writes every case of a run as dryfire trace prints its one
// case: "suite::case  [PASS]" (or FAIL), the error of a case that ended
// without a trace, then every turn of the reported repetition (a repeated
// case's first failing one) with the messages sent, the response, the
// tool calls and their results, and the termination. It is what run -v
// prints of a failing case. The keys are masked and, unless o.Reveal, the
// recorded secrets, learned from the cases printed. It stops as dryfire
// does, with a *[TraceError], at a call whose arguments json.dumps cannot
// write.
func WriteTrace(w io.Writer, res *engine.Result, o TraceOptions) error {
	m := Mask{Keys: o.Keys}
	if !o.Reveal {
		var values []jsonv.Value
		var unserializable string // the run document's concern, not the mask's
		for _, s := range res.Suites {
			for _, c := range s.Cases {
				values = append(values, caseValue(c, &unserializable))
			}
		}
		m.Secrets = (&secrets.Masker{}).Learn(values...)
	}
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if err := writeTrace(w, c, m); err != nil {
				return err
			}
		}
	}
	return nil
}
