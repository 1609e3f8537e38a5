// Package gitreview reviews the recordings that changed since git HEAD,
// before they are committed.
//
// [OpenReview] lists the cassettes and tapes under the given directories
// that git sees as added, modified, deleted or renamed (staged or not,
// untracked included), and summarises each change at the level of meaning:
// response text, tool calls, turns, usage, and any secret the change brings
// in (redacted, by hash). Accepting a change stages it; rejecting restores
// the file from git (or, after confirmation, removes an untracked one); both
// can be undone. [Review.Document] is the review document
// ([report.Review]). This package is the git session; the review command,
// its headless flags (accept, reject, redact, add to the baseline, each
// file's outcome in a report.ReviewAct) and the review page's redaction
// are package command's, over this session (command.ReviewFiles,
// command.RedactChanges), and the review page of the UI holds a [*Review]
// as its handle.
package gitreview
