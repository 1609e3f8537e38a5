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
// # Compatibility
//
// A fingerprint, key, miss or file that differs from what dryfire or
// cassette-fn produce is a bug. The package's tests compare against data
// produced by running the real tools.
package cassette
