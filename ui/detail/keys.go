package detail

import "charm.land/bubbles/v2/key"

// KeyMap is the detail pane's keys. A page whose detail has no tabs leaves
// Tabs, NextTab, PrevTab and Reveal unbound.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Tabs, NextTab, PrevTab, Reveal          key.Binding
}

// DefaultKeyMap returns the detail keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		Tabs:     key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "tabs")),
		NextTab:  key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next tab")),
		PrevTab:  key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous tab")),
		Reveal:   key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reveal")),
	}
}

// Bindings lists the keys in help order.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Tabs, k.NextTab, k.PrevTab, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Reveal}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Down, k.Tabs} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.Bindings()} }
