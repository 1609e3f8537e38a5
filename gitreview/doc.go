// Package gitreview reviews the recordings that changed since git HEAD,
// before they are committed.
//
// [OpenReview] lists the cassettes and tapes under the given directories
// that git sees as added, modified, deleted or renamed (staged or not,
// untracked included), and summarises each change at the level of meaning:
// response text, tool calls, turns, usage, and any secret the change brings
// in (redacted, by hash). Accepting a change stages it; rejecting restores
// the file from git (or, after confirmation, removes an untracked one); both
// can be undone. The review and browser pages of the UI, and the review
// command's headless flags, all work through this package: [Review.Act]
// is those flags' one call, which redacts the secrets of the named files or
// adds them to the baseline, then accepts or rejects each file, and returns
// what it did to each as a [report.ReviewAct].
package gitreview
