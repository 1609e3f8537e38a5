package browse

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/scan/watch"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/live"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// fakeWatcher is a backend.Watcher whose events the test sends: no
// clock, no file system, no timing. Each watcher the page starts is an
// unbuffered channel the test takes from started (in the order started)
// and sends on; a send returns once the page's Cmd has the event.
type fakeWatcher struct {
	started chan chan<- watch.Event
	cur     chan<- watch.Event
}

func newFakeWatcher() *fakeWatcher { return &fakeWatcher{started: make(chan chan<- watch.Event, 8)} }

// Watch implements backend.Watcher: it passes on what the test sends
// until ctx is done.
func (f *fakeWatcher) Watch(ctx context.Context, _ string) <-chan watch.Event {
	in, out := make(chan watch.Event), make(chan watch.Event)
	f.started <- in
	go func() {
		defer close(out)
		for {
			select {
			case <-ctx.Done():
				return
			case ev := <-in:
				select {
				case out <- ev:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out
}

// next waits for the page to start its next watcher, and sends to it
// from then on.
func (f *fakeWatcher) next() { f.cur = <-f.started }

// send gives the page's watcher an event.
func (f *fakeWatcher) send(ev watch.Event) { f.cur <- ev }

// gatedBackend is a FakeBackend whose scans wait for the test: with a
// gate, each Open waits for a value on it. Without, it scans at once.
type gatedBackend struct {
	*uitest.FakeBackend
	gate chan struct{}
	err  error // what Open returns, instead of the recordings
}

func (g *gatedBackend) Open(ctx context.Context, p string, onBatch func([]tree.Item)) (backend.Summary, error) {
	if g.gate != nil {
		<-g.gate
	}
	if g.err != nil {
		return backend.Summary{}, g.err
	}
	return g.FakeBackend.Open(ctx, p, onBatch)
}

// program runs a page as bubbletea does: each Cmd on a goroutine of its
// own, each message back into Update on the test's goroutine. A Cmd that
// waits for the watcher waits as it would in the program; the page's
// context, cancelled at the end of the test, ends it.
type program struct {
	t       *testing.T
	m       Page
	msgs    chan tea.Msg
	done    chan struct{}
	watched int // the watcher's events the page has had
	scanned int // the readings a change started that ended
}

// startLive opens a page on items with a fake watcher, runs its Init and
// waits for the scan to end and the watcher to say it is live.
func startLive(t *testing.T, items []tree.Item) (*program, *gatedBackend, *fakeWatcher) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b := &gatedBackend{FakeBackend: uitest.NewFakeBackend(t, items)}
	w := newFakeWatcher()
	m := New(Options{Context: ctx, Path: "/project", Backend: b, Watcher: w}, theme.New(true))
	m.SetSize(120, 30)
	p := &program{t: t, m: m, msgs: make(chan tea.Msg), done: make(chan struct{})}
	t.Cleanup(func() { cancel(); close(p.done) })
	p.exec(m.Init())
	w.next()
	w.send(watch.Event{Mode: watch.Live, Watches: 7})
	p.until("the first scan and the watcher's first event", func(m Page) bool { return !m.loading && m.follow.Known() })
	p.m.SetStatus("", false) // the news of the first scan (what needs attention) read
	return p, b, w
}

func (p *program) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				p.exec(c)
			}
			return
		}
		if msg == nil {
			return
		}
		select {
		case p.msgs <- msg:
		case <-p.done:
		}
	}()
}

// update gives the page one message and runs what it returns.
func (p *program) update(msg tea.Msg) {
	switch msg.(type) {
	case live.WatchedMsg:
		p.watched++
	case live.ScannedMsg:
		p.scanned++
	}
	var cmd tea.Cmd
	p.m, cmd = p.m.Update(msg)
	p.exec(cmd)
}

// key presses keys, one after the other.
func (p *program) key(ks ...string) {
	for _, k := range ks {
		p.update(uitest.PressKey(k))
	}
}

// until gives the page its messages until cond holds. The bound on the
// wait only keeps a broken page from hanging the test.
func (p *program) until(what string, cond func(Page) bool) {
	p.t.Helper()
	for range 10000 {
		if cond(p.m) {
			return
		}
		select {
		case msg := <-p.msgs:
			p.update(msg)
		case <-time.After(20 * time.Second):
			p.t.Fatalf("waiting for %s; the screen:\n%s", what, screenText(p.m))
		}
	}
	p.t.Fatalf("10000 messages and still no %s", what)
}

// change says the files changed, and waits for the page to have read the
// project again.
func (p *program) change(w *fakeWatcher) {
	p.t.Helper()
	n := p.watched
	w.send(watch.Event{Mode: watch.Live, Changes: 1})
	p.until("the change read", func(m Page) bool { return p.watched > n && !m.follow.Busy() && !m.loading })
}

func selectedID(m Page) string {
	it, _ := m.tree.Selected()
	return it.ID
}

