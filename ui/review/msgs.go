package review

import "github.com/dryfire-tui/dryfire-tui/gitreview"

// actedMsg reports an action on the review of generation gen: the
// state each touched path is now in, how many core steps were done (each
// accept, reject or skip is one step of the core's undo journal), and the
// first error.
type actedMsg struct {
	gen    int
	op     op
	paths  []string // what was asked
	states map[string]string
	steps  int
	err    error
	// needsConfirm is the path that turned out to need a confirmation.
	needsConfirm string
}

// secretsMsg reports a redaction of the secrets some changes add, or
// their acceptance in the baseline: the changes as summarised again, and
// what was done.
type secretsMsg struct {
	gen    int
	op     op
	items  map[string]gitreview.ReviewItem
	status string
	err    error
}

// loadedMsg carries the review opened again for generation gen.
type loadedMsg struct {
	gen      int
	review   *gitreview.Review
	lookedAt []string
	err      error
}
