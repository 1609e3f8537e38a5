// Package report holds the documents the commands print, one typed
// document per command, and their writers: text for a person, JSON for a
// machine, GitHub Actions annotations for a CI log. The documents are built
// from what the core found (package workspace makes most of them; package
// gitreview the review's) and never from the terminal: the command layer
// picks a document and a writer, nothing more.
//
// # Documents
//
//   - [Listing] (ls): every recording ([Recording]) with its status and
//     reason.
//   - [Show] (show): one recording and its body.
//   - [Replay] (replay): the offline replay of every case ([ReplayCase],
//     [ReplayVisit]), its misses ([ReplayMiss]) and the spec errors
//     ([SpecError]); [NewReplay] makes it from an engine.Result.
//   - [Prune] (prune): candidates and kept files ([PruneItem]), and what
//     --yes removed.
//   - [Diff] (diff): every miss explained ([Stale]), field by field
//     ([Change], [NewChanges]).
//   - [Secrets] (secrets): the open findings ([Finding], [NewFindings]), and
//     what a redaction did ([Redaction], [ReplayProof]).
//   - [Doctor] (doctor): problems of each cassette ([Problem]) and across
//     files ([DoctorCheck]).
//   - [Check] (check): the four parts above, each the document its own
//     command prints, and the verdict ([Check.Passed], [CheckParts]).
//   - [Review] (review): the changes since git HEAD ([ReviewChange],
//     [Detail]) and per case ([ReviewCase]); [ReviewAct] (review --accept,
//     --reject, --redact, --add-to-baseline): what was done to each named
//     file ([ReviewActFile]), the redaction or the baseline entries
//     ([BaselineAdd]). Its WriteText takes stdout and stderr: what could
//     not be done is written as errors with hints.
//
// Fields tagged json:"-" carry what only the text needs (the status order
// of a listing, a case's suite line, a miss's explanation).
//
// # Writers
//
// Every document has WriteText(w). [WriteJSON] writes any document as JSON
// with one policy: two-space indentation, no HTML escaping, a trailing
// newline, and the field names DESIGN.md's CLI contract lists; those names
// are a contract and change only on purpose. A [Listing] writes its JSON by
// hand, the same bytes faster (a test holds the two equal). [Value] turns a
// recorded JSON value into raw JSON for a document, numbers as recorded.
// [Check.WriteGitHub] writes workflow annotations ([Annotation]) on the files
// to fix. [WriteSpecErrors] writes spec errors with their source line and a
// caret, the diagnostics of replay and check on stderr. [Plural] is the
// one pluralisation rule of the texts.
//
// # Run documents
//
// A run ([engine.Result]) is written three ways, each as dryfire run
// writes it: [WriteRunJSON] is the --json-out document (schema 2: every
// case's verdict, assertions and full trace, every repetition of a repeated
// case; keys sorted, two-space indent, UTF-8 unescaped, Python's number
// spelling, a final newline); [WriteRunJUnit] the --junit-out XML (a
// <failure> per failing case with every failed assertion in its text, an
// <error> for a case that could not be evaluated); [WriteRunText] the
// terminal report (✓, ✗ or ~ per case with turns, tokens, cost and cache
// hits, failed assertions with expected and actual, the totals, the judges'
// cost apart). Only generated_at and the measured durations differ from
// dryfire's bytes. [WriteRun] writes what dryfire run's flags ask for
// ([RunOutput]: the report on stdout, --json-out, --junit-out), naming
// suite files with [RelativeTo]; [WriteRunEnd] is all a finished run
// prints: its spec errors, or "no cases matched", or [WriteRun] and then
// [WriteRecorded].
//
// A run that calls providers ([runplan.Plan]) says on stderr what it will
// call and may cost before it calls ([WritePlan]), one line per call and
// per retry while it runs ([RunProgress]), what it recorded, redacted and
// refused ([WriteRecorded]), and, when interrupted, what it left behind
// ([WriteInterrupted]).
package report
