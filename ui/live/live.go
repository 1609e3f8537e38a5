// Package live is the browser's following of the files: which watcher is
// the current one, which reading of the project a change started and
// whether one more is owed, what the status line says of it, and the Cmds
// that wait for the watcher (scan/watch, through backend.Watcher) and read
// the project again into a tree of its own (tree.Model.Reset, filled by
// Add off the UI goroutine). The page (ui/browse) puts that tree in place
// of the one on screen (tree.Model.Adopt) and the cursor back.
//
// One reading runs at a time; changes that come while it runs start one
// more when it ends (they are never lost, and never start a reading per
// file).
package live

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/scan/watch"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Follower is the page's part in following the files. It is a value, as
// the page is; the zero value follows nothing.
type Follower struct {
	// id is the watcher's generation (r starts another when the watches
	// ran out); ctx and cancel bound it.
	id     int
	ctx    context.Context
	cancel context.CancelFunc
	// known is set by the watcher's first event; mode, why and every are
	// what the last one said.
	known bool
	mode  watch.Mode
	why   string
	every time.Duration
	// gen is the generation of the reading a change started; scanning is
	// set while it runs (stop cancels it), again when changes came since.
	gen      int
	scanning bool
	again    bool
	stop     context.CancelFunc
}

// WatchedMsg is one event of the watcher of generation id; next is where
// the following one comes from; closed is set when the watcher stopped.
type WatchedMsg struct {
	id     int
	ev     watch.Event
	next   <-chan watch.Event
	closed bool
}

// ScannedMsg is the reading gen that a change started: the tree it filled
// (from the page's tree.Model.Reset), for tree.Model.Adopt.
type ScannedMsg struct {
	gen     int
	Tree    tree.Model
	Summary backend.Summary
	Err     error
}

// Arm makes ready a watcher of a new generation under parent, and stops
// the one before; WatchCmd starts it.
func (f Follower) Arm(parent context.Context) Follower {
	if f.cancel != nil {
		f.cancel()
	}
	f.id++
	f.known = false
	f.ctx, f.cancel = context.WithCancel(parent)
	return f
}

// WatchCmd starts the watcher Arm made ready and returns its first event;
// nil without one.
func (f Follower) WatchCmd(w backend.Watcher, path string) tea.Cmd {
	if w == nil || f.ctx == nil {
		return nil
	}
	ctx, id := f.ctx, f.id
	return func() tea.Msg { return readWatch(w.Watch(ctx, path), id) }
}

func readWatch(ch <-chan watch.Event, id int) tea.Msg {
	ev, ok := <-ch
	return WatchedMsg{id: id, ev: ev, next: ch, closed: !ok}
}

// Stop stops the watcher and the reading it started.
func (f Follower) Stop() {
	if f.cancel != nil {
		f.cancel()
	}
	if f.stop != nil {
		f.stop()
	}
}

// Event takes one event of the watcher: ok is false for one of an older
// watcher (dropped). next waits for the following event; changed says the
// files changed; fell that the watches have just run out.
func (f Follower) Event(msg WatchedMsg) (_ Follower, next tea.Cmd, changed, fell, ok bool) {
	if msg.id != f.id {
		return f, nil, false, false, false
	}
	if msg.closed {
		f.known = false
		return f, nil, false, false, true
	}
	ev := msg.ev
	fell = ev.Mode == watch.Polling && (!f.known || f.mode != watch.Polling)
	f.known, f.mode, f.why, f.every = true, ev.Mode, ev.Why, ev.Every
	ch, id := msg.next, msg.id
	next = func() tea.Msg { return readWatch(ch, id) }
	return f, next, ev.Changes > 0, fell, true
}

// Busy reports whether a reading a change started runs.
func (f Follower) Busy() bool { return f.scanning }

// Owe notes that the files changed while they could not be read now: the
// next chance reads them (Owed).
func (f Follower) Owe() Follower {
	f.again = true
	return f
}

// Owed reports whether changes came that no reading has seen yet.
func (f Follower) Owed() bool { return f.again }

