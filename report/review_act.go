package report

import (
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// ReviewAct is what the review command's headless flags did to the files
// they named: the names that are no changed recording, the secrets
// redacted or added to the baseline, and each file accepted or rejected.
type ReviewAct struct {
	// Unknown are the named files that are not among the changed
	// recordings, as named.
	Unknown []string
	// NothingToRedact is set when a redaction was asked for and the files
	// add no secret.
	NothingToRedact bool
	// Redaction is the redaction done (nil when none was).
	Redaction *Secrets
	// Baseline is the secrets added to the baseline (nil when none was
	// asked for).
	Baseline *BaselineAdd
	// Files are the files accepted or rejected, in the order named.
	Files []ReviewActFile
}

// BaselineAdd is the secrets of some files accepted as known fakes.
type BaselineAdd struct {
	// File is the baseline file, relative to the project root when below
	// it.
	File string
	// Added is how many secrets were new to it; Files how many files were
	// named.
	Added, Files int
}

// ReviewActFile is one file accepted or rejected, or the reason it was
// not.
type ReviewActFile struct {
	Path string
	// Kind is added, modified, deleted or renamed.
	Kind string
	// Verb is "accepted" or "rejected".
	Verb string
	// Secrets is how many secrets an accepted change brings in (0 for a
	// rejection).
	Secrets int
	// Err is why the file was not acted on (nil when it was).
	Err error
	// AddsSecrets is set when Err is a refusal of the secrets the change
	// adds; NeedsConfirm when rejecting would remove a file git has no
	// copy of.
	AddsSecrets, NeedsConfirm bool
}

// Failed is whether a named file was unknown or not acted on.
func (a *ReviewAct) Failed() bool {
	failed := len(a.Unknown) > 0
	for _, f := range a.Files {
		failed = failed || f.Err != nil
	}
	return failed
}

// RedactionRestored is whether the redaction was undone because it would
// have broken replay.
func (a *ReviewAct) RedactionRestored() bool {
	return a.Redaction != nil && a.Redaction.Replay != nil && a.Redaction.Replay.Restored
}

// WriteText writes what was done to stdout, a line per file, and what
// could not be done to stderr as errors with hints.
func (a *ReviewAct) WriteText(stdout, stderr io.Writer) error {
	for _, f := range a.Unknown {
		fmt.Fprintf(stderr, "dryfire-tui: error: %s: not among the changed recordings\n", visible.Line(secrets.MaskPath(f)))
	}
	switch {
	case a.NothingToRedact:
		fmt.Fprintln(stdout, "no new secret to redact")
	case a.Redaction != nil:
		if err := a.Redaction.WriteText(stdout); err != nil {
			return err
		}
	case a.Baseline != nil:
		fmt.Fprintf(stdout, "accepted %s of %s in %s: commit it with the recordings\n", count(a.Baseline.Added, "new secret"), count(a.Baseline.Files, "file"), visible.LineFor(stdout, a.Baseline.File))
	}
	for _, f := range a.Files {
		f.writeText(stdout, stderr)
	}
	return nil
}

// writeText writes what was done to one file, or why it was not.
func (f *ReviewActFile) writeText(stdout, stderr io.Writer) {
	// Paths, and the errors that name them, show the secrets of their
	// names masked.
	path := visible.Line(secrets.MaskPath(f.Path))
	switch {
	case f.AddsSecrets:
		fmt.Fprintf(stderr, "dryfire-tui: error: %s\n", visible.Line(secrets.MaskNames(f.Err.Error())))
		fmt.Fprintf(stderr, "dryfire-tui: hint: redact it (dryfire-tui review --redact %[1]s), accept it as a known fake (dryfire-tui review --add-to-baseline %[1]s), or accept the change as it is with --allow-secrets\n", path)
	case f.NeedsConfirm:
		fmt.Fprintf(stderr, "dryfire-tui: error: %s is %s and git has no copy of it: rejecting removes it\n", path, f.Kind)
		fmt.Fprintln(stderr, "dryfire-tui: hint: add --yes to remove it")
	case f.Err != nil:
		fmt.Fprintf(stderr, "dryfire-tui: error: %s: %s\n", path, visible.Line(secrets.MaskNames(f.Err.Error())))
	default:
		suffix := ""
		if f.Secrets > 0 {
			suffix = ", with " + count(f.Secrets, "secret")
		}
		fmt.Fprintf(stdout, "%s %s (%s%s)\n", f.Verb, path, f.Kind, suffix)
	}
}
