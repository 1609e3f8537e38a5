package runreport

import (
	"fmt"
	"io"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// RunOutput says where the reports of a run go, as dryfire run's flags
// say, and what they hide.
type RunOutput struct {
	// Reporter is what the writer gets: "json" (the run document),
	// "junit", or anything else for the terminal report.
	Reporter string
	// JSONOut and JUnitOut are files to write the run document and the
	// JUnit XML to ("" for none).
	JSONOut, JUnitOut string
	// Now is generated_at and the JUnit timestamp.
	Now time.Time
	// Text tunes the terminal report (its Mask is set by WriteRun).
	Text RunTextOptions
	// Keys are the API keys the tool may read: masked in what is printed
	// and in both files.
	Keys *visible.Keys
	// Reveal prints the recorded secrets instead of their masks. The
	// files always keep them, as dryfire writes them: they are for
	// programs, and a CI log is where a printed secret leaks.
	Reveal bool
}

// WriteRun writes the report of a run to w, then the run document and the
// JUnit file, each written atomically, in dryfire's order. What w gets
// hides the keys and, unless o.Reveal, the recorded secrets
// ([StreamMask]; the texts of failing cases, learned from those alone);
// the files hide the keys only ([FileMask]). Every report streams: the
// files are encoded into their temporary files as they are made, and -v
// writes one case's turns at a time, so that what is held is the run's
// own values and a few tens of KiB of text.
func WriteRun(w io.Writer, res *engine.Result, o RunOutput) error {
	// The run document is built once, for stdout and --json-out alike.
	var (
		doc    *jsonv.Value
		docErr error
	)
	document := func() (jsonv.Value, error) {
		if doc == nil && docErr == nil {
			var d jsonv.Value
			if d, docErr = RunDocument(res, o.Now); docErr == nil {
				doc = &d
			}
		}
		if docErr != nil {
			return jsonv.Value{}, docErr
		}
		return *doc, nil
	}
	if err := writeReport(w, res, o, document); err != nil {
		return err
	}
	files := FileMask(o.Keys)
	if o.JSONOut != "" {
		d, err := document()
		if err == nil {
			err = writeMasked(o.JSONOut, o.Keys, func(w io.Writer) error { return EncodeRun(w, d, files) })
		}
		if err != nil {
			return fmt.Errorf("write --json-out: %w", err)
		}
	}
	if o.JUnitOut != "" {
		err := writeMasked(o.JUnitOut, o.Keys, func(w io.Writer) error { return WriteRunJUnit(w, res, o.Now, files) })
		if err != nil {
			return fmt.Errorf("write --junit-out: %w", err)
		}
	}
	return nil
}

// writeMasked writes a file atomically as write streams it, every key
// masked in its text too (after the values' masks, so that no key is
// left wherever it would have come from).
func writeMasked(path string, keys *visible.Keys, write func(w io.Writer) error) error {
	return safefile.WriteAtomicFunc(path, 0o644, func(f io.Writer) error {
		kw := visible.NewKeyWriter(f, keys)
		if err := write(kw); err != nil {
			return err
		}
		return kw.Flush()
	})
}

// writeReport writes what the reporter asks for to w, masked for a stream.
func writeReport(w io.Writer, res *engine.Result, o RunOutput, document func() (jsonv.Value, error)) error {
	switch o.Reporter {
	case "json":
		doc, err := document()
		if err != nil {
			return err
		}
		// dryfire prints the document whole or not at all: check it,
		// then stream it.
		m := StreamMask(doc, o.Keys, o.Reveal)
		if err := CheckRun(doc); err != nil {
			return err
		}
		return EncodeRun(w, doc, m)
	case "junit":
		return WriteRunJUnit(w, res, o.Now, ShownMask(res, o.Keys, o.Reveal))
	}
	text := o.Text
	text.Mask = ShownMask(res, o.Keys, o.Reveal)
	return WriteRunText(w, res, text)
}
