// Package secrets finds credentials left in recordings, redacts them, and
// keeps a baseline of accepted findings.
//
// Recordings are committed to version control, and a normalize function that
// forgot a keyword argument, or a request digest that kept a header, can
// leave an API key in a file nobody reads. This package scans decoded JSON
// values, not lines of text: every string value and every object key of a
// dryfire cassette (request digest and response, raw payload included) or a
// cassette-fn tape (args, kwargs, result, error) is checked, and a finding
// names the file, the JSON path, where that is in user terms and the rule.
//
// # Rules
//
// The rules are our own ([Rules] lists them). Each one is anchored on a
// prefix (sk-ant-api03-, ghp_, AKIA, eyJ, -----BEGIN, ://, …) so that one
// pass over a string looks only at the bytes that can start a secret; a
// candidate is then checked for its length, alphabet, checksum (GitHub) and
// entropy. Values under secret-looking key names (api_key, authorization,
// password, client_secret, …) are findings when they are random enough.
// Placeholders and examples (AKIAIOSFODNN7EXAMPLE, xxxx, ****, [REDACTED],
// <token>, ${VAR}, YOUR_API_KEY, truncated prefixes, digests, UUIDs,
// fingerprints, tool-call ids) are not findings.
//
// # Output never holds a secret
//
// A [Finding] carries a preview (a few leading characters, "…", the last two)
// and the SHA-256 of the secret, never the secret. Where a secret sits in an
// object key, the JSON path shows the preview in its place.
//
// # Entry points
//
//   - [ScanValue] scans one decoded value; [ScanCassette] and [ScanTape]
//     scan a decoded recording and say where each finding is.
//   - [ScanPath] walks a directory of recordings.
//   - [RedactValue] replaces every secret with [REDACTED:<rule>];
//     [RedactFile] rewrites a recording atomically in its own format.
//   - [Baseline] records accepted findings by rule and hash, optionally
//     scoped to a path; [DefaultBaselineFile] at the project root is read
//     automatically by the command.
package secrets
