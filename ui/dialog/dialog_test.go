package dialog

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func open(lines int, canConfirm bool) Model {
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 12)
	body := make([]string, lines)
	for i := range body {
		body[i] = fmt.Sprintf("file %d", i)
	}
	return m.Open(7, Content{Title: "Remove?", Lines: body, CanConfirm: canConfirm})
}

// runCmd runs the Cmd an Update returned; nil when there is none.
func runCmd(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		key        string
		canConfirm bool
		want       tea.Msg
		stays      bool
	}{
		"y confirms":                     {"y", true, ConfirmedMsg{ID: 7}, false},
		"enter confirms":                 {"enter", true, ConfirmedMsg{ID: 7}, false},
		"n cancels":                      {"n", true, CancelledMsg{ID: 7}, false},
		"esc cancels":                    {"esc", true, CancelledMsg{ID: 7}, false},
		"y does nothing with no action":  {"y", false, nil, true},
		"esc closes a dialog that tells": {"esc", false, CancelledMsg{ID: 7}, false},
		"another key does nothing":       {"x", true, nil, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, cmd := open(3, tc.canConfirm).Update(press(tc.key))
			if got := runCmd(cmd); got != tc.want {
				t.Errorf("answer %#v, want %#v", got, tc.want)
			}
			if m.Visible() != tc.stays {
				t.Errorf("visible %v, want %v", m.Visible(), tc.stays)
			}
		})
	}
}

func TestAnswersOnce(t *testing.T) {
	t.Parallel()
	m, _ := open(3, true).Update(press("y"))
	if m, cmd := m.Update(press("y")); cmd != nil || m.Visible() {
		t.Errorf("a closed dialog answered again")
	}
	if m.View() != "" {
		t.Errorf("a closed dialog draws %q", m.View())
	}
}

func TestScrolls(t *testing.T) {
	t.Parallel()
	m := open(20, true)
	if m.MaxOffset() == 0 {
		t.Fatal("20 lines fit in a 60×12 box")
	}
	if help := m.ShortHelp(); len(help) != 3 || help[0].Help().Desc != "scroll" {
		t.Errorf("key line of a long dialog: %v", help)
	}
	if !strings.Contains(ansi.Strip(m.View()), "more · ↑↓ scroll · y/enter confirm · n/esc cancel") {
		t.Errorf("no more-indicator:\n%s", ansi.Strip(m.View()))
	}
	for range 30 {
		m, _ = m.Update(press("j"))
	}
	if m.Offset() != m.MaxOffset() {
		t.Errorf("offset %d after scrolling past the end, want %d", m.Offset(), m.MaxOffset())
	}
	m, _ = m.Update(press("k"))
	if m.Offset() != m.MaxOffset()-1 {
		t.Errorf("one k back from the end: offset %d", m.Offset())
	}
	if short := open(3, true); len(short.ShortHelp()) != 2 {
		t.Errorf("a dialog that fits offers scrolling: %v", short.ShortHelp())
	}
}

func TestFitsItsRoom(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 40} {
		lines := strings.Split(open(n, n > 1).View(), "\n")
		if len(lines) != 12 {
			t.Errorf("%d lines: the box takes %d rows, want 12", n, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > 60 {
				t.Errorf("%d lines: row %d is %d wide", n, i, w)
			}
		}
	}
}

// TestBoxSaysWhatTheKeyLineSays: the box's own footer and the key line
// name the same keys with the same words: a dialog that only informs
// closes, one that asks confirms or cancels.
func TestBoxSaysWhatTheKeyLineSays(t *testing.T) {
	t.Parallel()
	for _, canConfirm := range []bool{true, false} {
		m := open(2, canConfirm)
		view := ansi.Strip(m.View())
		for _, b := range m.ShortHelp() {
			if want := b.Help().Key + " " + b.Help().Desc; !strings.Contains(view, want) {
				t.Errorf("canConfirm %v: the key line says %q, the box does not:\n%s", canConfirm, want, view)
			}
		}
		if !canConfirm && strings.Contains(view, "cancel") {
			t.Errorf("a dialog that only informs says cancel:\n%s", view)
		}
	}
}

// TestRewrapsWhenTheBoxChangesWidth: the body is wrapped once for the
// box's width, and again when the room changes: a line too wide for a
// narrow box takes two rows, and one row once the room is wide enough;
// a dialog opened before its size is known wraps when it gets one.
func TestRewrapsWhenTheBoxChangesWidth(t *testing.T) {
	long := strings.Repeat("word ", 16) + "end" // 83 cells
	rowsOf := func(m Model) int {
		n := 0
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "word") || strings.Contains(l, "end") {
				n++
			}
		}
		return n
	}
	m := New(theme.New(true), DefaultKeyMap())
	m = m.Open(1, Content{Title: "Report", Lines: []string{long}})
	m.SetSize(60, 12)
	if n := rowsOf(m); n != 2 {
		t.Errorf("at 60 columns the line takes %d rows, want 2:\n%s", n, ansi.Strip(m.View()))
	}
	m.SetSize(140, 12)
	if n := rowsOf(m); n != 1 {
		t.Errorf("at 140 columns the line takes %d rows, want 1:\n%s", n, ansi.Strip(m.View()))
	}
	m.SetSize(60, 12)
	m.SetStyles(theme.New(false))
	if n := rowsOf(m); n != 2 {
		t.Errorf("back at 60 columns, new styles, the line takes %d rows, want 2:\n%s", n, ansi.Strip(m.View()))
	}
}
