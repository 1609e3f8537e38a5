package browse

import (
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// The page's messages are the results of its Cmds (cmds.go), which only
// [Page.Update] reads, and [OpenReviewMsg], which asks the root model to
// show the review page.

// scanBatchMsg carries recordings from the scan with generation gen. next is
// where the following batch comes from; done is set on the last one.
type scanBatchMsg struct {
	gen     int
	next    <-chan scanEvent
	items   []tree.Item
	done    bool
	summary backend.Summary
	err     error
}

// scanEvent is what the scan goroutine sends on its channel.
type scanEvent struct {
	items   []tree.Item
	done    bool
	summary backend.Summary
	err     error
}

// detailLoadedMsg is the detail of one recording, read for request gen.
type detailLoadedMsg struct {
	gen  int
	data detail.Data
}

// pruneDoneMsg reports a prune.
type pruneDoneMsg struct {
	result backend.PruneResult
	err    error
}

// editorClosedMsg is sent when $EDITOR exits.
type editorClosedMsg struct {
	path string
	err  error
}

// commandDoneMsg is what a command of the palette did.
type commandDoneMsg struct {
	req    backend.CommandRequest
	result backend.CommandResult
}

// pagerClosedMsg is sent when $PAGER exits.
type pagerClosedMsg struct{ err error }

// clipboardSetMsg confirms what was copied.
type clipboardSetMsg struct{ what string }

// recordPlannedMsg is the plan of a re-recording, for the dialog.
type recordPlannedMsg struct {
	plan backend.RecordPlan
	err  error
}

// recordProgressMsg is one call of the running re-recording; next is
// where the following event comes from.
type recordProgressMsg struct {
	next     <-chan recordEvent
	progress backend.RecordProgress
}

// recordDoneMsg is the end of a re-recording.
type recordDoneMsg struct{ result backend.RecordResult }

// recordEvent is what the recording goroutine sends.
type recordEvent struct {
	progress backend.RecordProgress
	done     bool
	result   backend.RecordResult
}

// OpenReviewMsg is the review of what a re-recording changed: the root
// model shows it on the review page, whose q sends page.BackToBrowseMsg,
// and keeps the browser's status line in sight there.
type OpenReviewMsg struct {
	// Review is the review opened; LookedAt are the directories it
	// looked at (absolute).
	Review   *gitreview.Review
	LookedAt []string
	// Reload opens the review again (r on the review page).
	Reload backend.ReviewLoader
}

// noReviewMsg says why a re-recording has no review (no git repository,
// or the error opening it): the browser says so and reads the workspace
// again.
type noReviewMsg struct {
	written int
	err     error
}
