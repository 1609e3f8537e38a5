package ui

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/charmbracelet/x/vt"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// screenWatcher feeds the program's output to a terminal emulator so flows
// assert on what a person would see, never on raw bytes.
type screenWatcher struct {
	mu   sync.Mutex
	emu  *vt.Emulator
	seen int
	last string
}

func newScreenWatcher(w, h int) *screenWatcher {
	emu := vt.NewEmulator(w, h)
	go func() { _, _ = io.Copy(io.Discard, emu) }() // answers to terminal queries
	return &screenWatcher{emu: emu}
}

// waitFor waits until the emulated screen contains every one of subs.
func (s *screenWatcher) waitFor(t *testing.T, tm *teatest.TestModel, subs ...string) {
	t.Helper()
	s.seen = 0 // each WaitFor reads only output it has not seen yet
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		// A tty maps \n to \r\n (onlcr); the renderer counts on it here
		// because the test program has no tty.
		_, _ = s.emu.Write(bytes.ReplaceAll(b[s.seen:], []byte("\n"), []byte("\r\n")))
		s.seen = len(b)
		scr := s.emu.String()
		s.last = scr
		for _, sub := range subs {
			if !strings.Contains(scr, sub) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func startFlow(t *testing.T, w, h int) (*teatest.TestModel, *uitest.FakeBackend, *screenWatcher) {
	t.Helper()
	b := &uitest.FakeBackend{Items: uitest.DemoItems(), Body: uitest.Cassette(t), Batch: 2,
		Summary: backend.Summary{Name: "refund-agent", Root: "/project", Project: true}}
	m := New(Options{Path: "/project", Backend: b, IsDark: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	sw := newScreenWatcher(w, h)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", sw.last)
		}
	})
	return tm, b, sw
}

// TestFlowBrowseFilterQuit: the tree appears, the fuzzy filter narrows it,
// the Diff tab explains the stale recording, q quits.
func TestFlowBrowseFilterQuit(t *testing.T) {
	tm, _, scr := startFlow(t, 120, 30)
	scr.waitFor(t, tm, "refund-agent · 8 recordings", "parallel_lookups", "◐ stale")
	tm.Type("/parallel")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, `showing filter "parallel" · 4 rows`)
	tm.Type("G3")
	scr.waitFor(t, tm, "tools[0].description changed", `+ "Retrieve order details by order id."`)
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(Model)
	if !strings.Contains(screenText(fm), `showing filter "parallel"`) || fm.browse.Detail.Tab().String() != "Diff" {
		t.Errorf("final: tab %v\n%s", fm.browse.Detail.Tab(), screenText(fm))
	}
}

// TestFlowMarkAndPrune: mark a suite, see the dialog, confirm, and only
// the prunable files go.
func TestFlowMarkAndPrune(t *testing.T) {
	tm, b, scr := startFlow(t, 120, 30)
	scr.waitFor(t, tm, "8 recordings", "weather_check_repeated")
	tm.Type("G")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyLeft})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyLeft})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyLeft})
	tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	scr.waitFor(t, tm, "d prune")
	tm.Type("d")
	scr.waitFor(t, tm, "Remove 2 files from disk:", "00-225140c869a31cc2.json", "y/enter confirm")
	tm.Type("y")
	scr.waitFor(t, tm, "removed 2 files")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if len(b.Pruned()) != 2 {
		t.Errorf("pruned %v", b.Pruned())
	}
}

// TestFlowReviewAcceptQuit: the app opened on the review page lists the
// changes, a stages the selected one (the modified recording, third in the
// list), and the final model's tally says so.
func TestFlowReviewAcceptQuit(t *testing.T) {
	f := uitest.NewFixture(t)
	m := New(Options{Page: PageReview, Review: f.Open(t), LookedAt: f.Dirs, IsDark: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	scr := newScreenWatcher(120, 30)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", scr.last)
		}
	})
	scr.waitFor(t, tm, "review · project · 5 changed", "refund_agent ▸ moving", "a accept")
	tm.Type("jja")
	scr.waitFor(t, tm, "1 accepted", "01 222222222222  ✓ accepted")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(Model)
	if got := fm.ReviewTally(); got.Accepted != 1 || got.Left != 4 {
		t.Errorf("final tally %+v", got)
	}
	if staged := f.Git(t, "diff", "--cached", "--name-only", "--no-renames"); !strings.Contains(staged, uitest.PModified) {
		t.Errorf("%s was not staged: %q", uitest.PModified, staged)
	}
}