func without(items []tree.Item, ids ...string) []tree.Item {
	return slices.DeleteFunc(slices.Clone(items), func(it tree.Item) bool { return slices.Contains(ids, it.ID) })
}

// TestLiveKeepsCursorMarksAndTab: a change read from disk keeps the cursor
// on its recording, the marks, the open tab and the suites closed, shows
// the new recordings and drops the gone ones, and counts them again.
func TestLiveKeepsCursorMarksAndTab(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	if !strings.Contains(screenText(p.m), "● live") {
		t.Fatalf("the status line does not say the view is live:\n%s", screenText(p.m))
	}
	orphan, superseded, stale := items[3].ID, items[4].ID, items[1].ID
	var ok bool
	if p.m.tree, ok = p.m.tree.SelectID(orphan); !ok {
		t.Fatal("no orphaned case in the tree")
	}
	p.key("space", "j", "space", "5") // mark both prunable, open the Raw tab
	if selectedID(p.m) != superseded || p.m.tree.MarkCount() != 2 {
		t.Fatalf("on %s with %d marks", selectedID(p.m), p.m.tree.MarkCount())
	}

	// A re-record in another terminal: the stale turn is live again, and
	// a new case of the suite above the cursor is recorded.
	fresh := without(items, orphan)
	fresh[1].Status = "live"
	added := fresh[0]
	added.ID, added.Path, added.Sub, added.Label = ".dryfire/cassettes/refund_agent/new_case/00-aaaaaaaaaaaaaaaa.json",
		".dryfire/cassettes/refund_agent/new_case/00-aaaaaaaaaaaaaaaa.json", "new_case", "00 aaaaaa"
	b.Items = append(fresh, added) // written before the event: no scan runs now
	p.change(w)

	if got := selectedID(p.m); got != superseded {
		t.Errorf("the cursor is on %s, want it kept on %s", got, superseded)
	}
	if got := p.m.tree.Marked(); len(got) != 1 || got[0].ID != superseded {
		t.Errorf("marked %v, want %s alone (the orphan is gone)", got, superseded)
	}
	if p.m.Detail.Tab() != detail.TabRaw {
		t.Errorf("the tab is %v, want Raw kept", p.m.Detail.Tab())
	}
	view := screenText(p.m)
	if !strings.Contains(view, "new_case") || strings.Contains(view, "no_flights_found") {
		t.Errorf("the tree does not follow the files:\n%s", view)
	}
	if n := p.m.tree.Counts()["stale"]; n != 0 {
		t.Errorf("%d stale, want the re-recorded turn counted live", n)
	}
	var status string
	p.m.tree.Each(func(it *tree.Item) {
		if it.ID == stale {
			status = it.Status
		}
	})
	if status != "live" {
		t.Errorf("the re-recorded turn is %q, want live", status)
	}
}

// TestLiveCursorToNeighbour: when the recording under the cursor goes (a
// prune in another terminal), the cursor goes to its neighbour, not to
// the top; on a case row it stays on the case.
func TestLiveCursorToNeighbour(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	var ok bool
	if p.m.tree, ok = p.m.tree.SelectID(items[3].ID); !ok {
		t.Fatal("no orphaned case")
	}
	p.key("j", "k") // touched: the cursor is the user's
	b.Items = without(items, items[3].ID)
	p.change(w)
	if got := selectedID(p.m); got != items[4].ID {
		t.Errorf("the cursor is on %q, want the next recording %s", got, items[4].ID)
	}

	p.key("h") // up to the case row
	kind, names := p.m.tree.SelectedPath()
	b.Items = without(b.Items, items[0].ID)
	p.change(w)
	if k, n := p.m.tree.SelectedPath(); k != kind || !slices.Equal(n, names) {
		t.Errorf("the cursor is on %v %v, want %v %v", k, n, kind, names)
	}
}

// TestLiveOneRescanAtATime: changes that come while the project is read
// again start one more reading when it ends, not one each, and none is
// lost; the status line says it is updating meanwhile, and the tree stays
// usable.
func TestLiveOneRescanAtATime(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	scans := b.Scans()
	b.gate = make(chan struct{})
	n, scanned := p.watched, p.scanned
	w.send(watch.Event{Mode: watch.Live, Changes: 1})
	p.until("the reading", func(m Page) bool { return m.follow.Busy() })
	if !strings.Contains(screenText(p.m), "⟳ updating") {
		t.Errorf("the status line does not say the view is updating:\n%s", screenText(p.m))
	}
	for i := range 3 {
		w.send(watch.Event{Mode: watch.Live, Changes: 50})
		p.until("the next change", func(Page) bool { return p.watched > n+1+i })
	}
	p.key("j") // the tree on screen answers meanwhile
	b.Items = without(items, items[0].ID)
	b.gate <- struct{}{} // the first reading ends; the second, for the three, begins
	p.until("the second reading", func(m Page) bool { return p.scanned > scanned && m.follow.Busy() })
	b.Items = without(items, items[0].ID, items[1].ID)
	b.gate <- struct{}{}
	p.until("the readings", func(m Page) bool { return !m.follow.Busy() })
	if got := b.Scans() - scans; got != 2 {
		t.Errorf("%d readings for four changes, want 2 (one, then one for those that came meanwhile)", got)
	}
	if p.m.tree.Len() != len(items)-2 {
		t.Errorf("%d recordings, want the last reading's %d", p.m.tree.Len(), len(items)-2)
	}
	if strings.Contains(screenText(p.m), "⟳ updating") {
		t.Errorf("still updating:\n%s", screenText(p.m))
	}
}

