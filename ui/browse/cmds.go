package browse

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Every Cmd of the browse page is built here. A Cmd captures the values it needs
// (a path, a generation, a core handle) and returns a message; it never
// touches a model.

// maxBatch caps how many recordings one scanBatchMsg carries, so a frame
// never waits on a huge insert.
const maxBatch = 4000

// scanWorkspaceCmd starts the scan of path in a goroutine and returns its first
// batch. The goroutine stops sending when ctx is cancelled.
func scanWorkspaceCmd(ctx context.Context, b backend.Backend, path string, gen int) tea.Cmd {
	return func() tea.Msg {
		ch := make(chan scanEvent, 16)
		go func() {
			defer close(ch)
			send := func(ev scanEvent) {
				select {
				case ch <- ev:
				case <-ctx.Done():
				}
			}
			sum, err := b.Open(ctx, path, func(items []tree.Item) { send(scanEvent{items: items}) })
			send(scanEvent{done: true, summary: sum, err: err})
		}()
		return readScan(ch, gen)
	}
}

// waitScanCmd waits for the next batch of scan gen.
func waitScanCmd(ch <-chan scanEvent, gen int) tea.Cmd {
	return func() tea.Msg { return readScan(ch, gen) }
}

// readScan blocks for one event, then takes whatever else is already
// waiting (up to maxBatch recordings) so a fast scan does not flood the
// program with one message per batch.
func readScan(ch <-chan scanEvent, gen int) tea.Msg {
	msg := scanBatchMsg{gen: gen, next: ch}
	ev, ok := <-ch
	for {
		if !ok {
			msg.done = true
			return msg
		}
		if msg.items == nil {
			// The first batch is taken as it is (the tree keeps it), not
			// copied; one after it makes a slice of their own.
			msg.items = slices.Clip(ev.items)
		} else {
			msg.items = append(msg.items, ev.items...)
		}
		if ev.done {
			msg.done, msg.summary, msg.err = true, ev.summary, ev.err
			return msg
		}
		if len(msg.items) >= maxBatch {
			return msg
		}
		select {
		case ev, ok = <-ch:
		default:
			return msg
		}
	}
}

// loadDetailCmd reads one recording for the detail pane.
func loadDetailCmd(ctx context.Context, b backend.Backend, it tree.Item, gen int) tea.Cmd {
	return func() tea.Msg {
		return detailLoadedMsg{gen: gen, data: b.Detail(ctx, it)}
	}
}

// pruneFilesCmd removes the listed files through the backend's prune core.
func pruneFilesCmd(ctx context.Context, b backend.Backend, items []tree.Item) tea.Cmd {
	return func() tea.Msg {
		res, err := b.Prune(ctx, items)
		return pruneDoneMsg{result: res, err: err}
	}
}

// runCommandCmd runs a command of the palette through the backend.
func runCommandCmd(ctx context.Context, b backend.Backend, path string, req backend.CommandRequest) tea.Cmd {
	return func() tea.Msg {
		return commandDoneMsg{req: req, result: b.Run(ctx, path, req)}
	}
}

// editFileCmd suspends the program and opens path in the editor, at line
// when it is not 0.
func editFileCmd(editor, path string, line int) tea.Cmd {
	args := editorArgs(editor, path, line)
	c := exec.Command(args[0], args[1:]...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorClosedMsg{path: path, err: err} })
}

