package report

import (
	"fmt"
	"io"
)

// BaselineWritten is what secrets --write-baseline says: how many secrets
// it accepted from how many findings, under which scope, in which file.
type BaselineWritten struct {
	// Accepted is the number of secrets the baseline holds now; Findings
	// the findings they came from.
	Accepted, Findings int
	// Scope is the directory the baseline was written for, relative to the
	// root ("" for the whole project).
	Scope string
	// File is the baseline file, as it was named.
	File string
}

// WriteText writes the one line.
func (b *BaselineWritten) WriteText(w io.Writer) error {
	scope := ""
	if b.Scope != "" {
		scope = " under " + b.Scope
	}
	_, err := fmt.Fprintf(w, "accepted %s from %s%s in %s\n", count(b.Accepted, "secret"), count(b.Findings, "finding"), scope, b.File)
	return err
}
