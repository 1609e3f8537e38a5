package live

import "testing"

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