// editorArgs is the command line that opens path at line in editor (the
// words of $VISUAL or $EDITOR; "" is vi). Most editors take +LINE before
// the file (vi, vim, nvim, nano, emacs, micro, kak, joe, mg); the ones
// that take PATH:LINE are recognised by name (VS Code and its forks with
// -g, Sublime Text, Zed, Helix).
func editorArgs(editor, path string, line int) []string {
	args := strings.Fields(editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	if line <= 0 {
		return append(args, path)
	}
	at := fmt.Sprintf("%s:%d", path, line)
	switch filepath.Base(args[0]) {
	case "code", "code-insiders", "codium", "cursor", "windsurf":
		return append(args, "-g", at)
	case "subl", "zed", "hx", "helix":
		return append(args, at)
	}
	return append(args, fmt.Sprintf("+%d", line), path)
}

// pageTextCmd suspends the program and shows text in the pager (the
// words of $PAGER; "" is less), written to its standard input: nothing is
// left on disk.
func pageTextCmd(pager, text string) tea.Cmd {
	args := strings.Fields(pager)
	if len(args) == 0 {
		args = []string{"less"}
	}
	c := exec.Command(args[0], args[1:]...)
	c.Stdin = strings.NewReader(text)
	return tea.ExecProcess(c, func(err error) tea.Msg { return pagerClosedMsg{err: err} })
}

// copyTextCmd puts text on the clipboard with OSC 52 (works over SSH) and
// confirms on the status line.
func copyTextCmd(text, what string) tea.Cmd {
	return tea.Sequence(tea.SetClipboard(text), func() tea.Msg { return clipboardSetMsg{what: what} })
}

// planRecordCmd asks the recorder what re-recording cases will call.
func planRecordCmd(ctx context.Context, r backend.Recorder, path string, cases []backend.CaseRef) tea.Cmd {
	return func() tea.Msg {
		p, err := r.Plan(ctx, path, cases)
		return recordPlannedMsg{plan: p, err: err}
	}
}

// recordCasesCmd runs a re-recording in a goroutine and returns its first
// event; each progress message carries the channel the next one comes
// from (waitRecordCmd). The goroutine ends when the recording does; a
// cancelled ctx stops the recording itself.
func recordCasesCmd(ctx context.Context, r backend.Recorder, p backend.RecordPlan) tea.Cmd {
	return func() tea.Msg {
		ch := make(chan recordEvent, 64)
		go func() {
			defer close(ch)
			res := r.Record(ctx, p, func(pr backend.RecordProgress) {
				select {
				case ch <- recordEvent{progress: pr}:
				default: // the screen is behind: a later line will do
				}
			})
			ch <- recordEvent{done: true, result: res}
		}()
		return readRecord(ch)
	}
}

// waitRecordCmd waits for the next event of a re-recording.
func waitRecordCmd(ch <-chan recordEvent) tea.Cmd {
	return func() tea.Msg { return readRecord(ch) }
}

// readRecord blocks for one event and skips to the newest of those
// already waiting, so the status line shows the last call.
func readRecord(ch <-chan recordEvent) tea.Msg {
	ev, ok := <-ch
	for ok && !ev.done {
		next, more, waiting := tryRecord(ch)
		if !waiting {
			break
		}
		ev, ok = next, more
	}
	switch {
	case !ok:
		return recordDoneMsg{result: backend.RecordResult{Err: errors.New("the recording stopped without a result")}}
	case ev.done:
		return recordDoneMsg{result: ev.result}
	}
	return recordProgressMsg{next: ch, progress: ev.progress}
}

// tryRecord receives an event already waiting, if there is one.
func tryRecord(ch <-chan recordEvent) (ev recordEvent, ok, waiting bool) {
	select {
	case ev, ok = <-ch:
		return ev, ok, true
	default:
		return ev, false, false
	}
}

// openReviewCmd opens the review of what a re-recording wrote under
// root: an OpenReviewMsg for the root model, which reloads it through r
// too, or why there is none.
func openReviewCmd(ctx context.Context, r backend.Recorder, root string, written int) tea.Cmd {
	return func() tea.Msg {
		rv, looked, err := r.Review(ctx, root)
		if err != nil || rv == nil {
			return noReviewMsg{written: written, err: err}
		}
		reload := func(ctx context.Context) (*gitreview.Review, []string, error) { return r.Review(ctx, root) }
		return OpenReviewMsg{Review: rv, LookedAt: looked, Reload: reload}
	}
}
