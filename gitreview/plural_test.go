package gitreview

import (
	"slices"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/tape"
)

// TestSummaryCountsReadAsEnglish: a case's summary and a tape's say "1
// recording added (turn 02)" and "1 key, 1 entry", never "reviewtest.Recording(s)" or
// "entr(ies)".
func TestSummaryCountsReadAsEnglish(t *testing.T) {
	items := []*ReviewItem{{Kind: Added, Turn: 2}, {Kind: Deleted, Turn: 0}, {Kind: Deleted, Turn: 1}, {Kind: Modified, Turn: 3}}
	got := caseSummary(items)
	want := []string{"1 recording added (turn 02)", "2 recordings removed (turns 00, 01)", "1 recording modified or renamed"}
	if !slices.Equal(got, want) {
		t.Errorf("caseSummary = %q, want %q", got, want)
	}
	f, err := tape.Decode([]byte(tapeV1))
	if err != nil {
		t.Fatal(err)
	}
	if got := tapeCounts(f); got != "1 key, 1 entry" {
		t.Errorf("tapeCounts = %q, want %q", got, "1 key, 1 entry")
	}
}
