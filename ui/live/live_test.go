package live

import (
	"context"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// TestLiveNoteMakesRoom: a status line with something to say keeps it;
// the note goes at the right end, and "not live" stays even when the
// line must be cut for it.
func TestLiveNoteMakesRoom(t *testing.T) {
	for _, tc := range []struct {
		line, note string
		w          int
		must       bool
		want       string
	}{
		{"3 suite errors", "● live", 30, false, "3 suite errors          ● live"},
		{"3 suite errors, the first: evals/a.yaml:1:1: bad", "● live", 30, false, "3 suite errors, the first: ev…"},
		{"3 suite errors, the first: evals/a.yaml:1:1: bad", "○ not live", 30, true, "3 suite errors, t…  ○ not live"},
	} {
		if got := rightNote(tc.line, tc.note, tc.w, tc.must); got != tc.want {
			t.Errorf("rightNote(%q, %q, %d) = %q, want %q", tc.line, tc.note, tc.w, got, tc.want)
		}
	}
}

// refresher is a backend that says which of its readings the live
// reading asked for.
type refresher struct {
	backend.Backend
	opened, refreshed int
}

func (r *refresher) Open(context.Context, string, func([]tree.Item)) (backend.Summary, error) {
	r.opened++
	return backend.Summary{}, nil
}

func (r *refresher) Refresh(context.Context, string, func([]tree.Item)) (backend.Summary, error) {
	r.refreshed++
	return backend.Summary{}, nil
}

// TestScanRefreshes: a change is read with the backend's Refresh when it
// has one (Core's reuses the unchanged cassettes), never with Open.
func TestScanRefreshes(t *testing.T) {
	b := &refresher{}
	_, cmd := Follower{}.Scan(context.Background(), b, "p", tree.Model{})
	if msg, ok := cmd().(ScannedMsg); !ok || msg.Err != nil {
		t.Fatalf("scan: %#v", msg)
	}
	if b.refreshed != 1 || b.opened != 0 {
		t.Errorf("refreshed %d times, opened %d, want 1 and 0", b.refreshed, b.opened)
	}
}
