// Package cassette reads and writes the recordings that LLM test suites
// replay offline, byte-compatibly with the tools that make them.
//
// Two formats are served:
//
//   - dryfire: one JSON file per model turn under
//     .dryfire/cassettes/<suite>/<case>/<NN>-<key>.json, keyed by a 16-hex
//     fingerprint of the request ([Fingerprint], [HashableRequest]).
//   - cassette-fn: one JSON "tape" per test, entries keyed by a hash of the
//     call's arguments in the JavaScript or Python dialect.
//
// # Values
//
// [Value] is an ordered JSON value that keeps object key order and number
// spellings, so that 780 and 780.0 stay apart and call-id numbering follows
// the order a request was written in. [Decode] reads one with line:column in
// every syntax error; [Canonical] writes the canonical form dryfire hashes;
// [EncodeDryfire] writes the bytes dryfire writes to disk.
//
// # Tapes
//
// [DecodeTape] and [TapeFile.Encode] read and write cassette-fn tapes byte for
// byte as the JavaScript package and its Python port write them; [TapeKey]
// computes a call's key in either dialect; [OpenTape] with [Call], [CallKw]
// and [Wrap] records and replays Go calls in tapes those tools can share.
// The default dialect is JavaScript's. Integers beyond 2^53-1: when checking
// a stored tape, the JS dialect rounds them as JSON.parse does, so the key
// is the one JavaScript computes; when the Tape API records in the JS
// dialect it refuses them ([ErrUnsafeInteger]) rather than merge distinct
// calls. The Python dialect keeps every integer exact.
//
// # Compatibility
//
// A fingerprint, key, miss or file that differs from what dryfire or
// cassette-fn produce is a bug. The package's tests compare against data
// produced by running the real tools.
package cassette
