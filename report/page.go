package report

import (
	"fmt"
	"io"
)

// Page is the report document: the HTML page of a run document, written
// on stdout, or the file it was written to.
type Page struct {
	// HTML is the page, when it goes to stdout.
	HTML []byte
	// Wrote is the file the page was written to (--html-out), "" when it
	// goes to stdout.
	Wrote string
}

// WriteText writes the page, or "wrote F" as dryfire's report says it.
func (d *Page) WriteText(w io.Writer) error {
	if d.Wrote != "" {
		_, err := fmt.Fprintf(w, "wrote %s\n", d.Wrote)
		return err
	}
	_, err := w.Write(d.HTML)
	return err
}