// Scan starts a reading of the project into base (the page's tree,
// Reset) under parent.
func (f Follower) Scan(parent context.Context, b backend.Backend, path string, base tree.Model) (Follower, tea.Cmd) {
	f.gen++
	ctx, cancel := context.WithCancel(parent)
	f.scanning, f.again, f.stop = true, false, cancel
	return f, scanCmd(ctx, b, path, f.gen, base)
}

// scanCmd reads the project again, into base: the tree is filled here, off
// the UI goroutine, so that taking it in costs the page a visit per suite
// and case, not per recording.
func scanCmd(ctx context.Context, b backend.Backend, path string, gen int, base tree.Model) tea.Cmd {
	return func() tea.Msg {
		var mu sync.Mutex
		var items []tree.Item
		open := b.Open
		if r, ok := b.(backend.Refresher); ok {
			open = r.Refresh
		}
		sum, err := open(ctx, path, func(batch []tree.Item) {
			mu.Lock()
			items = append(items, batch...)
			mu.Unlock()
		})
		if cerr := ctx.Err(); cerr != nil {
			return ScannedMsg{gen: gen, Err: cerr}
		}
		return ScannedMsg{gen: gen, Tree: base.Add(items), Summary: sum, Err: err}
	}
}

// Drop forgets the reading a change started: a rescan of the page's own
// (r, after an edit or a command) reads the project anew, changes
// included.
func (f Follower) Drop() Follower {
	if f.stop != nil {
		f.stop()
	}
	f.gen++
	f.scanning, f.again, f.stop = false, false, nil
	return f
}

// Done takes the end of a reading: ok is false for one dropped or older.
func (f Follower) Done(msg ScannedMsg) (Follower, bool) {
	if msg.gen != f.gen || !f.scanning {
		return f, false
	}
	f.stop()
	f.scanning, f.stop = false, nil
	return f, true
}

// Retry reports whether r should try the watches again: they ran out.
func (f Follower) Retry() bool { return f.known && f.mode != watch.Live }

// Known reports whether the watcher has said how it follows the files.
func (f Follower) Known() bool { return f.known }

// Mode is how the watcher follows the files, once Known.
func (f Follower) Mode() watch.Mode { return f.mode }

// ReleaseMemoryCmd gives the system back the memory of the project as it
// was read before a refresh (a 20,000-recording project holds some
// 200 MB): the runtime would keep it for a while, and a browser left open
// follows many changes. It runs beside the UI, never on its goroutine.
func ReleaseMemoryCmd() tea.Msg {
	debug.FreeOSMemory()
	return nil
}

// notLivePrefix begins what NotLive says.
const notLivePrefix = "not live: "

// NotLive says why the view is not live and what to do.
func (f Follower) NotLive() string {
	return fmt.Sprintf(notLivePrefix+"%s; looking for changes every %s · r rescans", f.why, f.every)
}

// Status ends the status line (line, w cells wide) with whether the view
// follows the files: "● live" (or "⟳ updating" while a change is read) in
// muted letters where there is room; when the watches ran out, "not live"
// and why in full when the line has nothing else to say, else "○ not
// live" at its end, room made for it.
func (f Follower) Status(line string, w int, s *theme.Styles) string {
	if !f.known {
		return ansi.Truncate(line, w, "…")
	}
	if f.mode == watch.Polling {
		if line == "" || strings.Contains(line, notLivePrefix) {
			return ansi.Truncate(s.StatusStyle("stale").Render(f.NotLive()), w, "…")
		}
		return rightNote(line, s.StatusStyle("stale").Render("○ not live"), w, true)
	}
	note := "● live"
	if f.scanning {
		note = "⟳ updating"
	}
	return rightNote(line, s.Muted.Render(note), w, false)
}

// rightNote puts note at the right end of a line w cells wide, after
// line: when both do not fit, line is cut for a note that must stay, or
// the note is left out.
func rightNote(line, note string, w int, must bool) string {
	lw, nw := ansi.StringWidth(line), ansi.StringWidth(note)
	gap := w - lw - nw
	switch {
	case gap >= 2:
		return line + fmt.Sprintf("%*s", gap, "") + note
	case must && w > nw+2:
		return ansi.Truncate(line, w-nw-2, "…") + "  " + note
	}
	return ansi.Truncate(line, w, "…")
}
