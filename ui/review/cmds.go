package review

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

// op is a review action.
type op int

const (
	opAccept op = iota
	opReject
	opSkip
	opUndo
)

func (o op) String() string {
	return [...]string{"accept", "reject", "skip", "undo"}[o]
}

// ing is the status while it runs.
func (o op) ing() string {
	return [...]string{"staging", "restoring", "skipping", "undoing"}[o]
}

// past is the verb for the status line.
func (o op) past() string {
	return [...]string{"accepted", "rejected", "skipped", "undid"}[o]
}

// actionDoneMsg reports an action on the review of generation gen: the
// state each touched path is now in, how many core steps were done (each
// accept, reject or skip is one step of the core's undo journal), and the first error.
type actionDoneMsg struct {
	gen    int
	op     op
	paths  []string // what was asked
	states map[string]string
	steps  int
	err    error
	// needsConfirm is the path that turned out to need a confirmation.
	needsConfirm string
}

// reloadedMsg carries a freshly opened review.
type reloadedMsg struct {
	gen      int
	review   *gitreview.Review
	lookedAt []string
	err      error
}

// Loader opens the review again (r reloads) and says which directories it
// looked at.
type Loader func(ctx context.Context) (*gitreview.Review, []string, error)

// actCmd runs op on the paths, in order, stopping at the first error. The
// review handle is used only here and only by one Cmd at a time.
func actCmd(ctx context.Context, r *gitreview.Review, gen int, o op, paths []string, confirm bool) tea.Cmd {
	return func() tea.Msg {
		msg := actionDoneMsg{gen: gen, op: o, paths: paths, states: map[string]string{}}
		for _, p := range paths {
			var err error
			switch o {
			case opAccept:
				err = r.Accept(ctx, p)
			case opReject:
				err = r.Reject(ctx, p, confirm)
			case opSkip:
				err = r.Skip(p)
			case opUndo:
				p, err = r.Undo(ctx)
			}
			if errors.Is(err, gitreview.ErrNeedsConfirm) {
				msg.needsConfirm = p
				return msg
			}
			if err != nil {
				msg.err = fmt.Errorf("%s %s: %w", o, p, err)
				return msg
			}
			msg.steps++
			if it, ok := r.Item(p); ok {
				msg.states[p] = it.State
			}
		}
		return msg
	}
}

// undoCmd undoes n core steps: one user action (A or X) may be many.
func undoCmd(ctx context.Context, r *gitreview.Review, gen, n int) tea.Cmd {
	paths := make([]string, n)
	return actCmd(ctx, r, gen, opUndo, paths, false)
}

// reloadCmd opens the review again.
func reloadCmd(ctx context.Context, load Loader, gen int) tea.Cmd {
	return func() tea.Msg {
		r, dirs, err := load(ctx)
		return reloadedMsg{gen: gen, review: r, lookedAt: dirs, err: err}
	}
}
