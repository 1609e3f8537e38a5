package page

import (
	"charm.land/bubbles/v2/key"
)

// KeyMap holds the keys every page has, with the same meaning on each.
type KeyMap struct {
	Quit, Help, Focus, Open key.Binding
	// Interrupt quits whatever the page is doing, even while a filter is
	// typed; Quit's help names it.
	Interrupt key.Binding
}

// DefaultKeyMap returns the keys every page shares.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Focus:     key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "pane")),
		Open:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Interrupt: key.NewBinding(key.WithKeys("ctrl+c")),
	}
}

// Enabled keeps the bindings that are enabled and have help text.
func Enabled(bs ...key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Enabled() && b.Help().Key != "" {
			out = append(out, b)
		}
	}
	return out
}

// Summary is a key line entry for several bindings at once ("↑↓ move").
func Summary(keys, desc string, bs ...key.Binding) key.Binding {
	var ks []string
	for _, b := range bs {
		ks = append(ks, b.Keys()...)
	}
	return key.NewBinding(key.WithKeys(ks...), key.WithHelp(keys, desc))
}

// Press is a key press of a binding's first key, to test which binding a
// key line entry is.
func Press(b key.Binding) KeyString {
	if len(b.Keys()) == 0 {
		return ""
	}
	return KeyString(b.Keys()[0])
}

// KeyString is a key name that key.Matches accepts.
type KeyString string

func (k KeyString) String() string { return string(k) }
