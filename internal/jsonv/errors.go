package jsonv

import (
	"errors"
	"fmt"
)

// ParseError is a syntax or shape error at a position in a file. Line and
// Column are 1-based; Column counts characters (code points), as Python's
// json module and YAML parsers do. Either may be 0 when unknown.
type ParseError struct {
	Path   string
	Line   int
	Column int
	Err    error
}

func (e *ParseError) Error() string {
	switch {
	case e.Path != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Column, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d column %d: %v", e.Line, e.Column, e.Err)
	case e.Path != "":
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// WithPath returns err with its file path set when it is a *ParseError
// without one, or wrapped as "<path>: err" otherwise.
func WithPath(path string, err error) error {
	if err == nil {
		return nil
	}
	var pe *ParseError
	if errors.As(err, &pe) && pe.Path == "" {
		cp := *pe
		cp.Path = path
		return &cp
	}
	if errors.As(err, &pe) {
		return err
	}
	return &ParseError{Path: path, Err: err}
}

// Sentinel errors with a documented contract.
var (
	// ErrNonFinite: NaN or ±Infinity where JSON (and dryfire's
	// allow_nan=False) cannot carry it.
	ErrNonFinite = errors.New("out of range float values are not JSON compliant")
	// ErrIntDigits: an integer of more than 4,300 digits, which Python
	// (3.11 and later) refuses to write in decimal: its json.dumps raises
	// ValueError('Exceeds the limit (4300 digits) for integer string
	// conversion; ...').
	ErrIntDigits = errors.New("an integer of more than 4300 digits, which Python's json.dumps refuses to write (ValueError: Exceeds the limit (4300 digits) for integer string conversion)")
	// ErrLoneSurrogate: a string holds a UTF-16 surrogate that is not part of
	// a pair; it cannot be encoded as UTF-8.
	ErrLoneSurrogate = errors.New("lone surrogate cannot be encoded as UTF-8")
	// ErrInvalidUTF8: a string holds bytes that are not UTF-8.
	ErrInvalidUTF8 = errors.New("string is not valid UTF-8")
)
