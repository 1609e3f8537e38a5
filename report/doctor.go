package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

// Doctor is the doctor document: the problems of every cassette under the
// checked root, and the checks across files.
type Doctor struct {
	// Root is the checked root: relative to the project root when there is
	// one, PATH as given otherwise.
	Root string `json:"root"`
	// Files is the number of recordings checked (cassettes and tapes).
	Files    int       `json:"files"`
	Problems []Problem `json:"problems"`
	// Notes are observations that are not problems (a request digest too
	// incomplete to check).
	Notes []Problem `json:"notes"`
	// Remaining is the number of problems not fixed.
	Remaining int           `json:"remaining"`
	Checks    []DoctorCheck `json:"checks"`
	// Interrupted is set when --fix was interrupted: it stopped between
	// two files, and the fixable problems not marked fixed are not.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Problem is one problem of one cassette file (or of the walk).
type Problem struct {
	// Path is the file, joined to Root; "" for a walk problem.
	Path string `json:"path"`
	// Kind is walk, parse, name, key, schema, digest, response, format,
	// duplicate (a repeated JSON key) or temp (the temporary file of a
	// killed write).
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Line and Column locate parse errors and the first format difference.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Fixable problems are format problems of files with no other problem;
	// Fixed is set when doctor --fix rewrote the file.
	Fixable bool `json:"fixable"`
	Fixed   bool `json:"fixed"`
	// File is the file's absolute path ("" for a walk problem).
	File string `json:"-"`
}

// DoctorCheck is one problem across files: a turn gap, a missing
// repetition, a cassette outside the layout, a tape problem.
type DoctorCheck struct {
	// Path is relative to the project root.
	Path string `json:"path"`
	// Kind is layout, turn gap, repetition, tape key, tape empty, tape
	// non-finite or tape invalid.
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// walk is the kind of a problem that is about the walk, not a file.
var walk = cassette.ProblemWalk.String()

// where is the problem's place as a text report prints it: path, and
// :line:column when known.
func (p *Problem) where() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d:%d", p.Path, p.Line, p.Column)
	}
	return p.Path
}

// OK reports that nothing remains to fix.
func (d *Doctor) OK() bool { return d.Remaining == 0 && len(d.Checks) == 0 }

// WriteText writes one line per problem, note and check, then a summary.
func (d *Doctor) WriteText(w io.Writer) error {
	t := newText(w)
	fixed, fixable := 0, 0
	for i := range d.Problems {
		p := &d.Problems[i]
		switch {
		case p.Kind == walk:
			t.printf("%s: %s\n", p.Kind, p.Message)
		case p.Fixed:
			fixed++
			t.printf("fixed %s: %s: %s\n", p.where(), p.Kind, p.Message)
		default:
			if p.Fixable {
				fixable++
			}
			t.printf("%s: %s: %s\n", p.where(), p.Kind, p.Message)
		}
	}
	for _, n := range d.Notes {
		t.printf("%s: note: %s\n", n.Path, n.Message)
	}
	for _, c := range d.Checks {
		t.printf("%s: %s: %s\n", c.Path, c.Kind, c.Message)
	}
	t.println(d.summary(fixed, fixable))
	if d.Interrupted {
		t.printf("interrupted: stopped after fixing %d; the others were not touched\n", fixed)
	}
	return t.err
}

// summary counts as check counts: the problems of the files and the
// layout or tape findings, one number.
func (d *Doctor) summary(fixed, fixable int) string {
	s := fmt.Sprintf("checked %d %s under %s: ", d.Files, Plural(d.Files, "file"), d.Root)
	checks := len(d.Checks)
	total := d.Remaining + checks
	switch {
	case total == 0 && fixed == 0:
		return s + "no problems"
	case total == 0:
		return s + fmt.Sprintf("fixed %d, no problems remain", fixed)
	}
	s += fmt.Sprintf("%d %s", total, Plural(total, "problem"))
	if fixed > 0 {
		s += fmt.Sprintf(" remain after fixing %d", fixed)
	}
	if checks > 0 {
		var parts []string
		if d.Remaining > 0 {
			parts = append(parts, fmt.Sprintf("%d in the files", d.Remaining))
		}
		parts = append(parts, fmt.Sprintf("%d layout or tape %s", checks, Plural(checks, "finding")))
		s += ": " + strings.Join(parts, ", ")
	}
	if fixable > 0 {
		s += fmt.Sprintf(" (%d fixable with --fix)", fixable)
	}
	return s
}
