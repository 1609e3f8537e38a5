package detail

import "charm.land/bubbles/v2/key"

// KeyMap is the detail pane's keys. A page whose detail has no tabs (the
// review's) binds only the scrolling keys; the others stay unbound.
type KeyMap struct {
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Top, Bottom key.Binding
	Tabs, NextTab, PrevTab, Reveal                            key.Binding
	// Jump goes to the turn where the case misses (Diff tab, a turn
	// replay never reaches).
	Jump key.Binding
	// Wrap switches wrapping long lines off and on; Left and Right scroll
	// sideways while it is off.
	Wrap, Left, Right key.Binding
	// Search, NextMatch and PrevMatch search the pane's text.
	Search, NextMatch, PrevMatch key.Binding
	// Fold folds or unfolds the JSON value under the cursor (Raw tab);
	// FoldAll folds every value below the top level, or unfolds all.
	Fold, FoldAll key.Binding
	// CopyValue and CopyPath copy the value under the cursor and its JSON
	// path (Raw tab).
	CopyValue, CopyPath key.Binding
	// Pager opens the tab's text in $PAGER.
	Pager key.Binding
}

// DefaultKeyMap returns the detail keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:    key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown:  key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		HalfUp:    key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "half a page up")),
		HalfDown:  key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "half a page down")),
		Top:       key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:    key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		Tabs:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "tabs")),
		NextTab:   key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next tab")),
		PrevTab:   key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous tab")),
		Reveal:    key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reveal")),
		Jump:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go to the miss")),
		Wrap:      key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "wrap on/off")),
		Left:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "scroll left")),
		Right:     key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "scroll right")),
		Search:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		NextMatch: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		PrevMatch: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Fold:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "fold/unfold")),
		FoldAll:   key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "fold/unfold all")),
		CopyValue: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy value")),
		CopyPath:  key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy JSON path")),
		Pager:     key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "open in $PAGER")),
	}
}

// Bindings lists the keys in help order.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Tabs, k.NextTab, k.PrevTab, k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom,
		k.Reveal, k.Jump, k.Wrap, k.Left, k.Right, k.Search, k.NextMatch, k.PrevMatch, k.Pager}
}

// RawBindings are the keys of the Raw tab's cursor, in help order.
func (k KeyMap) RawBindings() []key.Binding {
	return []key.Binding{k.Fold, k.FoldAll, k.CopyValue, k.CopyPath}
}

// ShortHelp implements help.KeyMap of bubbles.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Down, k.Tabs} }

// FullHelp implements help.KeyMap of bubbles.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.Bindings(), k.RawBindings()} }
