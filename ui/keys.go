package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// KeyMap is the one keymap of the browser: it drives dispatch, the footer,
// the ? overlay and the key table in the README (TestREADMEKeyTable).
type KeyMap struct {
	Quit, Help, Focus, Open, Filter, Clear, StatusFilter key.Binding
	Prune, Edit, Copy, CopyKey, Rescan                   key.Binding
	Confirm, Cancel                                      key.Binding
	Tree                                                 tree.KeyMap
	Detail                                               detail.KeyMap
}

// DefaultKeyMap returns the keys of DESIGN.md.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:         key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:         key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Focus:        key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "pane")),
		Open:         key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Filter:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Clear:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		StatusFilter: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "status")),
		Prune:        key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "prune")),
		Edit:         key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Copy:         key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy path")),
		CopyKey:      key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy key")),
		Rescan:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rescan")),
		Confirm:      key.NewBinding(key.WithKeys("y", "enter"), key.WithHelp("y/enter", "confirm")),
		Cancel:       key.NewBinding(key.WithKeys("n", "esc", "q"), key.WithHelp("n/esc", "cancel")),
		Tree:         tree.DefaultKeyMap(),
		Detail:       detail.DefaultKeyMap(),
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
		{"Tree", k.Tree.Bindings()},
		{"Detail", append([]key.Binding{k.Focus, k.Open}, k.Detail.Bindings()...)},
		{"Actions", []key.Binding{k.Filter, k.Clear, k.StatusFilter, k.Prune, k.Edit, k.Copy, k.CopyKey, k.Rescan}},
		{"General", []key.Binding{k.Help, k.Quit}},
		{"Confirm dialog", []key.Binding{k.Confirm, k.Cancel}},
	}
}

// enabled keeps the bindings that are enabled and have help text.
func enabled(bs ...key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Enabled() && b.Help().Key != "" {
			out = append(out, b)
		}
	}
	return out
}
