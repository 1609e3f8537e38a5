package tape

import "github.com/dryfire-tui/dryfire-tui/internal/jsonv"

// Value is an ordered JSON value: object keys keep their order and numbers
// keep their spelling, so that 780 and 780.0 stay apart as they do in the
// tapes the JavaScript and Python implementations write. A [Options.Normalize]
// function receives and returns Values; [Marshal] and [Unmarshal] convert
// between Go values and Values.
type Value = jsonv.Value

// Member is one key and value of an object [Value].
type Member = jsonv.Member

// Dialect selects whose key and file format a tape follows.
type Dialect = jsonv.Dialect

// The dialects: the JavaScript package (the default) and its Python port.
const (
	JS     = jsonv.JS
	Python = jsonv.Python
)
