package list

import "charm.land/bubbles/v2/key"

// KeyMap is the list's keys.
type KeyMap struct {
	Up, Down, Top, Bottom, PageUp, PageDown, HalfUp, HalfDown key.Binding
}

// DefaultKeyMap returns the list keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
		Top:      b([]string{"g", "home"}, "g", "first"),
		Bottom:   b([]string{"G", "end"}, "G", "last"),
		PageUp:   b([]string{"pgup"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown"}, "pgdn", "page down"),
		HalfUp:   b([]string{"ctrl+u"}, "ctrl+u", "half a page up"),
		HalfDown: b([]string{"ctrl+d"}, "ctrl+d", "half a page down"),
	}
}

// Bindings lists the keys in help order.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.Bindings()} }
