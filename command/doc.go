// Package command is one function per dryfire-tui command, each returning
// a typed document and an outcome; the command line and the browser's
// palette both call these, so a command cannot behave differently in the
// two.
//
// # Check
//
// [RunCheck] is the CI gate: it opens PATH once (scan.Open, every file
// read once, with the secrets scan and doctor's per-file checks riding on
// that read) and gathers every part over that one scan: the offline
// replay, the run's verdicts, the secrets left open by the baseline, the
// prune plan and doctor's report. [CheckOptions].Skip leaves parts out; a
// part that does not apply (no dryfire.yaml, errors in it for prune) is
// nil in the [CheckResult], and CheckResult.Notes says why. A PATH with
// neither a project nor recordings is [ErrNothingToCheck].
// [CheckResult.Document] is the check document: each part the document its
// own command writes, the replay's misses explained by their headline.
//
// # Doctor
//
// [RunDoctor] checks the integrity of a PATH's recordings: it opens PATH
// with scan's per-file checks (scan.Options.Doctor: every cassette's
// bytes, name, keys, schema, digest and response, cassette.CheckFile, on
// the one read of each file), then adds the checks across files (turn
// gaps, missing repetitions, cassettes outside the <suite>/<case>/ layout,
// and tapes whose keys do not match their arguments, that are empty, hold
// NaN or Infinity tokens or cannot be read) and the temporary files that
// killed writes left behind. [DoctorReportOf] does the same for a
// workspace already opened with the option (the check). A message that
// quotes a file's content (a repeated key, a fingerprint) has its secrets
// masked.
//
// With DoctorOptions.Fix, doctor rewrites every cassette whose only
// problem is its format, with the bytes dryfire would write, and removes
// the temporary files of killed writes older than a minute (a younger one
// may be a write still running). Nothing else is touched.
//
// # Secrets
//
// [ScanSecrets] gathers the findings of every dryfire cassette and tape
// under PATH into a [SecretsReport] (scan.Options.Secrets, on the one read
// of each file); [SecretsReportOf] does the same for a workspace already
// opened with the option. A file that does not decode is scanned as text;
// one that cannot be read is a finding of its own: the scan fails closed.
// [SecretsReport.WithBaseline] applies a baseline file (the project's
// secrets.DefaultBaselineFile by default) and leaves the open findings in
// a [SecretsResult]; [SecretsReport.WriteBaseline] accepts every current
// finding.
//
// [RedactFiles] rewrites every file with open findings, then, in a dryfire
// project, proves that replay is unaffected by replaying every case
// offline before and after: when a case that replayed fully no longer
// does, every file is put back ([RedactReport].Replay says which cases
// were lost). A tape's keys and entry lists are checked to be unchanged
// instead. A context cancelled before the replay proof has passed stops
// the redaction and puts back the files already rewritten
// ([RedactReport].Interrupted), and one cancelled after it leaves the
// redactions as proven ([RedactReport].InterruptedAfterProof).
//
// # Review
//
// [ReviewAct] is the review command's headless flags over a
// gitreview.Review: it redacts the secrets the named files add
// ([RedactChanges], the same redaction and proof) or adds them to the
// baseline, then accepts or rejects each file.
//
// # Changing files
//
// Every command that changes files holds to the same rules: the cassette
// root must be safe to change (scan.Layout.CheckModifiable, else an error
// matching scan.ErrUnsafeRoot); each file is checked just before it is
// acted on (safefile.Rewrite, safefile.Remove), so a file edited or
// replaced since the scan is left and reported, and a symbolic link is
// never written through; a cancelled context stops them between two
// files.
package command
