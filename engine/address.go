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
	// Near is the address of the project closest to it, when one is close
	// ("" for none): what the user likely meant.
	Near string
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

// NearestCase is the address of a loaded case closest to a, by edit
// distance over the whole address, when it is close (a few characters,
// or a third of the address); "" otherwise.
func NearestCase(p *suite.Project, a Address) string {
	want := []rune(a.String())
	best, bestD := "", max(3, len(want)/3)+1
	for _, st := range p.Suites {
		if st.Failed {
			continue
		}
		for _, c := range st.Cases {
			id := Address{Suite: st.Name, Case: c.Name}.String()
			if d := editDistance(want, []rune(id)); d < bestD {
				best, bestD = id, d
			}
		}
	}
	return best
}

// editDistance is Levenshtein's distance between two texts, by
// characters.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
