// Package fingerprint is the fingerprint command ([Run]): JSON objects
// read one a line, from a file or stdin, and the key of each written as
// it is hashed: dryfire's 16-hex fingerprint of the arguments its caching
// layer hashes (package cassette), or a cassette-fn call's key in the
// tape dialect asked for (package tape); with Canonical, the exact text
// hashed. A line that cannot be hashed is written as its error and makes
// the outcome command.Findings.
package fingerprint
