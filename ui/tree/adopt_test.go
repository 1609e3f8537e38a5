package tree

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func adoptItems(ids ...string) []Item {
	var out []Item
	for _, id := range ids {
		g, s, _ := strings.Cut(id, "/")
		out = append(out, Item{ID: id, Path: id + ".json", Format: format.Dryfire, Group: g, Sub: s, Label: id, Status: "orphaned case", Prunable: true})
	}
	return out
}

// TestAdoptKeepsWhatIsTheTrees: a tree filled on another goroutine takes
// the place of the one on screen with its suites open and closed as they
// were, its marks (but those of recordings gone), its filter, and the
// counts of the new recordings.
func TestAdoptKeepsWhatIsTheTrees(t *testing.T) {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 20)
	m = m.Add(adoptItems("s/a", "s/b", "t/c", "t/d"))
	m, _ = m.SelectID("t/d")
	m = m.ToggleMark() // t/d, which goes
	m, _ = m.SelectID("t/c")
	m = m.ToggleMark() // t/c, which stays
	m.MoveTo(0)        // suite s
	m = m.SetExpanded(false)

	fresh := m.Reset()
	done := make(chan Model)
	go func() { done <- fresh.Add(adoptItems("s/a", "s/b", "t/c", "u/e")) }()
	m.MoveBy(1) // the tree on screen is in use meanwhile
	m = m.Adopt(<-done)

	view := ansi.Strip(m.View())
	for _, want := range []string{"▸ s", "▾ t", "▾ u"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	if strings.Contains(view, "t/d") {
		t.Errorf("t/d is still shown:\n%s", view)
	}
	if got := m.Marked(); len(got) != 1 || got[0].ID != "t/c" {
		t.Errorf("marked %v, want t/c alone", got)
	}
	if m.Len() != 4 || m.Counts()["orphaned case"] != 4 {
		t.Errorf("%d recordings, counts %v", m.Len(), m.Counts())
	}
	// t/d comes back (a checkout of the branch it is on): unmarked.
	m = m.Adopt(m.Reset().Add(adoptItems("s/a", "t/c", "t/d")))
	if got := m.Marked(); len(got) != 1 || got[0].ID != "t/c" {
		t.Errorf("after t/d came back, marked %v, want t/c alone", got)
	}
}

// TestAdoptFiltersAgain: a filter typed while the new tree was filled
// applies to it.
func TestAdoptFiltersAgain(t *testing.T) {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 20)
	m = m.Add(adoptItems("s/a", "t/c"))
	fresh := m.Reset().Add(adoptItems("s/a", "t/c", "t/e"))
	m = m.SetFilter("t/")
	m = m.Adopt(fresh)
	view := ansi.Strip(m.View())
	if strings.Contains(view, "s/a") || !strings.Contains(view, "t/e") || !strings.Contains(view, "t/c") {
		t.Fatalf("the filter t/ is not applied to the new recordings:\n%s", view)
	}
}
