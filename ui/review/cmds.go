package review

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/gitreview/gitrepo"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
)

// actReviewCmd runs o on the paths, in order, stopping at the first
// error. The review handle is used only here, and only by one Cmd at a time
// (the review page starts the next action when this one has reported).
func actReviewCmd(ctx context.Context, r *gitreview.Review, gen int, o op, paths []string, confirm bool) tea.Cmd {
	return func() tea.Msg {
		msg := actedMsg{gen: gen, op: o, paths: paths, states: map[string]string{}}
		for _, p := range paths {
			var err error
			switch o {
			case opAccept:
				if confirm {
					err = r.AcceptWithSecrets(ctx, p) // the dialog named them
				} else {
					err = r.Accept(ctx, p)
				}
			case opReject:
				err = r.Reject(ctx, p, confirm)
			case opSkip:
				err = r.Skip(p)
			case opUndo:
				p, err = r.Undo(ctx)
			case opRedact, opBaseline:
				err = fmt.Errorf("%s runs in secretsReviewCmd", o)
			}
			if errors.Is(err, gitreview.ErrNeedsConfirm) {
				msg.needsConfirm = p
				return msg
			}
			var locked *gitrepo.LockedError
			switch {
			case errors.As(err, &locked):
				msg.err = err // the lock stops every file alike: no path to name
				return msg
			case err != nil:
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

// undoReviewCmd undoes n core steps: one user action (A or X) may be many.
func undoReviewCmd(ctx context.Context, r *gitreview.Review, gen, n int) tea.Cmd {
	return actReviewCmd(ctx, r, gen, opUndo, make([]string, n), false)
}

// secretsReviewCmd redacts the secrets the changes at paths add (opRedact)
// or accepts them in the project's baseline (opBaseline), and returns the
// changes as summarised again.
func secretsReviewCmd(ctx context.Context, r *gitreview.Review, gen int, o op, paths []string) tea.Cmd {
	return func() tea.Msg {
		msg := secretsMsg{gen: gen, op: o, items: map[string]gitreview.ReviewItem{}}
		if o == opRedact {
			red, err := command.RedactChanges(ctx, r, paths)
			switch {
			case err != nil:
				msg.err = fmt.Errorf("redact: %w", err)
			case red.Replay != nil && red.Replay.Restored:
				msg.err = fmt.Errorf("redaction would break replay of %s: every file was restored", strings.Join(red.Replay.Lost, ", "))
			default:
				n := 0
				for _, f := range red.Files {
					n += f.Replaced
				}
				msg.status = "redacted " + frame.Count(n, "secret") + " in " + frame.Count(len(red.Files), "file")
				if p := red.Replay; p != nil {
					msg.status += fmt.Sprintf("; replay: %d of %s still hit", p.Hits, frame.Count(p.Cases, "case"))
				}
			}
		} else {
			file, n, err := r.AddToBaseline(ctx, paths)
			if err != nil {
				msg.err = fmt.Errorf("baseline: %w", err)
			} else {
				msg.status = "accepted " + frame.Count(n, "secret") + " in " + filepath.Base(file) + " (commit it with the recordings)"
			}
		}
		for _, p := range paths {
			if it, ok := r.Item(p); ok {
				msg.items[p] = *it
			}
		}
		return msg
	}
}

// reloadReviewCmd opens the review again.
func reloadReviewCmd(ctx context.Context, load backend.ReviewLoader, gen int) tea.Cmd {
	return func() tea.Msg {
		r, dirs, err := load(ctx)
		return loadedMsg{gen: gen, review: r, lookedAt: dirs, err: err}
	}
}
