package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// fakeOptions are options over a fake clock and notifier.
func fakeOptions(clk *fakeClock, n *fakeNotifier) Options {
	return Options{Clock: clk, notify: func() (notifier, error) { return n, nil }}
}

// settle returns once the watcher has handled every event sent before:
// the notifier's channel is unbuffered, so the watcher takes this one
// (which counts for nothing) only when it is done with the others.
func settle(n *fakeNotifier) { n.events <- fsnotify.Event{Name: "/", Op: fsnotify.Chmod} }

func TestWatchesWhatTheScanReads(t *testing.T) {
	root := project(t)
	n := newFakeNotifier(0)
	_, first := start(t, root, fakeOptions(newFakeClock(), n))
	if first.Mode != Live || first.Changes != 0 {
		t.Fatalf("first event %+v, want live with no change", first)
	}
	got, _ := n.watching()
	rel := func(ds []string) []string {
		var out []string
		for _, d := range ds {
			r, _ := filepath.Rel(root, d)
			out = append(out, filepath.ToSlash(r))
		}
		slices.Sort(out)
		return out
	}
	want := []string{".", ".dryfire/cassettes", ".dryfire/cassettes/refund", ".dryfire/cassettes/refund/approves", ".tapes", "evals", "evals/support"}
	// tapes does not exist: its nearest directory above, the root, is
	// watched for it.
	if !slices.Equal(rel(got), want) {
		t.Fatalf("watching %q\nwant       %q", rel(got), want)
	}
	if first.Watches != len(want) {
		t.Fatalf("the event counts %d watches, want %d", first.Watches, len(want))
	}
}

func TestBurstIsOneEvent(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	dir := filepath.Join(root, ".dryfire/cassettes/refund/approves")
	for i := range 500 {
		n.events <- fsnotify.Event{Name: filepath.Join(dir, fmt.Sprintf("%02d-0123456789abcdef.json", i%10)), Op: fsnotify.Write}
	}
	settle(n)
	clk.Advance(99 * time.Millisecond)
	if clk.armed() != 1 {
		t.Fatalf("%d timers armed after the burst, want the debounce's", clk.armed())
	}
	clk.Advance(time.Millisecond)
	ev := next(t, ch)
	if ev.Changes != 500 || ev.Mode != Live {
		t.Fatalf("event %+v, want the 500 writes as one live event", ev)
	}
}

func TestLongBurstIsReportedEverySecond(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	p := filepath.Join(root, ".dryfire/cassettes/refund/approves/00-0123456789abcdef.json")
	// A write every 50ms for 2.5s: never quiet for 100ms.
	var got []int
	for i := range 50 {
		n.events <- fsnotify.Event{Name: p, Op: fsnotify.Write}
		settle(n)
		clk.Advance(50 * time.Millisecond)
		if i%20 == 19 {
			got = append(got, next(t, ch).Changes)
		}
	}
	clk.Advance(100 * time.Millisecond)
	got = append(got, next(t, ch).Changes)
	if !slices.Equal(got, []int{20, 20, 10}) {
		t.Fatalf("events of %v changes, want [20 20 10]: one a second, then the rest when it ends", got)
	}
}

