package review

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
)

// KeyMap is every key of the review screen.
type KeyMap struct {
	Up, Down, Top, Bottom, PageUp, PageDown key.Binding
	Open, Focus, Back                       key.Binding
	Accept, Reject, Skip                    key.Binding
	AcceptAll, RejectAll, Undo, Reload      key.Binding
	Help, Quit                              key.Binding
	Confirm, Cancel                         key.Binding
}

// DefaultKeyMap returns the review keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Up:        b([]string{"up", "k"}, "↑/k", "up"),
		Down:      b([]string{"down", "j"}, "↓/j", "down"),
		Top:       b([]string{"g", "home"}, "g", "first"),
		Bottom:    b([]string{"G", "end"}, "G", "last"),
		PageUp:    b([]string{"pgup"}, "pgup", "page up"),
		PageDown:  b([]string{"pgdown"}, "pgdn", "page down"),
		Open:      b([]string{"enter"}, "enter", "open"),
		Focus:     b([]string{"tab", "shift+tab"}, "tab", "pane"),
		Back:      b([]string{"esc"}, "esc", "back"),
		Accept:    b([]string{"a"}, "a", "accept"),
		Reject:    b([]string{"x"}, "x", "reject"),
		Skip:      b([]string{"s"}, "s", "skip"),
		AcceptAll: b([]string{"A"}, "A", "accept all"),
		RejectAll: b([]string{"X"}, "X", "reject all"),
		Undo:      b([]string{"u"}, "u", "undo"),
		Reload:    b([]string{"r"}, "r", "reload"),
		Help:      b([]string{"?"}, "?", "help"),
		Quit:      b([]string{"q", "ctrl+c"}, "q", "quit"),
		Confirm:   b([]string{"y", "enter"}, "y/enter", "confirm"),
		Cancel:    b([]string{"n", "esc", "q"}, "n/esc", "cancel"),
	}
}

// KeyGroup is a titled list of bindings for the help overlay and the docs.
type KeyGroup struct {
	Title    string
	Bindings []key.Binding
}

// Groups returns every binding, grouped, in help order.
func (k KeyMap) Groups() []KeyGroup {
	return []KeyGroup{
		{"Move", []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Focus, k.Back}},
		{"Review", []key.Binding{k.Accept, k.Reject, k.Skip, k.AcceptAll, k.RejectAll, k.Undo, k.Reload}},
		{"General", []key.Binding{k.Help, k.Quit}},
		{"Confirm dialog", []key.Binding{k.Confirm, k.Cancel}},
	}
}

// Long help texts for the docs, where the footer's short words are not
// enough.
var docDesc = map[string]string{
	"accept":     "accept: stage the change (`git add`)",
	"reject":     "reject: restore the committed version; a file git has no copy of is removed after a confirmation",
	"skip":       "skip: leave the change as it is and move on",
	"accept all": "accept every change not yet decided (asks first, listing the files)",
	"reject all": "reject every change not yet decided (asks first, listing the files)",
	"undo":       "undo the last action of this session (a whole A or X at once)",
	"reload":     "read `git status` again (decisions kept, undo history cleared)",
	"open":       "move into the detail pane (full screen on narrow terminals)",
}

// KeyTable renders the keymap as a Markdown table for the README (kept
// current by TestREADMEReviewKeys).
func KeyTable() string {
	var b strings.Builder
	b.WriteString("| where | key | does |\n|---|---|---|\n")
	for _, g := range DefaultKeyMap().Groups() {
		for _, k := range g.Bindings {
			keys := make([]string, len(k.Keys()))
			for i, s := range k.Keys() {
				keys[i] = "`" + s + "`"
			}
			desc := k.Help().Desc
			if d, ok := docDesc[desc]; ok {
				desc = d
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", g.Title, strings.Join(keys, " "), desc)
		}
	}
	return b.String()
}

// enabled keeps the bindings that are enabled.
func enabled(bs ...key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}
