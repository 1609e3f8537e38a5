package ui

import (
	"context"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// maxBatch caps how many recordings one scanBatchMsg carries, so a frame
// never waits on a huge insert.
const maxBatch = 4000

// scanCmd starts the scan of path in a goroutine and returns its first
// batch. The goroutine stops sending when ctx is cancelled.
func scanCmd(ctx context.Context, b Backend, path string, gen int) tea.Cmd {
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
		msg.items = append(msg.items, ev.items...)
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
func loadDetailCmd(ctx context.Context, b Backend, it tree.Item, gen int) tea.Cmd {
	return func() tea.Msg {
		return detailLoadedMsg{gen: gen, data: b.Detail(ctx, it)}
	}
}

// pruneCmd removes the marked files through the backend's prune core.
func pruneCmd(ctx context.Context, b Backend, items []tree.Item) tea.Cmd {
	return func() tea.Msg {
		res, err := b.Prune(ctx, items)
		return pruneDoneMsg{result: res, err: err}
	}
}

// editCmd suspends the program and opens path in the editor.
func editCmd(editor, path string) tea.Cmd {
	args := strings.Fields(editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	c := exec.Command(args[0], append(args[1:], path)...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorClosedMsg{path: path, err: err} })
}

// copyCmd puts text on the clipboard with OSC 52 (works over SSH) and
// confirms on the status line.
func copyCmd(text, what string) tea.Cmd {
	return tea.Sequence(tea.SetClipboard(text), func() tea.Msg { return clipboardSetMsg{what: what} })
}
