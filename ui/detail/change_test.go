package detail

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func change(id string, lines int) FileChange {
	c := FileChange{ID: id, Kind: "modified", Where: "unstaged", Path: id,
		Recording: "refund_agent ▸ parallel_lookups · turn 01 · key 3d3d451719dd1a54",
		Summary:   []string{"response text changed"}}
	for range lines {
		c.Pairs = append(c.Pairs, Pair{Label: "text", Old: "before", New: "after"})
	}
	return c
}

func newPane(w, h int) Model {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(w, h)
	m.Focus()
	return m
}

func TestChangeView(t *testing.T) {
	t.Parallel()
	m := newPane(40, 14).SetChange(change("a.json", 1))
	got := strings.Split(ansi.Strip(m.View()), "\n")
	want := []string{
		" ~ modified · unstaged",
		" a.json",
		" refund_agent ▸ parallel_lookups · turn",
		" 01 · key 3d3d451719dd1a54",
		" ",
		" What changed",
		"   • response text changed",
		" ",
		" Old → new",
		"   text",
		"   - before",
		"   + after",
		" ",
		" ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestChangeScroll(t *testing.T) {
	t.Parallel()
	m := newPane(40, 5).SetChange(change("a.json", 10))
	m, _ = m.Update(tea.KeyPressMsg{Code: 'G', Text: "G"})
	bottom := m.Offset()
	if bottom == 0 {
		t.Fatal("G did not scroll a long change")
	}
	if m = m.SetChange(change("a.json", 10)); m.Offset() != bottom {
		t.Errorf("the same change again (its state moved on) scrolled to %d, want %d", m.Offset(), bottom)
	}
	if m = m.SetChange(change("b.json", 10)); m.Offset() != 0 {
		t.Errorf("another change starts at offset %d", m.Offset())
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: '3', Text: "3"})
	if m.Tab() != TabResponse || m.Keys().Tabs.Enabled() {
		t.Errorf("a change has no tabs, yet 3 went to tab %v (tabs enabled %v)", m.Tab(), m.Keys().Tabs.Enabled())
	}
	if m = m.SetData(Data{ID: "r", HasBody: true}); func() bool { _, ok := m.Change(); return ok }() {
		t.Error("a recording shown after a change still reports the change")
	}
}

// TestChangeWhyAndReadOnly: a range review's change says why it changed,
// its warning first, and a read-only one names its secrets without the
// key that would stage them.
func TestChangeWhyAndReadOnly(t *testing.T) {
	t.Parallel()
	c := change("a.json", 0)
	c.Why, c.Warning = []string{"tool lookup_order: description changed at a.yaml:10"}, "the replay at HEAD does not read this recording"
	c.Secrets = []string{"[aws-access-key-id AKIA…] at response.text"}
	for _, ro := range []bool{false, true} {
		c.ReadOnly = ro
		got := ansi.Strip(newPane(100, 30).SetChange(c).View())
		for _, want := range []string{"Why it changed\n   ⚠ the replay at HEAD does not read this recording\n   • tool lookup_order: description changed at a.yaml:10", "⚠ Adds 1 secret"} {
			if !strings.Contains(strings.ReplaceAll(got, " \n", "\n"), want) {
				t.Errorf("read-only %v: the pane lacks %q:\n%s", ro, want, got)
			}
		}
		if asks := strings.Contains(got, "a asks before staging"); asks == ro {
			t.Errorf("read-only %v: the pane offers a: %v\n%s", ro, asks, got)
		}
	}
}