func TestWhatCounts(t *testing.T) {
	root := project(t)
	cases := filepath.Join(root, ".dryfire/cassettes/refund/approves")
	for _, tc := range []struct {
		name string
		ev   fsnotify.Event
		want bool
	}{
		{"a cassette written", fsnotify.Event{Name: filepath.Join(cases, "00-0123456789abcdef.json"), Op: fsnotify.Write}, true},
		{"a cassette created", fsnotify.Event{Name: filepath.Join(cases, "02-0123456789abcdef.json"), Op: fsnotify.Create}, true},
		{"a cassette removed", fsnotify.Event{Name: filepath.Join(cases, "00-0123456789abcdef.json"), Op: fsnotify.Remove}, true},
		{"a cassette renamed away", fsnotify.Event{Name: filepath.Join(cases, "00-0123456789abcdef.json"), Op: fsnotify.Rename}, true},
		{"the temporary file of an atomic write", fsnotify.Event{Name: filepath.Join(cases, "00-0123456789abcdef.json.0123456789ab.tmp"), Op: fsnotify.Create}, false},
		{"attributes only", fsnotify.Event{Name: filepath.Join(cases, "00-0123456789abcdef.json"), Op: fsnotify.Chmod}, false},
		{"a text file among the cassettes", fsnotify.Event{Name: filepath.Join(cases, "notes.txt"), Op: fsnotify.Write}, false},
		{"dryfire.yaml", fsnotify.Event{Name: filepath.Join(root, "dryfire.yaml"), Op: fsnotify.Create}, true},
		{"another file of the root", fsnotify.Event{Name: filepath.Join(root, "README.md"), Op: fsnotify.Write}, false},
		{"a yaml file of the root that no glob reads", fsnotify.Event{Name: filepath.Join(root, "other.yaml"), Op: fsnotify.Write}, false},
		{"a suite", fsnotify.Event{Name: filepath.Join(root, "evals/support/refund.eval.yaml"), Op: fsnotify.Write}, true},
		{"a file a suite $refs", fsnotify.Event{Name: filepath.Join(root, "evals/support/tools.json"), Op: fsnotify.Write}, true},
		{"an editor's swap file", fsnotify.Event{Name: filepath.Join(root, "evals/support/.refund.eval.yaml.swp"), Op: fsnotify.Write}, false},
		{"an editor's backup", fsnotify.Event{Name: filepath.Join(root, "evals/support/refund.eval.yaml~"), Op: fsnotify.Write}, false},
		{"an editor's lock", fsnotify.Event{Name: filepath.Join(root, "evals/support/.#refund.eval.yaml"), Op: fsnotify.Create}, false},
		{"a tape", fsnotify.Event{Name: filepath.Join(root, ".tapes/t.json"), Op: fsnotify.Write}, true},
		{"a watched directory removed", fsnotify.Event{Name: cases, Op: fsnotify.Remove}, true},
		{"a file of a directory not watched", fsnotify.Event{Name: filepath.Join(root, "src/x.json"), Op: fsnotify.Write}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &watcher{locate: locator(root), o: Options{}.withDefaults(), clock: newFakeClock()}
			w.o.notify = func() (notifier, error) { return newFakeNotifier(0), nil }
			w.start()
			w.onEvent(tc.ev)
			if got := w.deb.n > 0; got != tc.want {
				t.Fatalf("counted %v, want %v", got, tc.want)
			}
		})
	}
}

func TestNewDirectoryIsWatchedAtOnce(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	// mkdir -p of a new case with files already in it, as git checkout
	// writes it: the events of the inner directories were never seen.
	write(t, root, ".dryfire/cassettes/billing/disputes/00-0123456789abcdef.json", "{}")
	n.events <- fsnotify.Event{Name: filepath.Join(root, ".dryfire/cassettes/billing"), Op: fsnotify.Create}
	settle(n)
	got, _ := n.watching()
	for _, d := range []string{".dryfire/cassettes/billing", ".dryfire/cassettes/billing/disputes"} {
		if !slices.Contains(got, filepath.Join(root, d)) {
			t.Errorf("%s is not watched", d)
		}
	}
	clk.Advance(time.Second)
	if ev := next(t, ch); ev.Changes != 1 {
		t.Fatalf("event %+v, want the new directory as one change", ev)
	}
}

func TestWatchesRunOut(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(3)
	ch, first := start(t, root, fakeOptions(clk, n))
	if !isRanOut(first) || first.Why != "the system's file watches ran out" || first.Every != 2*time.Second {
		t.Fatalf("first event %+v, want polling because the watches ran out", first)
	}
	if added, closed := n.watching(); !closed {
		t.Fatalf("the notifier is still open with %q: the watches it holds are not given back", added)
	}
	write(t, root, ".dryfire/cassettes/refund/approves/02-0123456789abcdef.json", "{}")
	clk.Advance(2 * time.Second)
	if ev := next(t, ch); ev.Changes != 1 || ev.Mode != Polling {
		t.Fatalf("event %+v, want the new cassette seen by a poll", ev)
	}
}

func TestMaxWatches(t *testing.T) {
	root := project(t)
	_, first := start(t, root, Options{MaxWatches: 2, Clock: newFakeClock(), notify: func() (notifier, error) { return newFakeNotifier(0), nil }})
	if first.Mode != Polling || first.Why != "the system's file watches ran out" {
		t.Fatalf("first event %+v, want polling past MaxWatches", first)
	}
}

func TestOverflowRescans(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	// Events were lost while this directory was made: the overflow sets
	// the watches again and counts as a change.
	write(t, root, ".dryfire/cassettes/lost/case/00-0123456789abcdef.json", "{}")
	n.errs <- fsnotify.ErrEventOverflow
	settle(n)
	if got, _ := n.watching(); !slices.Contains(got, filepath.Join(root, ".dryfire/cassettes/lost/case")) {
		t.Fatalf("after the overflow, watching %q", got)
	}
	clk.Advance(time.Second)
	if ev := next(t, ch); ev.Changes != 1 {
		t.Fatalf("event %+v, want the overflow as a change", ev)
	}
}

