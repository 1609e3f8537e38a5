// Package format tells the recording formats apart: a dryfire cassette, a
// cassette-fn tape, or neither. Every part of the tool that must decide
// what a file is asks [Detect] or [Of], so that a file is never a tape to
// one command and a broken cassette to another, and a new format is one
// more case here rather than a new rule in each command.
package format

import (
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Kind is the format of one file.
type Kind uint8

// The formats.
const (
	// Unknown is JSON that is neither format, or not JSON at all.
	Unknown Kind = iota
	// Dryfire is a dryfire cassette: one model turn.
	Dryfire
	// Tape is a cassette-fn tape: the recorded calls of one test.
	Tape
)

// String returns "dryfire", "tape" or "other", as the JSON documents
// spell the format.
func (k Kind) String() string {
	switch k {
	case Dryfire:
		return "dryfire"
	case Tape:
		return "tape"
	default:
		return "other"
	}
}

// MarshalText writes the kind as [Kind.String] spells it, so that a
// document's "format" field stays "dryfire", "tape" or "other".
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind as [Kind.String] spells it.
func (k *Kind) UnmarshalText(b []byte) error {
	for _, c := range []Kind{Unknown, Dryfire, Tape} {
		if string(b) == c.String() {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("unknown format %q", b)
}

// Of returns the format of a decoded JSON document. A tape is an object with
// "entries" and no "fingerprint" (both implementations write "version",
// "name" and "entries"); a dryfire cassette is an object with any of
// "fingerprint", "response" or "request_digest". Shape and version are
// checked by each format's decoder, not here.
func Of(v jsonv.Value) Kind {
	if v.Kind != jsonv.Object {
		return Unknown
	}
	switch {
	case v.Has("entries") && !v.Has("fingerprint"):
		return Tape
	case v.Has("fingerprint") || v.Has("response") || v.Has("request_digest"):
		return Dryfire
	}
	return Unknown
}

// Detect returns the format of a file's bytes. The Python port of
// cassette-fn may write bare NaN and Infinity tokens, so they are accepted
// here; bytes that are not JSON are Unknown.
func Detect(data []byte) Kind {
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return Unknown
	}
	return Of(v)
}
