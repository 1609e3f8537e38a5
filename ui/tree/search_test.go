package tree

import (
	"strings"
	"testing"
)

// TestSearchFieldsLowerCaseAsToLower: the filter's text of a recording is
// its suite, case, label, key and status (kept apart) lower-cased as
// strings.ToLower does, ASCII or not (a capital I with a dot lower-cases
// to two runes), with where each of the first four ends.
func TestSearchFieldsLowerCaseAsToLower(t *testing.T) {
	for _, it := range []Item{
		{Group: "suite_0001", Sub: "case_000", Label: "00 3d3d45", Key: "3d3d451719dd1a54", Status: "live"},
		{Group: "Support flow 32/v2", Sub: "Handles REFUND #5 (EU)", Label: "01#2 A1B2C3", Key: "ABCDEF#2", Status: "Orphaned Case"},
		{Group: "Überprüfung", Sub: "İstanbul", Label: "ÀÉÎ", Key: "", Status: "stale"},
		{Group: "", Sub: "", Label: "", Key: "", Status: ""},
	} {
		fields := []string{it.Group, it.Sub, it.Label, it.Key, it.Status}
		var want strings.Builder
		var wantEnds [4]int32
		for i, f := range fields {
			if i > 0 {
				want.WriteString([]string{"", "/", "/", " ", " "}[i])
			}
			want.WriteString(strings.ToLower(f))
			if i < 4 {
				wantEnds[i] = int32(want.Len())
			}
		}
		search, ends := searchFields(&it)
		got := search + " " + lower(it.Status)
		if got != want.String() || ends != wantEnds {
			t.Errorf("searchFields(%q) = %q %v, want %q %v", fields, got, ends, want.String(), wantEnds)
		}
	}
}