// TestLiveUntouchedStaysOnTheProblem: until a key is pressed, the browser
// stays on the most urgent problem as the files change, and the status
// line counts the problems as they are now, not as they were.
func TestLiveUntouchedStaysOnTheProblem(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	secret := items[6].ID
	if got := selectedID(p.m); got != secret {
		t.Fatalf("the browser opened on %s, want the secret %s", got, secret)
	}
	b.Items = without(items, secret) // the secret's case re-recorded clean
	b.Items = append(b.Items, items[6])
	b.Items[len(b.Items)-1].Secrets = 0
	p.change(w)
	status := liveLine(screenText(p.m))
	if !strings.Contains(status, "4 recordings need attention · ⊠") && !strings.Contains(status, "4 recordings need attention · ≠") {
		t.Errorf("status line %q, want the 4 problems left and the next kind", status)
	}
	if got := selectedID(p.m); got == secret {
		t.Errorf("the cursor stays on %s, which is no longer a problem", got)
	}
}

// TestLiveClickIsKept: a row clicked (no key pressed) is the user's: a
// change does not take the cursor back to the problem.
func TestLiveClickIsKept(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	landed := selectedID(p.m)
	for r := 0; r < 12 && (selectedID(p.m) == landed || selectedID(p.m) == ""); r++ {
		p.update(tea.MouseClickMsg{X: 3, Y: p.m.Layout.BodyY + r, Button: tea.MouseLeft})
	}
	clicked := selectedID(p.m)
	if clicked == landed || clicked == "" {
		t.Fatalf("no click moved the cursor off %s", landed)
	}
	b.Items = without(items, items[3].ID)
	p.change(w)
	if got := selectedID(p.m); got != clicked {
		t.Errorf("the cursor is on %s after the change, want the clicked %s", got, clicked)
	}
}

// TestLiveScanErrorKeepsTheTree: when the project cannot be read after a
// change (dryfire.yaml half saved), the recordings stay and the status
// line says why; the next change that reads clears it.
func TestLiveScanErrorKeepsTheTree(t *testing.T) {
	items := uitest.DemoItems()
	p, b, w := startLive(t, items)
	b.err = errors.New("dryfire.yaml:3:1: mapping values are not allowed here")
	p.change(w)
	view := screenText(p.m)
	if p.m.tree.Len() != len(items) || !strings.Contains(view, "dryfire.yaml:3:1: mapping values") {
		t.Fatalf("%d recordings, want %d kept with the error said:\n%s", p.m.tree.Len(), len(items), view)
	}
	b.err = nil
	p.change(w)
	if strings.Contains(screenText(p.m), "mapping values") {
		t.Errorf("the error stays after the project read:\n%s", screenText(p.m))
	}
}

// TestLiveSaysWhenPolling: when the watches ran out, the status line says
// the view is not live, why and how often it looks; r tries the watches
// again.
func TestLiveSaysWhenPolling(t *testing.T) {
	p, _, w := startLive(t, uitest.DemoItems())
	n := p.watched
	w.send(watch.Event{Mode: watch.Polling, Why: watch.ErrWatchesRanOut.Error(), Err: watch.ErrWatchesRanOut, Every: 2 * time.Second})
	p.until("the fallback", func(Page) bool { return p.watched > n })
	status := liveLine(screenText(p.m))
	if want := "not live: the system's file watches ran out; looking for changes every 2s · r rescans"; !strings.Contains(status, want) {
		t.Errorf("status line %q, want %q", status, want)
	}
	if strings.Contains(status, "● live") || strings.Contains(status, "○ not live") {
		t.Errorf("the status line says live, or twice not live: %q", status)
	}
	p.m.SetStatus("copied path", false) // news of something else: "not live" stays
	if status := liveLine(screenText(p.m)); !strings.Contains(status, "copied path") || !strings.HasSuffix(strings.TrimSpace(status), "○ not live") {
		t.Errorf("status line %q, want the news and ○ not live at its end", status)
	}
	p.key("r")
	w.next() // r tries the watches again: a second watcher
	w.send(watch.Event{Mode: watch.Live})
	p.until("live again", func(m Page) bool { return m.follow.Known() && m.follow.Mode() == watch.Live })
	if !strings.Contains(screenText(p.m), "● live") {
		t.Errorf("not live again:\n%s", screenText(p.m))
	}
}

// liveLine is the status line of a rendered page: the one above the key
// line.
func liveLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}
