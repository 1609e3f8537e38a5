package detail

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// hScroll is how far ← and → move sideways.
const hScroll = 8

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	k.Reveal.SetEnabled(m.canReveal())
	if m.hasChange {
		for _, b := range []*key.Binding{&k.Tabs, &k.NextTab, &k.PrevTab, &k.Jump, &k.Wrap, &k.Search, &k.Pager} {
			b.SetEnabled(false)
		}
	}
	raw := m.focused && m.inRaw()
	scroll := m.focused && (len(m.rows) > m.bodyHeight() || raw)
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.HalfUp, &k.HalfDown, &k.Top, &k.Bottom} {
		b.SetEnabled(scroll)
	}
	if raw {
		k.Up.SetHelp(k.Up.Help().Key, "cursor up")
		k.Down.SetHelp(k.Down.Help().Key, "cursor down")
	}
	k.Jump.SetEnabled(m.has && m.tab == TabDiff && m.data.Diff != nil && m.data.Diff.Miss != nil && m.data.Diff.Miss.ID != "")
	k.Wrap.SetEnabled(m.has)
	if m.nowrap {
		k.Wrap.SetHelp(k.Wrap.Help().Key, "wrap lines")
	} else {
		k.Wrap.SetHelp(k.Wrap.Help().Key, "no wrap")
	}
	k.Left.SetEnabled(m.focused && m.nowrap && m.xoff > 0)
	k.Right.SetEnabled(m.focused && m.nowrap && m.wide > m.xoff+m.width)
	k.Search.SetEnabled(m.focused && m.has)
	searching := m.focused && m.search.query != ""
	k.NextMatch.SetEnabled(searching)
	k.PrevMatch.SetEnabled(searching)
	node, onNode := m.cursorNode()
	k.Fold.SetEnabled(raw && onNode && node.v != nil && (foldable(*node.v) || m.raw.folded[node.path]))
	k.FoldAll.SetEnabled(raw)
	k.CopyValue.SetEnabled(raw && onNode)
	k.CopyPath.SetEnabled(raw && onNode && node.path != "")
	k.Pager.SetEnabled(m.has)
	return k
}

// ShortHelp implements help.KeyMap of bubbles: the keys that apply now.
func (m Model) ShortHelp() []key.Binding { return m.Keys().ShortHelp() }

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Update handles the keys that work whatever has focus (tabs, reveal, wrap)
// and, when focused, scrolling, the Raw tab's cursor and folds, and going
// through the matches of a search. Copying, the pager, the jump and
// typing a search are the page's: it reads the pane's state.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	keys := m.Keys()
	switch {
	case m.hasChange && key.Matches(k, m.keys.Tabs, m.keys.NextTab, m.keys.PrevTab):
		// A review change has no tabs.
	case key.Matches(k, keys.Tabs):
		m = m.SetTab(Tab(k.String()[0] - '1'))
	case key.Matches(k, keys.NextTab):
		m = m.SetTab((m.tab + 1) % Tab(len(Tabs)))
	case key.Matches(k, keys.PrevTab):
		m = m.SetTab((m.tab + Tab(len(Tabs)) - 1) % Tab(len(Tabs)))
	case key.Matches(k, keys.Reveal):
		m.reveal = !m.reveal
		m.refresh()
	case key.Matches(k, keys.Wrap):
		m.nowrap, m.xoff = !m.nowrap, 0
		m.refresh()
	case key.Matches(k, keys.Left):
		m.xoff = max(m.xoff-hScroll, 0)
	case key.Matches(k, keys.Right):
		m.xoff = min(m.xoff+hScroll, max(m.wide-m.width, 0))
	case key.Matches(k, keys.NextMatch):
		m, _ = m.NextMatch(1)
	case key.Matches(k, keys.PrevMatch):
		m, _ = m.NextMatch(-1)
	case key.Matches(k, keys.Fold):
		m.toggleFold()
	case key.Matches(k, keys.FoldAll):
		m.toggleFoldAll()
	case m.focused && m.inRaw():
		m.updateCursor(k, keys)
	case m.focused:
		m.updateScroll(k, keys)
	}
	return m, nil
}

// updateScroll scrolls the body.
func (m *Model) updateScroll(k tea.KeyPressMsg, keys KeyMap) {
	switch {
	case key.Matches(k, keys.Up):
		m.ScrollBy(-1)
	case key.Matches(k, keys.Down):
		m.ScrollBy(1)
	case key.Matches(k, keys.PageUp):
		m.ScrollBy(-m.bodyHeight())
	case key.Matches(k, keys.PageDown):
		m.ScrollBy(m.bodyHeight())
	case key.Matches(k, keys.HalfUp):
		m.ScrollBy(-max(m.bodyHeight()/2, 1))
	case key.Matches(k, keys.HalfDown):
		m.ScrollBy(max(m.bodyHeight()/2, 1))
	case key.Matches(k, keys.Top):
		m.offset = 0
	case key.Matches(k, keys.Bottom):
		m.ScrollBy(1 << 30)
	}
}

// updateCursor moves the Raw tab's cursor.
func (m *Model) updateCursor(k tea.KeyPressMsg, keys KeyMap) {
	switch {
	case key.Matches(k, keys.Up):
		m.moveCursor(-1)
	case key.Matches(k, keys.Down):
		m.moveCursor(1)
	case key.Matches(k, keys.PageUp):
		m.moveCursor(-m.bodyHeight())
	case key.Matches(k, keys.PageDown):
		m.moveCursor(m.bodyHeight())
	case key.Matches(k, keys.HalfUp):
		m.moveCursor(-max(m.bodyHeight()/2, 1))
	case key.Matches(k, keys.HalfDown):
		m.moveCursor(max(m.bodyHeight()/2, 1))
	case key.Matches(k, keys.Top):
		m.moveCursor(-1 << 30)
	case key.Matches(k, keys.Bottom):
		m.moveCursor(1 << 30)
	}
}
