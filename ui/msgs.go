package ui

import (
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

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
