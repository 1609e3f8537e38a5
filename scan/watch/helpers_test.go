package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// fakeClock is a Clock moved by hand: Advance fires the timers it passes.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	c       chan time.Time
	stopped bool
	fired   bool
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), c: make(chan time.Time, 1)}
	c.timers = append(c.timers, t)
	return &fakeTimerRef{c, t}
}

// Advance moves the clock and fires every timer due by then.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	for _, t := range c.timers {
		if !t.stopped && !t.fired && !t.at.After(c.now) {
			t.fired = true
			t.c <- c.now
		}
	}
}

// armed is how many timers wait to fire.
func (c *fakeClock) armed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped && !t.fired {
			n++
		}
	}
	return n
}

type fakeTimerRef struct {
	c *fakeClock
	t *fakeTimer
}

func (r *fakeTimerRef) C() <-chan time.Time { return r.t.c }

func (r *fakeTimerRef) Stop() bool {
	r.c.mu.Lock()
	defer r.c.mu.Unlock()
	was := !r.t.stopped && !r.t.fired
	r.t.stopped = true
	return was
}

// fakeNotifier is a notifier whose events the test sends; Add fails with
// ENOSPC from the failAt-th call on (0: never), as inotify_add_watch does
// when the system's watches ran out.
type fakeNotifier struct {
	mu     sync.Mutex
	added  []string
	failAt int
	calls  int
	closed bool
	events chan fsnotify.Event
	errs   chan error
}

func newFakeNotifier(failAt int) *fakeNotifier {
	return &fakeNotifier{failAt: failAt, events: make(chan fsnotify.Event), errs: make(chan error)}
}

func (n *fakeNotifier) Add(dir string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.calls++
	if n.failAt > 0 && n.calls >= n.failAt {
		return &os.PathError{Op: "inotify_add_watch", Path: dir, Err: syscall.ENOSPC}
	}
	n.added = append(n.added, dir)
	return nil
}

func (n *fakeNotifier) Remove(dir string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.added = slices.DeleteFunc(n.added, func(d string) bool { return d == dir })
	return nil
}

func (n *fakeNotifier) Close() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.closed = true
	return nil
}

func (n *fakeNotifier) Events() <-chan fsnotify.Event { return n.events }
func (n *fakeNotifier) Errors() <-chan error          { return n.errs }

func (n *fakeNotifier) watching() ([]string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.added), n.closed
}

// project writes a small project under a temporary directory: dryfire.yaml
// (suites evals/**/*.eval.yaml), a suite, two cassettes of one case and a
// tape, and returns its root.
func project(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write(t, root, "dryfire.yaml", "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: .dryfire/cassettes\n")
	write(t, root, "evals/support/refund.eval.yaml", "name: refund\n")
	write(t, root, ".dryfire/cassettes/refund/approves/00-0123456789abcdef.json", "{}")
	write(t, root, ".dryfire/cassettes/refund/approves/01-0123456789abcdee.json", "{}")
	write(t, root, ".tapes/t.json", `{"version": 1, "entries": {}}`)
	return root
}

// write writes a file below root, with its directories.
func write(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// locator is what Start is given: the project at root, resolved as the
// browser resolves it.
func locator(root string) func() (*scan.Layout, error) {
	return func() (*scan.Layout, error) {
		return scan.Resolve(scan.Request{Dir: root, Want: scan.Project})
	}
}

// next waits for the watcher's next event; the bound only keeps a broken
// watcher from hanging the test.
func next(t *testing.T, ch <-chan Event) Event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the watcher stopped")
		}
		return ev
	case <-time.After(20 * time.Second):
		t.Fatal("no event from the watcher")
	}
	return Event{}
}

// nextChange waits for an event with changes, skipping those that only
// say the mode.
func nextChange(t *testing.T, ch <-chan Event) Event {
	t.Helper()
	for range 100 {
		if ev := next(t, ch); ev.Changes > 0 {
			return ev
		}
	}
	t.Fatal("100 events and none with a change")
	return Event{}
}

// start starts a watcher on root with o and returns its events, after
// the first (which says the mode).
func start(t *testing.T, root string, o Options) (<-chan Event, Event) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ch := Start(ctx, locator(root), o)
	t.Cleanup(func() {
		cancel()
		for range ch { // drain until the watcher has stopped
		}
	})
	return ch, next(t, ch)
}

// isRanOut reports whether the event says the watches ran out.
func isRanOut(ev Event) bool {
	return ev.Mode == Polling && errors.Is(ev.Err, ErrWatchesRanOut) && errors.Is(ev.Err, syscall.ENOSPC)
}
