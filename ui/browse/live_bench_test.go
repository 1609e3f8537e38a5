package browse

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/scan/watch"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/live"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// BenchmarkLiveRefresh measures, on a 20,000-file project and the real
// core, a live refresh after the debounce: the project read again into a
// tree of its own (off the UI goroutine) and the UI goroutine's share,
// reported apart as ui-ms: the tree taken in, the cursor put back, a
// frame drawn.
func BenchmarkLiveRefresh(b *testing.B) {
	root := benchRoot(b)
	m := New(Options{Path: root, Backend: backend.Core{}}, theme.New(false))
	m.SetSize(160, 45)
	m = run(b, m, scanWorkspaceCmd(m.ctx, m.opts.Backend, root, m.gen))
	m = keys(b, m, "G", "k", "k")
	want := selectedID(m)
	var ui time.Duration
	b.ReportAllocs()
	for b.Loop() {
		var cmd tea.Cmd
		m, cmd = m.startLiveScan()
		msg := cmd().(live.ScannedMsg)
		start := time.Now()
		m, _ = m.handleLiveScanned(msg)
		_ = m.Render()
		ui += time.Since(start)
		if msg.Err != nil || selectedID(m) != want {
			b.Fatalf("refresh: %v, the cursor on %q, want %q", msg.Err, selectedID(m), want)
		}
	}
	b.ReportMetric(float64(ui.Milliseconds())/float64(b.N), "ui-ms")
}

// BenchmarkLiveWatchStart measures setting the watches of a
// 20,000-file project (every directory of the cassette tree, the suites'
// directories), up to the watcher's first event.
func BenchmarkLiveWatchStart(b *testing.B) {
	root := benchRoot(b)
	c := backend.Core{}
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		ch := c.Watch(ctx, root)
		ev := <-ch
		cancel()
		for range ch { // until the watches are given back
		}
		if ev.Mode != watch.Live {
			b.Skipf("no file watches here: %s", ev.Why)
		}
		b.ReportMetric(float64(ev.Watches), "watches")
	}
}
