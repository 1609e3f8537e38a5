package watch

import (
	"context"
	"errors"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// Mode is how the watcher follows the files.
type Mode uint8

const (
	// Live means the system tells the watcher of each change (inotify,
	// kqueue, ReadDirectoryChangesW), which it reports after the debounce.
	Live Mode = iota
	// Polling means the system's watches ran out (or there are none), so
	// the watcher looks at the files' sizes and times every Options.Poll.
	Polling
)

func (m Mode) String() string {
	if m == Polling {
		return "polling"
	}
	return "live"
}

// Event is what the watcher says: that the files changed, or how it
// follows them. The first event says the mode once the watches are set.
type Event struct {
	Mode Mode
	// Changes is how many changes the event stands for: the file events of
	// one burst when live, 1 for a poll that saw the files differ. 0 for
	// an event that only says the mode (the first, a fallback).
	Changes int
	// Why says, for a person, why the watcher polls ("the system's file
	// watches ran out"); Err is the system's error behind it.
	Why string
	Err error
	// Every is how often the files are looked at when polling.
	Every time.Duration
	// Watches is the number of directories watched, when live.
	Watches int
}

// Options tune the watcher; the zero value is the default.
type Options struct {
	// Quiet is how long nothing must change before a burst is reported
	// (default 100ms); MaxWait bounds how long a burst that goes on is held
	// (default 1s).
	Quiet, MaxWait time.Duration
	// Poll is how often the files are looked at when the watches ran out
	// (default 2s).
	Poll time.Duration
	// MaxWatches bounds the directories watched (0: as many as the system
	// allows). Past it the watcher falls back to polling, as when the
	// system's watches run out.
	MaxWatches int
	// Clock is the time the watcher goes by (nil: RealClock).
	Clock Clock

	// notify makes the notifier (nil: fsnotify's); tests set it.
	notify func() (notifier, error)
}

func (o Options) withDefaults() Options {
	if o.Quiet <= 0 {
		o.Quiet = 100 * time.Millisecond
	}
	if o.MaxWait <= 0 {
		o.MaxWait = time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
	if o.Clock == nil {
		o.Clock = RealClock{}
	}
	if o.notify == nil {
		o.notify = newFSNotifier
	}
	return o
}

// ErrWatchesRanOut is matched (errors.Is) by Event.Err when the system's
// watches ran out (fs.inotify.max_user_watches on Linux, or the limit of
// open files where each watch is one) or Options.MaxWatches was reached.
var ErrWatchesRanOut = errors.New("the system's file watches ran out")

// Start follows the files the scan of the layout locate returns reads,
// and returns the channel its events come on. locate is called again
// after each change, so that the watches follow dryfire.yaml (a new
// cassettes.dir, other suites: globs). The watcher stops, and the channel
// is closed, when ctx is done. An event not yet received is merged with
// the next, so a reader that falls behind gets one event, not a queue.
func Start(ctx context.Context, locate func() (*scan.Layout, error), o Options) <-chan Event {
	o = o.withDefaults()
	w := &watcher{locate: locate, o: o, clock: o.Clock, out: make(chan Event),
		deb: debouncer{quiet: o.Quiet, maxWait: o.MaxWait}}
	go w.run(ctx)
	return w.out
}

// watcher is the state of one watch; only its goroutine touches it.
type watcher struct {
	locate func() (*scan.Layout, error)
	o      Options
	clock  Clock
	out    chan Event

	scope scope
	mode  Mode
	n     notifier           // nil when polling
	dirs  map[string]dirInfo // the directories watched
	// missing are the roots that do not exist yet: their nearest existing
	// directory above is watched for their creation.
	missing []string

	deb     debouncer
	timer   Timer // the debounce's, while a burst is under way
	poll    Timer // while polling
	print   uint64
	pending Event
	has     bool // pending is to be sent
}

// dirInfo is what the files of a watched directory are (self) and what
// those of the directories created below it will be (deep).
type dirInfo struct{ self, deep kind }

func (w *watcher) run(ctx context.Context) {
	defer close(w.out)
	defer w.stop()
	w.start()
	for {
		var out chan<- Event
		if w.has {
			out = w.out
		}
		var events <-chan fsnotify.Event
		var errs <-chan error
		if w.n != nil {
			events, errs = w.n.Events(), w.n.Errors()
		}
		select {
		case <-ctx.Done():
			return
		case out <- w.pending:
			w.pending, w.has = Event{}, false
		case ev, ok := <-events:
			if ok {
				w.onEvent(ev)
			}
		case err, ok := <-errs:
			if ok {
				w.onError(err)
			}
		case <-timerC(w.timer):
			w.timer = nil
			w.onQuiet()
		case <-timerC(w.poll):
			w.poll = nil
			w.onPoll()
		}
	}
}

// timerC is t's channel, nil (never ready) without a timer.
func timerC(t Timer) <-chan time.Time {
	if t == nil {
		return nil
	}
	return t.C()
}

// start sets the watches, or falls back to polling, and says which.
func (w *watcher) start() {
	l, err := w.locate()
	if err != nil {
		w.fallBack(err, "could not work out what to watch: "+err.Error())
		return
	}
	w.scope = scopeOf(l)
	n, err := w.o.notify()
	if err != nil {
		w.fallBack(err, reason(err))
		return
	}
	w.n, w.dirs = n, map[string]dirInfo{}
	if err := w.resync(); err != nil {
		w.fallBack(err, reason(err))
		return
	}
	w.report(0)
}

// report queues an event of n changes with the mode now.
func (w *watcher) report(n int) {
	w.pending.Changes += n
	w.pending.Mode, w.has = w.mode, true
	if w.mode == Live {
		w.pending.Watches = len(w.dirs)
	}
}

// fallBack gives up the watches (all of them, so that other programs
// have theirs back) and polls instead.
func (w *watcher) fallBack(err error, why string) {
	w.closeNotifier()
	w.mode, w.dirs, w.missing = Polling, nil, nil
	w.pending.Why, w.pending.Err, w.pending.Every = why, err, w.o.Poll
	w.print = w.fingerprint()
	w.poll = w.clock.NewTimer(w.o.Poll)
	w.report(0)
}

func (w *watcher) closeNotifier() {
	if w.n != nil {
		_ = w.n.Close()
		w.n = nil
	}
}

// stop releases the watches and the timers.
func (w *watcher) stop() {
	w.closeNotifier()
	for _, t := range []Timer{w.timer, w.poll} {
		if t != nil {
			t.Stop()
		}
	}
}

// reason is why the watches could not be set, for a person.
func reason(err error) string {
	if errors.Is(err, ErrWatchesRanOut) {
		return ErrWatchesRanOut.Error()
	}
	return "watching failed: " + err.Error()
}

// ranOut reports whether err says the system's watches ran out: ENOSPC
// from inotify_add_watch, EMFILE where each watch is an open file
// (kqueue) or no inotify instance is left.
func ranOut(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE)
}

// changed counts a change and arms the debounce.
func (w *watcher) changed() {
	now := w.clock.Now()
	w.deb.add(now)
	if w.timer == nil {
		w.timer = w.clock.NewTimer(w.deb.due().Sub(now))
	}
}

// onQuiet ends the burst if it is over, or waits on. The time is the
// clock's now, not the timer's: a timer handled late ends the burst all
// the same.
func (w *watcher) onQuiet() {
	now := w.clock.Now()
	if n := w.deb.take(now); n > 0 {
		w.relocate()
		w.report(n)
		return
	}
	if w.deb.pending() {
		w.timer = w.clock.NewTimer(w.deb.due().Sub(now))
	}
}

// onPoll compares the files with the last look.
func (w *watcher) onPoll() {
	w.relocate()
	if fp := w.fingerprint(); fp != w.print {
		w.print = fp
		w.report(1)
	}
	w.poll = w.clock.NewTimer(w.o.Poll)
}

// relocate follows dryfire.yaml: when what the scan reads moved, the
// watches move with it.
func (w *watcher) relocate() {
	l, err := w.locate()
	if err != nil {
		return // the scan says what is wrong; the old watches stay
	}
	s := scopeOf(l)
	if s.equal(w.scope) && len(w.missing) == 0 {
		return
	}
	w.scope = s
	if w.mode == Live {
		if err := w.resync(); err != nil {
			w.fallBack(err, reason(err))
		}
	}
}
