package tree

import "charm.land/bubbles/v2/key"

// KeyMap is the tree's keys.
type KeyMap struct {
	Up, Down, Collapse, Expand, Top, Bottom, PageUp, PageDown, HalfUp, HalfDown, Mark key.Binding
}

// DefaultKeyMap returns the tree's keys, as docs/keys.md lists them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "move up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "move down")),
		Collapse: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "collapse")),
		Expand:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "expand")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "first row")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "last row")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		HalfUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "half a page up")),
		HalfDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "half a page down")),
		Mark:     key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "mark")),
	}
}

// Bindings lists the keys in help order.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Collapse, k.Expand, k.Top, k.Bottom, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Mark}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.Mark} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.Bindings()} }
