// Package report holds the documents the commands print, one typed
// document per command, and their writers: text for a person, JSON for a
// machine, GitHub Actions annotations for a CI log. The documents are built
// from what the core found (each command's function in package command
// makes its command's, from what scan, engine and the others found;
// package gitreview the review's) and never from the terminal: the command
// line picks a writer, nothing more.
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
// newline, and the field names docs/json.md lists; those names are a
// contract and change only on purpose. A [Listing] writes its JSON by
// hand, the same bytes faster (a test holds the two equal). [Value] turns a
// recorded JSON value into raw JSON for a document, numbers as recorded.
// [Check.WriteGitHub] writes workflow annotations ([Annotation]) on the files
// to fix. [WriteSpecErrors] writes spec errors as dryfire's validate and
// run print them (the file, line, column and location, the source line
// with a caret, the hint; dryfire.yaml's as pydantic words them), the
// diagnostics of validate, run, replay and check on stderr. [Plural] is the one pluralisation rule of the texts.
//
// # Run documents
//
// A run's three reports, as dryfire run writes them (the --json-out
// document, the --junit-out XML, the terminal report), are package
// [runreport]. [WriteRunEnd] is all a finished run prints: its spec
// errors, or "no cases matched", or [runreport.WriteRun] and then
// [WriteRecorded].
//
// A run that calls providers ([runplan.Plan]) says on stderr what it will
// call and may cost before it calls ([WritePlan]), one line per call and
// per retry while it runs ([RunProgress]), what it recorded, redacted and
// refused ([WriteRecorded]), and, when interrupted, what it left behind
// ([WriteInterrupted]).
package report
