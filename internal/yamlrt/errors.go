package yamlrt

import (
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"
)

// Mark is a position in a document: Index counts characters (code points)
// from the start, Line and Column are 0-based and counted as ruamel counts
// them (see the package documentation).
type Mark = chars.Mark

// ErrorKind tells which stage refused a document.
type ErrorKind uint8

// The kinds of [Error].
const (
	// KindEncoding: the bytes are not UTF-8, or a character YAML forbids.
	KindEncoding ErrorKind = iota + 1
	// KindSyntax: the scanner, the parser or the composer refuses the text
	// (ruamel's ScannerError, ParserError, ComposerError).
	KindSyntax
	// KindValue: Python fails to build a value while loading (an escape
	// beyond U+10FFFF, say): ruamel raises an ordinary exception, with no
	// position of its own.
	KindValue
	// KindLimit: the document exceeds one of this package's limits.
	KindLimit
)

// Error is a document the loader refuses. Problem is what went wrong, at
// Mark; Context, when set, is what was being read, starting at
// ContextMark.
type Error struct {
	Kind        ErrorKind
	Context     string
	ContextMark Mark
	HasContext  bool
	Problem     string
	Mark        Mark
	// Quote is the text of the document Problem ends with, as quoted
	// there (an alias's or a tag handle's name), "" when Problem quotes
	// none: a caller that must not show the document leaves it out.
	Quote string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("line %d, column %d: %s", e.Mark.Line+1, e.Mark.Column+1, e.Problem)
	if e.Context != "" {
		s += " (" + e.Context
		if e.HasContext {
			s += fmt.Sprintf(" at line %d, column %d", e.ContextMark.Line+1, e.ContextMark.Column+1)
		}
		s += ")"
	}
	return s
}

// encodingError is the reader's error as an [Error] of kind
// [KindEncoding].
func encodingError(e *chars.Error) *Error {
	return &Error{Kind: KindEncoding, Problem: e.Problem, Mark: e.Mark}
}
