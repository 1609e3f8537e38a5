// Package command is one function per dryfire-tui command, each returning
// a typed document and an outcome; the command line and the browser's
// palette both call these, so a command cannot behave differently in the
// two.
//
// # The shape
//
// Every command is a function of a context and its request:
//
//	func Check(ctx context.Context, req CheckRequest) (Result[*report.Check], error)
//
// A request holds the command's flags, its PATH arguments as given, and an
// [Env]: the working directory they are relative to, the environment
// (${VAR} in suites, provider keys) and the clock. The PATHs are resolved
// by scan.Resolve, the one resolver, with the command's scan.Want. The
// [Result] holds the document the command prints (package report), its
// [Outcome] (ok, findings, failed, usage or spec error, miss or provider
// error, interrupted: the command line maps it to an exit code in one
// table, the palette to what it shows), what it says after the document
// (Err: "2 not removed", with a hint), the problems that did not stop it
// (Warnings) and the spec errors of the project (SpecErrors, with Root).
// An error means the command made no document; it carries a hint for a
// person where there is one (a Hint method), and Result.Outcome still
// says how the command ended.
//
// The commands: [Ls], [Show], [Diff], [Replay], [Prune] (and
// [PruneFiles], the browser's prune of what its dialog listed), [Secrets]
// and [WriteBaseline], [Doctor], [Check], [Review] ([OpenReview] for the
// review browser, [ReviewFiles] for accept, reject, redact and
// add-to-baseline, [RedactChanges] for the review page's redaction).
// Those of dryfire's own command line (run, trace, compare, report,
// validate, init) are package command/dryfire's; fingerprint is package
// command/fingerprint's.
//
// # Check
//
// Check is the CI gate: it opens PATH once (every file read once, with
// the secrets scan and doctor's per-file checks riding on that read) and
// gathers every part over that one scan: the offline replay, the run's
// verdicts, the secrets left open by the baseline, the prune plan and
// doctor's report. CheckRequest.Skip leaves parts out; a part that does
// not apply (no dryfire.yaml, errors in it or suite files named, for
// prune) is null in the document, and its notes say why.
//
// # Doctor
//
// Doctor checks the integrity of a PATH's recordings: the per-file checks
// ride on the scan's one read of each file (scan.Options.Doctor:
// cassette.CheckFile), then come the checks across files (turn gaps,
// missing repetitions, cassettes outside the <suite>/<case>/ layout, tapes
// whose keys do not match their arguments, that are empty, hold NaN or
// Infinity tokens or cannot be read) and the temporary files that killed
// writes left behind. A message that quotes a file's content has its
// secrets masked. With Fix, doctor rewrites every cassette whose only
// problem is its format, with the bytes dryfire would write, and removes
// the temporary files of killed writes older than a minute. Nothing else
// is touched.
//
// # Secrets
//
// Secrets gathers the findings of every dryfire cassette and tape under
// PATH (scan.Options.Secrets, on the one read of each file) and applies a
// baseline (the project's secrets.DefaultBaselineFile by default). A file
// that does not decode is scanned as text; one that cannot be read is a
// finding of its own: the scan fails closed. With Redact it rewrites every
// file with open findings, then, in a dryfire project, proves that replay
// is unaffected by replaying every case offline before and after: when a
// case that replayed fully no longer does, every file is put back
// ([RedactReport].Replay says which cases were lost). A tape's keys and
// entry lists are checked to be unchanged instead. A context cancelled
// before the proof has passed stops the redaction and puts back the files
// already rewritten; one cancelled after it leaves the redactions as
// proven. WriteBaseline accepts every current finding.
//
// # Changing files
//
// Prune, doctor's fix and the redaction of secrets (the commands that
// change files; package scan never does) hold to the same rules: the
// cassette root must be safe to change (inside the project, links
// resolved, unless the request's AllowOutside; neither the project root
// nor containing it; no .git), or they refuse with an [*UnsafeRootError]
// (matching [ErrUnsafeRoot]); each file is checked just before it is
// acted on (safefile.Remove, safefile.Rewrite), so a file edited or
// replaced since the scan is left and reported, and a symbolic link is
// never written through; a cancelled context stops them between two
// files.
package command
