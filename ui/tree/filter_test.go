package tree

import (
	"fmt"
	"testing"
)

// filterItems are recordings as a large project names them: suites and
// cases in words, turns, sixteen-hex-digit keys.
func filterItems(n int) []Item {
	suites := []string{"refund_agent", "travel_booking", "incident_triage", "checkout_flow"}
	cases := []string{"parallel_lookups", "books_cheapest_flight", "pages_sev1_with_overrides", "add_to_cart", "escalates_refund_over_limit"}
	statuses := []string{"live", "stale", "superseded"}
	out := make([]Item, n)
	for i := range out {
		key := fmt.Sprintf("%016x", uint64(i)*0x9e3779b97f4a7c15)
		id := fmt.Sprintf("%s/%s_%d/%02d-%s", suites[i%4], cases[i%5], i/20, i%7, key)
		out[i] = Item{ID: id, Path: id, Group: suites[i%4], Sub: fmt.Sprintf("%s_%d", cases[i%5], i/20), Turn: i % 7,
			Label: fmt.Sprintf("%02d %s", i%7, key[:6]), Key: key, Status: statuses[i%3]}
	}
	return out
}

func TestFilterMatchKinds(t *testing.T) {
	t.Parallel()
	m := newTree(filterItems(2000))
	tests := map[string]struct {
		text string
		kind MatchKind
		some bool
	}{
		"as typed":                          {"parallel_lookups", MatchExact, true},
		"any case":                          {"PARALLEL", MatchExact, true},
		"every word":                        {"refund stale", MatchWords, true},
		"fuzzy inside one name":             {"parlook", MatchFuzzy, true},
		"no such case is no row":            {"case_01", MatchNone, false},
		"letters across names do not count": {"rfndprl", MatchNone, false},
		"two letters are never fuzzy":       {"zq", MatchNone, false},
	}
	for name, tc := range tests {
		f := m.SetFilter(tc.text)
		if f.FilterMatch() != tc.kind || (f.Rows() > 0) != tc.some {
			t.Errorf("%s: %q matched %v with %d rows, want %v (rows: %v)", name, tc.text, f.FilterMatch(), f.Rows(), tc.kind, tc.some)
		}
	}
	// Words: only recordings holding both.
	f := m.SetFilter("refund stale")
	for _, l := range f.leaves {
		if l.shown && (l.item.Group != "refund_agent" && l.item.Sub[:6] != "escala" || l.item.Status != "stale") {
			t.Errorf("refund stale shows %s (%s)", l.item.ID, l.item.Status)
		}
	}
}

// TestFilterKeepsItsWayAsBatchesArrive: recordings added under a filter
// are matched the way the filter matched, and a filter that matched
// nothing tries again with them.
func TestFilterKeepsItsWayAsBatchesArrive(t *testing.T) {
	t.Parallel()
	its := filterItems(200)
	m := newTree(its[:100]).SetFilter("parlook")
	if m.FilterMatch() != MatchFuzzy {
		t.Fatalf("match %v", m.FilterMatch())
	}
	m = m.Add(its[100:])
	shown := 0
	for _, l := range m.leaves {
		if l.shown {
			shown++
		}
	}
	if shown != 40 {
		t.Errorf("%d shown, want the 40 parallel_lookups recordings", shown)
	}
	m = newTree(nil).SetFilter("lookups").Add(its)
	if m.FilterMatch() != MatchExact || m.Rows() == 0 {
		t.Errorf("a filter set before the recordings arrived: %v, %d rows", m.FilterMatch(), m.Rows())
	}
}
