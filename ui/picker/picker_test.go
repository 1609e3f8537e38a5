package picker

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

func open(c Content) Model {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 12)
	return m.Open(7, c)
}

func keys(t *testing.T, m Model, ks ...string) (Model, tea.Msg) {
	t.Helper()
	var msg tea.Msg
	for _, k := range ks {
		var cmd tea.Cmd
		m, cmd = m.Update(press(k))
		if cmd != nil {
			msg = cmd()
		}
	}
	return m, msg
}

var rows = []Row{
	{Text: "Heading"},
	{ID: "a", Text: "check everything"},
	{ID: "b", Text: "replay one case"},
	{},
	{ID: "c", Text: "doctor --fix"},
}

func TestPickSkipsHeadings(t *testing.T) {
	t.Parallel()
	m := open(Content{Title: "T", Rows: rows})
	if m.Selected() != "a" {
		t.Fatalf("cursor starts on %q, want the first row that can be picked", m.Selected())
	}
	m, msg := keys(t, m, "j", "j", "j", "enter")
	if got, ok := msg.(PickedMsg); !ok || got != (PickedMsg{ID: 7, Row: "c"}) {
		t.Errorf("picked %#v", msg)
	}
	if m.Visible() {
		t.Error("the picker stays open after answering")
	}
}

func TestAltAndClose(t *testing.T) {
	t.Parallel()
	m := open(Content{Rows: rows, AltHelp: "show only"})
	_, msg := keys(t, m, "s")
	if got, ok := msg.(PickedMsg); !ok || !got.Alt || got.Row != "a" {
		t.Errorf("s: %#v", msg)
	}
	_, msg = keys(t, open(Content{Rows: rows}), "s", "esc")
	if _, ok := msg.(ClosedMsg); !ok {
		t.Errorf("esc: %#v (s without an alternative must do nothing)", msg)
	}
}

func TestTypingNarrows(t *testing.T) {
	t.Parallel()
	m := open(Content{Title: "Commands", Rows: rows, Typing: true, Prompt: ":", Empty: "no such command"})
	m, _ = keys(t, m, "r", "e", "p")
	if m.Selected() != "b" {
		t.Errorf("typing 'rep' selects %q", m.Selected())
	}
	view := ansi.Strip(m.View())
	if !strings.Contains(view, ":rep") || strings.Contains(view, "doctor") || strings.Contains(view, "Heading") {
		t.Errorf("typing 'rep' shows:\n%s", view)
	}
	// j and q are letters while typing.
	m, _ = keys(t, m, "backspace", "backspace", "backspace", "q")
	if !m.Visible() || m.Typed() != "q" || m.Selected() != "" {
		t.Errorf("typed %q, selected %q, visible %v", m.Typed(), m.Selected(), m.Visible())
	}
	if !strings.Contains(ansi.Strip(m.View()), "no such command") {
		t.Error("no match is not said")
	}
	if _, msg := keys(t, m, "enter"); msg != nil {
		t.Errorf("enter with nothing to pick answered %#v", msg)
	}
}

func TestLongListScrollsToTheCursor(t *testing.T) {
	t.Parallel()
	var many []Row
	for i := range 40 {
		many = append(many, Row{ID: string(rune('A' + i)), Text: "row " + string(rune('A'+i))})
	}
	m := open(Content{Rows: many})
	for range 30 {
		m, _ = keys(t, m, "down")
	}
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "▸ row "+string(rune('A'+30))) {
		t.Errorf("the cursor's row is not on screen:\n%s", view)
	}
	for i, l := range strings.Split(view, "\n") {
		if ansi.StringWidth(l) > 60 {
			t.Errorf("line %d is %d wide", i, ansi.StringWidth(l))
		}
	}
}

// TestTheRowUnderTheCursorIsShownWhole: a row too long for the box is cut
// with "…", except under the cursor, where it wraps under its own
// description column.
func TestTheRowUnderTheCursorIsShownWhole(t *testing.T) {
	t.Parallel()
	long := "secret       in 1 recording(s): redact it or accept it in the baseline, then commit the baseline"
	m := open(Content{Title: "T", Rows: []Row{{ID: "a", Text: long, Indent: 13}, {ID: "b", Text: long, Indent: 13}}})
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "│ ▸ secret       in 1 recording(s): redact it or accept it │") ||
		!strings.Contains(view, "│                in the baseline, then commit the baseline │") {
		t.Errorf("the row under the cursor is not shown whole:\n%s", view)
	}
	if strings.Count(view, "…") != 1 {
		t.Errorf("the other row is not cut:\n%s", view)
	}
}

func TestHanging(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		s         string
		w, indent int
		want      []string
	}{
		"fits":               {"a  b", 10, 2, []string{"a  b"}},
		"columns kept":       {"ab    cd ef gh", 12, 6, []string{"ab    cd ef", "      gh"}},
		"a long word cut":    {"ab abcdefghijkl", 8, 2, []string{"ab", "  abcde…"}},
		"indent at most w/2": {"aaaa bbbb cccc", 9, 20, []string{"aaaa bbbb", "    cccc"}},
	}
	for name, tc := range tests {
		if got := hanging(tc.s, tc.w, tc.indent); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}
