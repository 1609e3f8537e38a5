// Package secrets finds credentials left in recordings, redacts them, and
// keeps a baseline of accepted findings.
//
// Recordings are committed to version control, and a normalize function that
// forgot a keyword argument, or a request digest that kept a header, can
// leave an API key in a file nobody reads. This package scans decoded JSON
// values: every string value and every object key of a dryfire cassette
// (request digest and response, raw payload included) or a cassette-fn tape
// (args, kwargs, result, error) is checked, and a finding names the file,
// the JSON path, where that is in user terms and the rule.
//
// # Rules
//
// The rules are our own ([Rules] lists them by family; docs/secrets.md is
// the table). They live in secrets/internal/detect, which finds secrets in
// one string and knows nothing of files or JSON; this package walks
// decoded values, hands it each string with the name it sits under, and
// turns what it finds into findings. Most rules are anchored on a literal prefix (sk-ant-api03-, ghp_,
// AKIA, IQoJb3JpZ2luX2Vj, eyJ, -----BEGIN, hooks.slack.com/, …) so that one
// pass over a string looks only at the bytes that can start a secret; a
// candidate is then checked for its length, alphabet, checksum (GitHub) and
// randomness. Values under credential names (api_key, password,
// client_secret, access_token, session_token, X-Api-Key, Authorization, …)
// are findings when they are random enough (bare hex and base64 included),
// wherever the name is, at any depth: a member
// of decoded JSON, an item of a ["X-Api-Key", "…"] pair, the value of a
// {"name": …, "value": …} object, and in text: JSON inside a string (escaped
// once or more), form bodies, header lines, YAML, .env files, XML and
// command lines. Placeholders and examples (AKIAIOSFODNN7EXAMPLE, xxxx,
// ****, [REDACTED], <token>, ${VAR}, @@VAR@@, YOUR_API_KEY, truncated
// prefixes, code such as os.environ, digests that name their algorithm,
// UUIDs under token names, dryfire's 16-hex fingerprints and keys,
// tool-call ids) are not findings.
//
// # Output never holds a secret
//
// A [Finding] carries a preview (a few leading characters, "…", the last two)
// and the SHA-256 of the whole secret as it appears in the decoded value (a
// webhook URL with its scheme, a PEM block from BEGIN to END), never the
// secret. Where a secret sits in an object key, the JSON path shows the
// preview in its place.
//
// # Failing closed
//
// A recording that does not decode (a merge conflict, a truncated tape) is
// scanned as text by [ScanUndecodable]: a [RuleNotDecoded] finding lists the
// file and [ScanText] reports what the text rules find, with lines instead of
// JSON paths. A recording that cannot be read is a [NotScanned] finding. A
// baseline accepts neither, so the gate stays closed until the file is fixed.
//
// # Entry points
//
//   - [ScanValue] scans one decoded value; [ScanCassette] and [ScanTape]
//     scan a decoded recording and say where each finding is; [ScanBytes]
//     scans a file's bytes whatever they hold. The walk of a project's files
//     lives in package scan, which calls these.
//   - [RedactValue] replaces every secret with [REDACTED:<rule>];
//     [RedactFile] rewrites a recording atomically in its own format.
//   - [Mask] is how every surface that prints a recording's values (show,
//     diff, review, the browser) shows a secret: rule, preview and the
//     start of the hash. A [Masker] masks values and text, also values
//     known to be secret (an environment variable interpolated into a
//     suite) and secrets it learned elsewhere in the same values.
//   - [Baseline] records accepted findings by rule and hash, optionally
//     scoped to a path; [DefaultBaselineFile] at the project root is read
//     automatically by the command. Baselines of version 1 are still read.
//
// # Files
//
// scan.go has [Finding] and the scans of decoded recordings; visit.go the
// walk of a decoded value (JSON paths, previews, hashes, and what the
// shape of an object says about its strings: a header pair, a
// {"name": …, "value": …} object, a Kubernetes Secret); text.go the scans
// of bytes; mask.go, redact.go and baseline.go the masks, the redaction
// and the baseline; known.go the automaton that finds every known secret
// in one pass over a string, so that masking a value costs its bytes
// however many secrets it holds; rules.go the rule IDs of package detect,
// under the names this package has always exported.
package secrets
