// Package chars is the first stage of internal/yamlrt: it turns a file's
// bytes into the characters ruamel.yaml's reader gives its scanner, as
// dryfire's loader reads them.
//
// [New] decodes the bytes as UTF-8 text in Python's text mode (CR LF and a
// lone CR read as LF) into a [Reader]. The Reader is ruamel's reader
// stream: [Reader.Peek] and [Reader.Ch] look ahead, [Reader.Prefix] takes
// the next characters (a substring of [Reader.Text], not a copy, and
// [Reader.Span] gives where they are in it), [Reader.Forward] moves on,
// counting the position ruamel gives: [Mark] (0-based line and column,
// a byte-order mark is zero-width, only LF and a lone CR end a line).
// Past the end it reads NUL.
//
// The text is checked as ruamel's reader checks it: it must be UTF-8
// (dryfire opens suites as UTF-8 text) and hold no character YAML forbids
// (NUL, C0 controls other than tab, LF and CR, DEL, C1 controls other than
// NEL, surrogates, U+FFFE and U+FFFF). Either fault is an *[Error] with
// Python's message and the position of the fault. dryfire reads a file in
// chunks and checks each chunk as it reads it, so of a syntax error and a
// bad byte or character further on it reports the one its reads meet
// first. The Reader replays those reads: New returns the error ruamel
// meets on opening the file; one further on makes the Reader panic with
// the *Error when the scanner first reads into its chunk (the caller
// recovers it, as it recovers its own errors). A file without a fault, nearly
// every one, is all read at once and costs nothing more.
//
// [Buffers] keep a Reader's buffers for the next one ([Buffers.Keep]), for
// documents up to [MaxKept] characters.
package chars
