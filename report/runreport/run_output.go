package runreport

import (
	"fmt"
	"io"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// RunOutput says where the reports of a run go, as dryfire run's flags
// say.
type RunOutput struct {
	// Reporter is what the writer gets: "json" (the run document),
	// "junit", or anything else for the terminal report.
	Reporter string
	// JSONOut and JUnitOut are files to write the run document and the
	// JUnit XML to ("" for none).
	JSONOut, JUnitOut string
	// Now is generated_at and the JUnit timestamp.
	Now time.Time
	// Text tunes the terminal report.
	Text RunTextOptions
}

// WriteRun writes the report of a run to w, then the run document and the
// JUnit file, each written atomically, in dryfire's order.
func WriteRun(w io.Writer, res *engine.Result, o RunOutput) error {
	var err error
	switch o.Reporter {
	case "json":
		err = WriteRunJSON(w, res, o.Now)
	case "junit":
		err = WriteRunJUnit(w, res, o.Now)
	default:
		err = WriteRunText(w, res, o.Text)
	}
	if err != nil {
		return err
	}
	if o.JSONOut != "" {
		data, err := RunJSON(res, o.Now)
		if err == nil {
			err = safefile.WriteAtomic(o.JSONOut, data, 0o644)
		}
		if err != nil {
			return fmt.Errorf("write --json-out: %w", err)
		}
	}
	if o.JUnitOut != "" {
		if err := safefile.WriteAtomic(o.JUnitOut, []byte(RunJUnit(res, o.Now)), 0o644); err != nil {
			return fmt.Errorf("write --junit-out: %w", err)
		}
	}
	return nil
}
