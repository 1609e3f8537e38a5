package uitest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// PressKey is the key press a terminal sends for s, spelled as key.Matches
// spells keys ("enter", "ctrl+c", "j").
func PressKey(s string) tea.KeyPressMsg {

	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	}
	if c, ok := strings.CutPrefix(s, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: []rune(c)[0], Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// Run executes cmd synchronously, as the program would, and gives update
// each message it returns for which back is true (the others talk to the
// terminal: quit, the clipboard, exec); the Cmds of a batch run in order.
func Run[M any](m M, cmd tea.Cmd, update func(M, tea.Msg) (M, tea.Cmd), back func(tea.Msg) bool) M {
	if cmd == nil {
		return m
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			m = Run(m, c, update, back)
		}
		return m
	}
	if !back(msg) {
		return m
	}
	m, cmd = update(m, msg)
	return Run(m, cmd, update, back)
}