func TestUnreadEventsMerge(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	p := filepath.Join(root, ".dryfire/cassettes/refund/approves/00-0123456789abcdef.json")
	for range 3 { // three bursts, none read
		n.events <- fsnotify.Event{Name: p, Op: fsnotify.Write}
		settle(n)
		clk.Advance(time.Second)
		settle(n)
	}
	if ev := next(t, ch); ev.Changes != 3 {
		t.Fatalf("event %+v, want the three bursts merged", ev)
	}
}

func TestConfigMovesTheWatches(t *testing.T) {
	root := project(t)
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	write(t, root, "recorded/s/c/00-0123456789abcdef.json", "{}")
	write(t, root, "dryfire.yaml", "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: recorded\n")
	n.events <- fsnotify.Event{Name: filepath.Join(root, "dryfire.yaml"), Op: fsnotify.Write}
	settle(n)
	clk.Advance(time.Second)
	next(t, ch)
	got, _ := n.watching()
	if !slices.Contains(got, filepath.Join(root, "recorded/s/c")) || slices.Contains(got, filepath.Join(root, ".dryfire/cassettes/refund")) {
		t.Fatalf("after cassettes.dir moved, watching %q", got)
	}
}

func TestMissingCassetteRootIsAwaited(t *testing.T) {
	root := t.TempDir()
	write(t, root, "dryfire.yaml", "version: 1\nsuites:\n  - \"evals/*.eval.yaml\"\n")
	clk, n := newFakeClock(), newFakeNotifier(0)
	ch, _ := start(t, root, fakeOptions(clk, n))
	write(t, root, ".dryfire/cassettes/s/c/00-0123456789abcdef.json", "{}")
	n.events <- fsnotify.Event{Name: filepath.Join(root, ".dryfire"), Op: fsnotify.Create}
	settle(n)
	got, _ := n.watching()
	if !slices.Contains(got, filepath.Join(root, ".dryfire/cassettes/s/c")) {
		t.Fatalf("after the first recording, watching %q", got)
	}
	clk.Advance(time.Second)
	if ev := next(t, ch); ev.Changes != 1 {
		t.Fatalf("event %+v, want the first recording as a change", ev)
	}
}

func TestStopGivesTheWatchesBack(t *testing.T) {
	root := project(t)
	n := newFakeNotifier(0)
	ctx, cancel := context.WithCancel(context.Background())
	ch := Start(ctx, locator(root), fakeOptions(newFakeClock(), n))
	next(t, ch)
	cancel()
	for range ch { // drain until the watcher has stopped
	}
	if _, closed := n.watching(); !closed {
		t.Error("the notifier is open after the watcher stopped")
	}
}

// TestRealFiles follows a project on the real file system with fsnotify:
// each change is seen (each step on a watcher of its own, so that no event
// of one step stands for the next).
func TestRealFiles(t *testing.T) {
	cases := ".dryfire/cassettes/refund/approves"
	for _, tc := range []struct {
		name string
		do   func(root string) error
	}{
		{"a cassette written", func(root string) error {
			return os.WriteFile(filepath.Join(root, cases, "02-0123456789abcdef.json"), []byte("{}"), 0o644)
		}},
		{"a cassette renamed", func(root string) error {
			return os.Rename(filepath.Join(root, cases, "00-0123456789abcdef.json"), filepath.Join(root, cases, "03-0123456789abcdef.json"))
		}},
		{"a cassette removed", func(root string) error { return os.Remove(filepath.Join(root, cases, "01-0123456789abcdee.json")) }},
		{"a case made with its cassette", func(root string) error {
			p := filepath.Join(root, ".dryfire/cassettes/refund/denies/00-0123456789abcdef.json")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, []byte("{}"), 0o644)
		}},
		{"a suite replaced by a rename, as editors save", func(root string) error {
			p := filepath.Join(root, "evals/support/refund.eval.yaml")
			if err := os.WriteFile(p+".new", []byte("name: refund2\n"), 0o644); err != nil {
				return err
			}
			return os.Rename(p+".new", p)
		}},
		{"dryfire.yaml written", func(root string) error {
			return os.WriteFile(filepath.Join(root, "dryfire.yaml"), []byte("version: 1\n"), 0o644)
		}},
		{"a case removed", func(root string) error { return os.RemoveAll(filepath.Join(root, ".dryfire/cassettes/refund")) }},
		{"a tape written", func(root string) error {
			return os.WriteFile(filepath.Join(root, ".tapes/u.json"), []byte("{}"), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := project(t)
			ch, first := start(t, root, Options{Quiet: time.Millisecond})
			if first.Mode != Live {
				t.Skipf("no file watches here: %+v", first)
			}
			if err := tc.do(root); err != nil {
				t.Fatal(err)
			}
			if ev := nextChange(t, ch); ev.Mode != Live {
				t.Fatalf("event %+v", ev)
			}
		})
	}
}
