// Package check is the CI gate: the check command and the browser's check.
//
// [Run] opens PATH once (scan.Open, every file read once, with the
// secrets scan and doctor's per-file checks riding on that read) and
// gathers every part over that one scan: the offline replay, the run's
// verdicts, the secrets left open by the baseline (package secretscan),
// the prune plan and doctor's report (package doctor). [Options].Skip
// leaves parts out; a part that does not apply (no dryfire.yaml, errors in
// it for prune) is nil in the [Result], and Result.Notes says why. A PATH
// with neither a project nor recordings is [ErrNothingToCheck].
// [Result.Document] is the check document: each part the document its own
// command writes, the replay's misses explained by their headline.
//
// # Place
//
// Check sits above packages doctor and secretscan, whose parts it
// gathers, beside package gitreview and below the UI and the commands.
package check
