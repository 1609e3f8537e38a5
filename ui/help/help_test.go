package help

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func bind(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}

func TestShortView(t *testing.T) {
	t.Parallel()
	long, short, act := bind("e", "a long description"), bind("r", "re"), bind("a", "act")
	tail := []key.Binding{bind("?", "help")}
	essential := func(b key.Binding) bool { return b.Help().Key == "a" }
	tests := map[string]struct {
		width int
		line  Line
		want  string
	}{
		"everything fits": {80, Line{Keys: []key.Binding{long, short}, Tail: tail},
			"e a long description · r re · ? help"},
		"ranked: the first that does not fit ends the line": {30, Line{Keys: []key.Binding{short, long, act}, Tail: tail},
			"r re · ? help"},
		"fill: a later, shorter key takes the room": {30, Line{Keys: []key.Binding{short, long, act}, Tail: tail, Fill: true},
			"r re · a act · ? help"},
		"essential keys are chosen first, shown in place": {22, Line{Keys: []key.Binding{short, long, act}, Tail: tail, Essential: essential},
			"r re · a act · ? help"},
		"the tail always stays": {12, Line{Keys: []key.Binding{short}, Tail: tail}, "? help"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := New(theme.New(true), DefaultKeyMap())
			m.SetSize(tc.width, 10)
			got := ansi.Strip(m.ShortView(tc.line))
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if ansi.StringWidth(got) > tc.width {
				t.Errorf("%d wide, room %d", ansi.StringWidth(got), tc.width)
			}
		})
	}
}

func TestOverlay(t *testing.T) {
	t.Parallel()
	off := bind("x", "disabled one")
	off.SetEnabled(false)
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(80, 20)
	m = m.Show("Keys", []Group{
		{Title: "Move", Bindings: []key.Binding{bind("j", "down"), off}},
		{Title: "Nothing", Bindings: []key.Binding{off}},
	}, [][]string{{"● live"}})
	view := ansi.Strip(m.View())
	for _, want := range []string{"Keys", "Move", "j        down", "● live", "? or esc closes"} {
		if !strings.Contains(view, want) {
			t.Errorf("overlay lacks %q:\n%s", want, view)
		}
	}
	for _, not := range []string{"disabled one", "Nothing"} {
		if strings.Contains(view, not) {
			t.Errorf("overlay shows %q, which does not apply:\n%s", not, view)
		}
	}
	if n := len(strings.Split(view, "\n")); n != 20 {
		t.Errorf("overlay is %d rows, want 20", n)
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	if !m.Visible() {
		t.Fatal("j closed the overlay")
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.Visible() {
		t.Error("esc did not close the overlay")
	}
}

// TestLegendEntriesAreNeverCut: the legend's entries are packed into the
// box's width, each whole on one line.
func TestLegendEntriesAreNeverCut(t *testing.T) {
	t.Parallel()
	entries := []string{"Recordings:", "● live, ok", "◐ stale", "◑ stale schema_version", "○ superseded", "◌ orphaned case/suite",
		"◆ in use", "▣ protected", "⊠ invalid", "≠ key mismatch", "! error entry", "∅ empty tape"}
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 40)
	m = m.Show("Keys", []Group{{Title: "Move", Bindings: []key.Binding{bind("j", "down")}}}, [][]string{entries, {"Cases:", "✓ passed"}})
	view := ansi.Strip(m.View())
	for _, e := range entries[1:] {
		if !strings.Contains(view, e) {
			t.Errorf("the legend cuts %q:\n%s", e, view)
		}
	}
	if !strings.Contains(view, "Cases: ✓ passed") {
		t.Errorf("the second legend line does not start a line of its own:\n%s", view)
	}
}
