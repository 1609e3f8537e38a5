package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// WriteJSON writes doc as one JSON document: two-space indentation, no
// HTML escaping (a "<" in a reason stays "<"), field names from the
// document's json tags, and a trailing newline. Every --json output of the
// tool is written here. A document that knows a faster way to write
// exactly these bytes (the listing, which can hold 100,000 recordings)
// writes itself.
//
// On a terminal the command line's stream escapes the bytes (package
// visible): a recorded DEL, C1 control or bidi override is written as its
// JSON escape (\u202e), the same value, never raw; on a pipe they are the
// encoder's.
func WriteJSON(w io.Writer, doc any) error {
	if f, ok := doc.(fastJSON); ok {
		return f.writeJSON(w)
	}
	return encodeJSON(w, doc)
}

// fastJSON is a document that writes, by hand, the bytes encodeJSON would
// write for it. Its tests prove the two equal.
type fastJSON interface {
	writeJSON(w io.Writer) error
}

// encodeJSON is the encoder policy of WriteJSON.
// The encoder writes compact JSON, which indentWriter indents chunk by
// chunk: the encoder's own indentation built a second, indented copy of
// the whole document first.
func encodeJSON(w io.Writer, v any) error {
	iw := &indentWriter{w: w}
	enc := json.NewEncoder(iw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return iw.flush()
}

// Value returns a recorded JSON value as raw JSON for a document, numbers
// spelled as recorded (0.0 stays 0.0). A value Python's json could not
// write (NaN, a lone surrogate) is written as JavaScript would (null, an
// escape).
func Value(v jsonv.Value) json.RawMessage {
	if data, err := jsonv.Encode(v, jsonv.EncodeOptions{}); err == nil {
		return data
	}
	data, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: jsonv.JS, AllowNonFinite: true})
	if err != nil {
		return json.RawMessage("null")
	}
	return data
}

// appendJSONString appends s as encodeJSON writes it. Printable ASCII
// without quotes or backslashes is copied; any other string goes through
// the encoder itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			// A string has nothing to indent: the compact encoder's bytes.
			var w bytes.Buffer
			enc := json.NewEncoder(&w)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(s); err != nil {
				// A Go string always encodes; keep the document valid anyway.
				return append(b, `""`...)
			}
			return append(b, bytes.TrimSuffix(w.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
