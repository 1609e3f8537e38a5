package list

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// fixture is two groups: a (x1, x2) and b (y1), as rows
// 0 a · 1 x1 · 2 x2 · 3 b · 4 y1.
func fixture(h int) Model {
	m := New(theme.New(true), DefaultKeyMap()).SetGroups([]Group{
		{Title: "a", Items: []Item{{ID: "x1", Kind: "modified", Label: "x1"}, {ID: "x2", Kind: "added", Label: "x2"}}},
		{Title: "b", Items: []Item{{ID: "y1", Kind: "deleted", Label: "y1", Tag: "accepted"}}},
	})
	m.SetSize(30, h)
	return m
}

func selected(m Model) string {
	it, _ := m.Selected()
	return it.ID
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "ctrl+d", "ctrl+u":
		return tea.KeyPressMsg{Code: rune(s[5]), Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func TestMovesOnItemsOnly(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		keys []string
		want string
	}{
		"starts on the first item":         {nil, "x1"},
		"down steps over a heading":        {[]string{"j", "j"}, "y1"},
		"down stops at the last item":      {[]string{"j", "j", "j"}, "y1"},
		"up stops at the first item":       {[]string{"k"}, "x1"},
		"up steps over a heading":          {[]string{"G", "k"}, "x2"},
		"G is the last item":               {[]string{"G"}, "y1"},
		"g is the first item":              {[]string{"G", "g"}, "x1"},
		"a page lands on the nearest item": {[]string{"pgdown"}, "y1"},
		"a page back lands on an item":     {[]string{"G", "pgup"}, "x2"},
		"ctrl+d goes half a page down":     {[]string{"ctrl+d"}, "x2"},
		"ctrl+u goes half a page up":       {[]string{"G", "ctrl+u"}, "x2"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := fixture(3)
			for _, k := range tc.keys {
				m, _ = m.Update(press(k))
			}
			if got := selected(m); got != tc.want {
				t.Errorf("selected %q, want %q", got, tc.want)
			}
		})
	}
}

func TestClick(t *testing.T) {
	t.Parallel()
	m := fixture(5)
	if got := selected(m.Click(3)); got != "y1" {
		t.Errorf("a click on heading b selected %q, want its first item y1", got)
	}
	if got := selected(m.Click(2)); got != "x2" {
		t.Errorf("a click on x2 selected %q", got)
	}
	if got := selected(m.Click(9)); got != "x1" {
		t.Errorf("a click below the rows moved the cursor to %q", got)
	}
}

func TestWindowKeepsTheHeading(t *testing.T) {
	t.Parallel()
	m := fixture(2)
	m, _ = m.Update(press("G"))
	if got := ansi.Strip(m.View()); !strings.HasPrefix(got, " b 1\n") {
		t.Errorf("the last item's heading is not shown above it:\n%s", got)
	}
}

func TestView(t *testing.T) {
	t.Parallel()
	m := fixture(6)
	m.Blur()
	got := strings.Split(ansi.Strip(m.View()), "\n")
	want := []string{
		" a 2",
		"   ~ x1                       ", // the cursor row, padded
		"   + x2",
		" b 1",
		"   - y1  ✓ accepted",
		"",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestSetTagKeepsEarlierCopies(t *testing.T) {
	t.Parallel()
	before := fixture(6)
	after := before.SetTag("x2", "rejected")
	if !strings.Contains(ansi.Strip(after.View()), "+ x2  ✗ rejected") {
		t.Errorf("the tag is not shown:\n%s", ansi.Strip(after.View()))
	}
	if strings.Contains(ansi.Strip(before.View()), "rejected") {
		t.Errorf("SetTag changed an earlier copy of the list")
	}
}

func TestEmpty(t *testing.T) {
	t.Parallel()
	m := New(theme.New(true), DefaultKeyMap()).SetGroups(nil)
	m.SetSize(20, 3)
	m, _ = m.Update(press("j"))
	if _, ok := m.Selected(); ok || m.Len() != 0 || m.Keys().Down.Enabled() {
		t.Errorf("an empty list has a selection or enabled keys")
	}
	if got := m.View(); got != "\n\n" {
		t.Errorf("view %q, want 3 empty lines", got)
	}
}
