package engine

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Address names one case as dryfire trace takes it: suite::case.
type Address struct {
	Suite, Case string
}

// String is the address as dryfire spells it.
func (a Address) String() string { return a.Suite + "::" + a.Case }

// AddressError is an address without "::", in dryfire's words.
type AddressError struct {
	Text string
}

func (e *AddressError) Error() string {
	return "trace address must be 'suite::case', got " + jsonv.PyRepr(e.Text)
}

// ParseAddress reads suite::case as dryfire does: the suite is what comes
// before the first "::", the case everything after it (more "::"
// included). Text without "::" is an [*AddressError].
func ParseAddress(text string) (Address, error) {
	s, c, ok := strings.Cut(text, "::")
	if !ok {
		return Address{}, &AddressError{Text: text}
	}
	return Address{Suite: s, Case: c}, nil
}

// CaseNotFoundError is an address that names no case of the project, in
// dryfire's words.
type CaseNotFoundError struct {
	Address Address
}

func (e *CaseNotFoundError) Error() string {
	return "no case " + jsonv.PyRepr(e.Address.String()) + " found"
}

// FindCase is the case at a: of the suites named a.Suite that are loaded
// (in load order), the first with a case named a.Case, as dryfire trace
// finds it; nil when there is none.
func FindCase(p *suite.Project, a Address) *suite.Case {
	for _, st := range p.Suites {
		if st.Failed || st.Name != a.Suite {
			continue
		}
		for _, c := range st.Cases {
			if c.Name == a.Case {
				return c
			}
		}
	}
	return nil
}
