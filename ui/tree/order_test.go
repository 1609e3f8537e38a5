package tree

import (
	"fmt"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// items makes recordings "suite/case/turn" with a status each.
func items(specs ...string) []Item {
	var out []Item
	for _, s := range specs {
		var g, c, status string
		var turn int
		if _, err := fmt.Sscanf(s, "%s %s %d %s", &g, &c, &turn, &status); err != nil {
			panic(s)
		}
		id := fmt.Sprintf("%s/%s/%02d", g, c, turn)
		out = append(out, Item{ID: id, Path: id, Group: g, Sub: c, Turn: turn, Label: fmt.Sprintf("%02d", turn), Status: status})
	}
	return out
}

func newTree(its []Item) Model {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(40, 20)
	return m.Add(its)
}

func isStale(it *Item) bool { return it.Status == "stale" }

// treeItems arrive out of order; tree order is b before z, turns in order.
var treeItems = items(
	"z c1 0 stale",
	"b c2 1 stale",
	"b c2 0 live",
	"b c1 0 live",
	"b c1 1 stale",
	"z c1 1 live",
)

func selectedID(m Model) string {
	it, _ := m.Selected()
	return it.ID
}

func TestNextGoesInTreeOrderAndWraps(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m.MoveTo(0) // the suite b
	var got []string
	var wraps []bool
	for range 4 {
		var ok, wrapped bool
		if m, ok, wrapped = m.Next(1, isStale); !ok {
			t.Fatal("no stale recording found")
		}
		got, wraps = append(got, selectedID(m)), append(wraps, wrapped)
	}
	want := []string{"b/c1/01", "b/c2/01", "z/c1/00", "b/c1/01"}
	if !slices.Equal(got, want) || !slices.Equal(wraps, []bool{false, false, false, true}) {
		t.Errorf("n: %v (wrapped %v), want %v with the last wrapped", got, wraps, want)
	}
	got = got[:0]
	for range 3 {
		m, _, _ = m.Next(-1, isStale)
		got = append(got, selectedID(m))
	}
	if want := []string{"z/c1/00", "b/c2/01", "b/c1/01"}; !slices.Equal(got, want) {
		t.Errorf("N: %v, want %v", got, want)
	}
}

func TestNextExpandsAndRespectsFilters(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m.MoveTo(0)
	m = m.SetExpanded(false) // collapse b
	m, ok, _ := m.Next(1, isStale)
	if !ok || selectedID(m) != "b/c1/01" {
		t.Fatalf("n from a collapsed suite: %q (ok %v), want its first stale recording", selectedID(m), ok)
	}
	m = m.SetFilter("z")
	if m, ok, _ = m.Next(1, isStale); !ok || selectedID(m) != "z/c1/00" {
		t.Errorf("n under a filter: %q, want the only stale recording shown", selectedID(m))
	}
	if _, ok, _ := m.Next(1, func(it *Item) bool { return it.Group == "b" }); ok {
		t.Error("n found a recording the filter hides")
	}
}

func TestFirstAndCount(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m, ok := m.First(isStale)
	if !ok || selectedID(m) != "b/c1/01" {
		t.Errorf("first stale: %q", selectedID(m))
	}
	if n := m.Count(isStale); n != 3 {
		t.Errorf("count %d, want 3", n)
	}
	if _, ok := m.First(func(*Item) bool { return false }); ok {
		t.Error("first of nothing found something")
	}
}

func TestAnchors(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m, _ = m.SelectID("b/c2/00")
	if got, want := m.Anchors(2), []string{"b/c2/00", "b/c2/01", "z/c1/00", "b/c1/01", "b/c1/00"}; !slices.Equal(got, want) {
		t.Errorf("anchors %v, want the recording, 2 after, then 2 before nearest first: %v", got, want)
	}
	m.MoveTo(0)
	if got := m.Anchors(1); !slices.Equal(got, []string{"b/c1/00", "b/c1/01"}) {
		t.Errorf("anchors of a suite: %v, want its first recordings", got)
	}
}

func TestSelectPath(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m.MoveTo(0)
	m = m.SetExpanded(false)
	m, ok := m.SelectPath([]string{"b", "c2"})
	if kind, names := m.SelectedPath(); !ok || kind != KindSub || !slices.Equal(names, []string{"b", "c2"}) {
		t.Errorf("select b/c2: %v %v (ok %v)", kind, names, ok)
	}
	if _, ok := m.SelectPath([]string{"b", "gone"}); ok {
		t.Error("selected a case that does not exist")
	}
}

func TestLastAndRank(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m, ok := m.Last(isStale)
	if !ok || selectedID(m) != "z/c1/00" {
		t.Fatalf("Last: %q, %v", selectedID(m), ok)
	}
	if place, total := m.Rank(isStale); place != 3 || total != 3 {
		t.Errorf("Rank of the last stale: %d of %d", place, total)
	}
	m, _ = m.First(isStale)
	if place, total := m.Rank(isStale); place != 1 || total != 3 {
		t.Errorf("Rank of the first stale (%s): %d of %d", selectedID(m), place, total)
	}
	m.MoveTo(0)
	if place, _ := m.Rank(isStale); place != 0 {
		t.Errorf("Rank on a suite row: %d", place)
	}
	if _, ok := m.Last(func(*Item) bool { return false }); ok {
		t.Error("Last found a recording that matches nothing")
	}
}

func TestJumpSaysThePlace(t *testing.T) {
	t.Parallel()
	m := newTree(treeItems)
	m.MoveTo(0)
	for i, want := range []Jump{{true, false, 1}, {true, false, 2}, {true, false, 3}, {true, true, 1}} {
		var j Jump
		m, j = m.Jump(1, isStale)
		if j != want {
			t.Errorf("forward #%d: %+v, want %+v", i, j, want)
		}
		if place, _ := m.Rank(isStale); place != j.Place {
			t.Errorf("forward #%d: Rank says %d, Jump %d", i, place, j.Place)
		}
	}
	for i, want := range []Jump{{true, true, 3}, {true, false, 2}, {true, false, 1}} {
		var j Jump
		m, j = m.Jump(-1, isStale)
		if j != want {
			t.Errorf("back #%d: %+v, want %+v", i, j, want)
		}
	}
}

// TestHalfPage: ctrl+d and ctrl+u move the window and the cursor by half
// a page, as less and vim do, the cursor keeping its screen row.
func TestHalfPage(t *testing.T) {
	t.Parallel()
	var specs []string
	for i := range 40 {
		specs = append(specs, fmt.Sprintf("s c %d live", i))
	}
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(40, 10)
	m = m.Add(items(specs...))
	m.MoveTo(2)
	m, _ = m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if m.Cursor() != 7 || m.offset != 5 {
		t.Errorf("ctrl+d: cursor %d, offset %d; want 7, 5", m.Cursor(), m.offset)
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if m.Cursor() != 2 || m.offset != 0 {
		t.Errorf("ctrl+u: cursor %d, offset %d; want 2, 0", m.Cursor(), m.offset)
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if m.Cursor() != 0 {
		t.Errorf("ctrl+u at the top: cursor %d", m.Cursor())
	}
}
