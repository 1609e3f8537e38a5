package engine

import (
	"fmt"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pydantic"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// lookupError is a recording dryfire's replay cannot serve: its message
// names the file, and its repr() is the exception dryfire's store raises
// on it, which is what dryfire's run document shows.
type lookupError struct {
	err  error
	repr string
}

func (e *lookupError) Error() string { return e.err.Error() }
func (e *lookupError) Unwrap() error { return e.err }

// Repr is the exception dryfire raises, as its repr() spells it.
func (e *lookupError) Repr() string { return e.repr }

// dryfireLookupError gives a lookup's error dryfire's exception: pydantic's
// ValidationError for a response ModelResponse refuses (its repr is its
// text), KeyError('response') when there is none, the UnicodeDecodeError
// of a file that is not UTF-8, the AttributeError of a body that is not a
// JSON object. An error it cannot place keeps its own repr.
func dryfireLookupError(f *cassette.StoreFile, err error) error {
	if f == nil {
		return err
	}
	data, rerr := safefile.ReadFile(f.Path)
	if rerr != nil {
		return err
	}
	repr := ""
	switch body, derr := jsonv.Decode(data); {
	case !utf8.Valid(data):
		repr = unicodeDecodeError(data)
	case derr != nil:
		return err
	case body.Kind != jsonv.Object:
		repr = "AttributeError(" + jsonv.PyRepr("'"+jsonv.PyTypeName(body)+"' object has no attribute 'get'") + ")"
	case !body.Has("response"):
		repr = "KeyError('response')"
	default:
		repr = pydantic.ModelResponseError(body.Field("response"))
	}
	if repr == "" {
		return err
	}
	return &lookupError{err: err, repr: repr}
}

// unicodeDecodeError is the repr() of the UnicodeDecodeError Python's
// UTF-8 decoder raises on data (which holds an invalid sequence): the
// whole input, where the bad sequence starts and ends, and why.
func unicodeDecodeError(data []byte) string {
	start := 0
	for start < len(data) {
		r, size := utf8.DecodeRune(data[start:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		start += size
	}
	end, reason := utf8Failure(data, start)
	return fmt.Sprintf("UnicodeDecodeError('utf-8', %s, %d, %d, %s)", jsonv.PyBytesRepr(string(data)), start, end, jsonv.PyRepr(reason))
}

// utf8Failure is where CPython's decoder says the invalid sequence at
// start ends, and its reason.
func utf8Failure(data []byte, start int) (int, string) {
	b := data[start]
	n := 0
	switch {
	case b >= 0xc2 && b <= 0xdf:
		n = 2
	case b >= 0xe0 && b <= 0xef:
		n = 3
	case b >= 0xf0 && b <= 0xf4:
		n = 4
	default:
		return start + 1, "invalid start byte"
	}
	for i := 1; i < n; i++ {
		if start+i >= len(data) {
			return len(data), "unexpected end of data"
		}
		lo, hi := byte(0x80), byte(0xbf)
		if i == 1 {
			switch b {
			case 0xe0:
				lo = 0xa0
			case 0xed:
				hi = 0x9f
			case 0xf0:
				lo = 0x90
			case 0xf4:
				hi = 0x8f
			}
		}
		if c := data[start+i]; c < lo || c > hi {
			return start + i, "invalid continuation byte"
		}
	}
	return start + n, "invalid start byte"
}
