// Package secretscan finds the secrets in a PATH's recordings, applies a
// baseline of accepted findings, and redacts them: the secrets command,
// the secrets part of a check, and the browser's and the review's
// redaction. Package secrets is the analyzer (values in, findings out);
// this package applies it to the files a workspace reads.
//
// [Scan] opens PATH with scan.Open and its secrets scan
// (scan.Options.Secrets, on the one read of each file) and gathers
// the findings of every dryfire cassette and tape under PATH into a
// [Report]; [ReportOf] does the same for a workspace already opened with
// the option (package check). A file that does not decode is scanned as
// text; one that cannot be read is a finding of its own: the scan fails
// closed. [Report.WithBaseline] applies a baseline file (the project's
// secrets.DefaultBaselineFile by default) and leaves the open findings in
// a [Result], whose [Result.Document] is what the command prints;
// [Report.WriteBaseline] accepts every current finding.
//
// # Redacting
//
// [Redact] rewrites every file with open findings, then, in a dryfire
// project, proves that replay is unaffected by replaying every case
// offline before and after: when a case that replayed fully no longer
// does, every file is put back ([RedactReport].Replay says which cases
// were lost). A tape's keys and entry lists are checked to be unchanged
// instead. The cassette root must be safe to change
// (scan.Layout.CheckModifiable); each file is rewritten only while it
// is still as read (safefile.Rewrite), never through a symbolic link; a
// context cancelled before the replay proof has passed stops the redaction
// and puts back the files already rewritten ([RedactReport].Interrupted),
// and one cancelled after it leaves the redactions as proven
// ([RedactReport].InterruptedAfterProof).
//
// # Place
//
// Secretscan sits above package scan and below the UI, the commands
// and package gitreview (whose review redacts the files it stages): it is
// a command over what workspace reads, not part of reading it.
package secretscan
