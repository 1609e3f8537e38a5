package report

import (
	"fmt"
	"io"
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
