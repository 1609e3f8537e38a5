package report

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

// WriteValidate writes what dryfire's validate prints of a load: every
// spec error on stderr ([WriteSpecErrors]) and false, or "ok: N suite(s),
// M case(s)" on stdout and true.
func WriteValidate(stdout, stderr io.Writer, pr *suite.Project) (bool, error) {
	ok, suites, cases := pr.Valid()
	if !ok {
		return false, WriteSpecErrors(stderr, pr.Root, pr.Errors)
	}
	_, err := fmt.Fprintf(stdout, "ok: %d suite(s), %d case(s)\n", suites, cases)
	return true, err
}
