package backend

import (
	"fmt"
	"testing"
)

// TestLeafLabel: a dryfire recording's label is the turn of at least two
// digits, "#N" for a repetition after the first, and the start of its key.
func TestLeafLabel(t *testing.T) {
	for _, tc := range []struct{ turn, repeat int }{{0, 0}, {1, 0}, {9, 2}, {10, 0}, {123, 11}, {-1, 0}, {-12, 1}} {
		want := fmt.Sprintf("%02d", tc.turn)
		if tc.repeat > 0 {
			want += fmt.Sprintf("#%d", tc.repeat)
		}
		want += " 3d3d45"
		if got := leafLabel(tc.turn, tc.repeat, "3d3d45"); got != want {
			t.Errorf("leafLabel(%d, %d) = %q, want %q", tc.turn, tc.repeat, got, want)
		}
	}
}
