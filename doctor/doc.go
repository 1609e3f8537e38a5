// Package doctor checks the integrity of a PATH's recordings, and repairs
// what can be repaired without a decision: the doctor command, the doctor
// part of a check, and the browser's doctor --fix.
//
// [Run] opens PATH with scan.Open and its per-file checks
// (scan.Options.Doctor: every cassette's bytes, name, keys, schema,
// digest and response, cassette.CheckFile, on the one read of each file),
// then adds the checks across files ([Checks]: turn gaps, missing
// repetitions, cassettes outside the <suite>/<case>/ layout, and tapes
// whose keys do not match their arguments, that are empty, hold NaN or
// Infinity tokens or cannot be read) and the temporary files that killed
// writes left behind. [ReportOf] does the same for a workspace already
// opened with the option (package check). The [Report] is what the
// command prints ([Report.Document], package report); a message that
// quotes a file's content (a repeated key, a fingerprint) has its
// secrets masked.
//
// # Fixing
//
// With [Options].Fix, doctor rewrites every cassette whose only problem is
// its format, with the bytes dryfire would write, and removes the
// temporary files of killed writes older than a minute (a younger one may
// be a write still running). Nothing else is touched. It holds to the
// rules of every command that changes files: the cassette root must be
// safe to change (scan.Layout.CheckModifiable, else an error matching
// scan.ErrUnsafeRoot); each file is checked just before it is acted on
// (safefile.Rewrite, safefile.Remove), so a file edited or replaced since
// the scan is left and its problem says so, and a symbolic link is never
// written through; a cancelled context stops the fixing between two files
// (Report.Interrupted).
//
// # Place
//
// Doctor sits above package scan and below the UI and the commands:
// it is a command over what workspace reads, not part of reading it, so
// workspace keeps only the per-file checks that ride on its single read.
package doctor
