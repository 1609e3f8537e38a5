// Package backend is the app's port to the core and its implementation
// over it: what the pages ask of command, scan, gitreview, diff, secrets
// and engine, and the real answers. It is plain Go (no charm library); the
// pages call it only inside tea.Cmds, never from Update, and tests pass
// fakes of its interfaces.
//
//   - [Backend] is what the browser needs: scan a path into tree items
//     ([Summary] when done), read one recording for the detail pane,
//     prune the files a dialog listed, and run a command of the palette
//     ([CommandRequest], [CommandResult]). [Core] is the real one.
//   - [Recorder] re-records cases: a [RecordPlan] the dialog shows, the
//     recording with its [RecordProgress], and the review of what changed.
//     [CoreRecorder] is the real one, the run of `--cassette-mode record`
//     limited to the chosen cases.
//   - [ReviewLoader] opens a review again; [NewReviewLoader] is the real one.
//
// The types the pages show are the components' own (tree.Item,
// detail.Data), so this package sits above the components and below the
// pages. [CaseVerdict] and [ItemTitle] are the words the core's results
// are shown in, shared by the items Core makes and the pages that show
// them.
package backend
