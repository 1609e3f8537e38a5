package suite

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// SpecError is a problem in a project or suite file, at a position. Line and
// Column are 1-based (0 when dryfire has no position for it either).
type SpecError struct {
	File         string // path as given to the loader (relative to the project root when loaded through a project)
	Line, Column int
	Message      string
	Hint         string // dryfire's did-you-mean, when it has one
	Source       string // the source line, without its newline
	// Fatal is set on an error dryfire does not list as a spec error: its
	// loader raises instead, and the command stops with an internal error
	// (exit 2) before any case runs. It names the kind of problem:
	// [FatalYAML], [FatalEncoding], [FatalValue] or [FatalLimit].
	Fatal string
	// Ref is set when the line and column are in a file a $ref brought
	// in (named as File is: relative to the project root), not in File:
	// dryfire names the suite with the target's position for an error in
	// what a $ref brought, and the target itself for one its parser
	// meets. No line of that file is shown with the error (Source stays
	// empty, and a reader of the error must not read it either): a $ref
	// may name a file that holds what is not the suite's to show.
	Ref string
	// Loc is where in the document the error is, as dryfire names it
	// beside the position: keys joined by dots and list indexes in
	// brackets from the top (cases[0].expect[0].calls_tolo,
	// tools[0].$ref, cases[0].input.str for a branch of a union),
	// "<root>" for the document itself; "" when dryfire has no location
	// for it (a fatal error, a file that cannot be read).
	Loc string
	// Enclosing is set when the position is not that of what the error
	// is about but of the nearest node around it that the document has
	// (a required field that is missing, a branch of a union, the key of
	// a mapping): dryfire's "(nearest enclosing node)".
	Enclosing bool
	// InConfig is set on an error of dryfire.yaml, which dryfire reports
	// apart: the command stops before any suite is read.
	InConfig bool
	// Pydantic is how pydantic words an error of dryfire.yaml's schema,
	// which dryfire prints as pydantic does (nil for the others).
	Pydantic *PydanticError
	// Raised is the text of the exception ruamel raises on dryfire.yaml
	// when it cannot read it as YAML, which dryfire prints ("" for the
	// others).
	Raised string
}

// The kinds of [SpecError.Fatal].
const (
	// FatalYAML: the YAML parser refuses the file (syntax, an undefined
	// alias, a duplicate key, a bad merge).
	FatalYAML = yamlnode.FatalYAML
	// FatalEncoding: the file is not UTF-8, or holds a character YAML
	// forbids (NUL and other control characters).
	FatalEncoding = yamlnode.FatalEncoding
	// FatalValue: a scalar Python cannot build (an impossible date, an
	// integer of more than 4,300 digits, a malformed tagged number), or
	// another exception dryfire's loader raises (a $ref target that is a
	// directory, a merged entry where dryfire needs a position).
	FatalValue = yamlnode.FatalValue
	// FatalLimit: the file exceeds one of dryfire-tui's YAML limits
	// (nesting depth, nodes per document, alias expansion; a suite and the
	// files it $refs together); dryfire would hang, exhaust memory or
	// fail later.
	FatalLimit = yamlnode.FatalLimit
)

func (e SpecError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Message)
	}
	return e.File + ": " + e.Message
}

func yamlSpecError(display string, data []byte, err error) SpecError {
	e := SpecError{File: display, Message: err.Error(), Fatal: FatalYAML}
	if le, ok := err.(*LoadError); ok {
		e.Line, e.Column, e.Message, e.Fatal = le.Line, le.Column, le.Message, le.Fatal
		e.Source = sourceLine(data, le.Line)
	}
	return e
}

// sourceLines finds the lines of a file by number, counted as ruamel
// counts them once Python has read the file as text: LF, CR LF and a lone
// CR each end a line, and a byte-order mark at the start is no part of
// the first line. The index is made once, so a file with many errors is
// not split once per error.
type sourceLines struct {
	data   []byte
	starts []int // offset of each line's first byte
}

func newSourceLines(data []byte) *sourceLines {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	starts := []int{0}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &sourceLines{data: data, starts: starts}
}

// line returns line n (1-based) without its line break, "" when there is
// no such line.
func (s *sourceLines) line(n int) string {
	if n <= 0 || n > len(s.starts) {
		return ""
	}
	end := len(s.data)
	if n < len(s.starts) {
		end = s.starts[n]
	}
	return strings.TrimRight(string(s.data[s.starts[n-1]:end]), "\r\n")
}

// sourceLine returns line n (1-based) of data without its line break.
func sourceLine(data []byte, n int) string { return newSourceLines(data).line(n) }

// setSources fills the source line of every error from data, but for
// errors placed in a $ref target.
func setSources(errs []SpecError, data []byte) {
	lines := newSourceLines(data)
	for i := range errs {
		if errs[i].Ref == "" {
			errs[i].Source = lines.line(errs[i].Line)
		}
	}
}

func sortSpecErrors(errs []SpecError) {
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Line != errs[j].Line {
			return errs[i].Line < errs[j].Line
		}
		return errs[i].Column < errs[j].Column
	})
}
