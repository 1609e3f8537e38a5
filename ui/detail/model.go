package detail

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// headerRows is the title line, the reason line and the tab bar.
const headerRows = 3

// TabBarRow is the row of the tab bar inside the pane (for mouse clicks).
const TabBarRow = 2

// Model is the detail pane.
type Model struct {
	styles  *theme.Styles
	keys    KeyMap
	data    Data
	has     bool
	loading bool
	empty   []string // what to show with no recording selected
	tab     Tab
	reveal  bool
	width   int
	height  int
	offset  int
	focused bool
	cache   []string // wrapped lines of the current tab

	change    FileChange // the review change shown, when hasChange
	hasChange bool
}

// New returns an empty pane.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys}
}

// SetSize sets the pane size in cells.
func (m *Model) SetSize(w, h int) {
	if w != m.width {
		m.width = w
		m.cache = nil
	}
	m.height = h
	m.refresh()
}

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles, m.cache = &s, nil; m.refresh() }

// Focus gives the pane the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused = false }

// SetData shows a recording. Data for the same recording keeps the tab and
// the scroll position (a re-read after an edit); another one scrolls to top.
func (m Model) SetData(d Data) Model {
	if !m.has || m.data.ID != d.ID {
		m.offset, m.reveal = 0, false
	}
	m.data, m.has, m.loading, m.cache = d, true, false, nil
	m.change, m.hasChange = FileChange{}, false
	m.refresh()
	return m
}

// SetLoading shows that a recording is being read, keeping the old one
// visible until the new one arrives.
func (m Model) SetLoading(id, title string) Model {
	m.loading = true
	m.change, m.hasChange = FileChange{}, false
	if !m.has || m.data.ID != id {
		m.data = Data{ID: id, Title: title}
		m.has, m.cache, m.offset = false, nil, 0
	}
	m.refresh()
	return m
}

// Clear shows lines instead of a recording (a group is selected, or nothing).
func (m Model) Clear(lines []string) Model {
	m.has, m.loading, m.empty, m.cache, m.offset = false, false, lines, nil, 0
	m.data = Data{}
	m.change, m.hasChange = FileChange{}, false
	m.refresh()
	return m
}

// SetChange shows a change of the review, with no title or tabs. The same
// change again (its state moved on) keeps the scroll position; another one
// starts at the top.
func (m Model) SetChange(c FileChange) Model {
	if !m.hasChange || m.change.ID != c.ID {
		m.offset, m.reveal = 0, false
	}
	m.change, m.hasChange = c, true
	m.data, m.has, m.loading, m.empty, m.cache = Data{}, false, false, nil, nil
	m.refresh()
	return m
}

// Change returns the review change shown, if any.
func (m Model) Change() (FileChange, bool) { return m.change, m.hasChange }

// Data returns the recording shown, if any.
func (m Model) Data() (Data, bool) { return m.data, m.has }

// Tab is the active tab.
func (m Model) Tab() Tab { return m.tab }

// SetTab switches tab.
func (m Model) SetTab(t Tab) Model {
	if t != m.tab {
		m.tab, m.offset, m.cache = t, 0, nil
	}
	m.refresh()
	return m
}

// Revealed reports whether secrets are shown in clear.
func (m Model) Revealed() bool { return m.reveal }

// canReveal reports whether something is masked that the reveal key shows:
// a recording's secrets, or the secrets of a review change.
func (m Model) canReveal() bool {
	if m.hasChange {
		return m.change.Masked
	}
	return m.has && (len(m.data.Secrets) > 0 || m.data.Masks > 0)
}

// Keys returns the keymap with the bindings that apply now enabled.
func (m Model) Keys() KeyMap {
	k := m.keys
	k.Reveal.SetEnabled(m.canReveal())
	if m.hasChange {
		k.Tabs.SetEnabled(false)
		k.NextTab.SetEnabled(false)
		k.PrevTab.SetEnabled(false)
	}
	scroll := m.focused && len(m.body()) > m.bodyHeight()
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom} {
		b.SetEnabled(scroll)
	}
	return k
}

// ShortHelp implements help.KeyMap of bubbles: the keys that apply now.
func (m Model) ShortHelp() []key.Binding { return m.Keys().ShortHelp() }

// FullHelp implements help.KeyMap of bubbles.
func (m Model) FullHelp() [][]key.Binding { return m.Keys().FullHelp() }

// Update handles the keys that work whatever has focus (tabs, reveal) and,
// when focused, scrolling.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	switch {
	case m.hasChange && key.Matches(k, m.keys.Tabs, m.keys.NextTab, m.keys.PrevTab):
		// A review change has no tabs.
	case key.Matches(k, m.keys.Tabs):
		m = m.SetTab(Tab(k.String()[0] - '1'))
	case key.Matches(k, m.keys.NextTab):
		m = m.SetTab((m.tab + 1) % Tab(len(Tabs)))
	case key.Matches(k, m.keys.PrevTab):
		m = m.SetTab((m.tab + Tab(len(Tabs)) - 1) % Tab(len(Tabs)))
	case key.Matches(k, m.keys.Reveal) && m.canReveal():
		m.reveal, m.cache = !m.reveal, nil
		m.refresh()
	case !m.focused:
	case key.Matches(k, m.keys.Up):
		m.ScrollBy(-1)
	case key.Matches(k, m.keys.Down):
		m.ScrollBy(1)
	case key.Matches(k, m.keys.PageUp):
		m.ScrollBy(-m.bodyHeight())
	case key.Matches(k, m.keys.PageDown):
		m.ScrollBy(m.bodyHeight())
	case key.Matches(k, m.keys.Top):
		m.offset = 0
	case key.Matches(k, m.keys.Bottom):
		m.ScrollBy(1 << 30)
	}
	return m, nil
}

// ScrollBy scrolls the body by d lines.
func (m *Model) ScrollBy(d int) {
	m.offset += d
	m.clamp()
}

// Offset is the first body line shown.
func (m Model) Offset() int { return m.offset }

// refresh recomputes the wrapped lines after a change, so View never does.
func (m *Model) refresh() {
	m.cache = nil
	m.cache = m.wrapped()
	m.clamp()
}

func (m *Model) clamp() {
	n := len(m.cache)
	m.offset = max(0, min(m.offset, n-m.bodyHeight()))
}

// bodyHeight is the rows the body scrolls in: below the title, reason and
// tab bar of a recording; the whole pane for a review change.
func (m Model) bodyHeight() int {
	if m.hasChange {
		return max(m.height, 1)
	}
	return max(m.height-headerRows, 1)
}

// pad is the left padding of a review change's lines (Styles.Detail.Change).
func (m Model) pad() string {
	if !m.hasChange {
		return ""
	}
	return strings.Repeat(" ", m.styles.Detail.Change.GetHorizontalFrameSize())
}

func (m Model) body() []string { return m.cache }

// wrapped renders the current tab and wraps it to the pane width.
func (m Model) wrapped() []string {
	var logical []string
	switch {
	case m.hasChange:
		return changeLines(m.change, m.styles, m.width-len(m.pad()), m.reveal)
	case m.has:
		logical = lines(m.data, m.tab, m.styles, m.reveal)
	case m.loading:
		logical = []string{m.styles.Muted.Render("Reading…")}
	default:
		logical = m.empty
	}
	out := make([]string, 0, len(logical))
	for _, l := range logical {
		if m.width > 0 && ansi.StringWidth(l) > m.width {
			out = append(out, strings.Split(ansi.Wrap(l, m.width, ""), "\n")...)
			continue
		}
		out = append(out, l)
	}
	return out
}

// TabAt returns the tab whose label is at column x of the tab bar.
func (m Model) TabAt(x int) (Tab, bool) {
	pos := 0
	for _, t := range Tabs {
		w := ansi.StringWidth(m.tabLabel(t))
		if x >= pos && x < pos+w {
			return t, true
		}
		pos += w
	}
	return 0, false
}

func (m Model) tabLabel(t Tab) string {
	st := m.styles.Detail.Tab
	if t == m.tab {
		st = m.styles.Detail.ActiveTab
	}
	name := t.String()
	if t == TabSecrets && m.has && len(m.data.Secrets) > 0 {
		name += " " + theme.Glyph("secret")
	}
	if t == TabDiff && m.has && m.data.Status == "stale" {
		name += " " + theme.Glyph("stale")
	}
	if m.width < 48 {
		name = name[:3]
	}
	return st.Render(name)
}

// View renders the pane, exactly width × height cells.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	out := make([]string, 0, m.height)
	if m.has || m.loading {
		out = append(out, m.titleLine(), m.reasonLine(), m.tabBar())
	}
	body := m.body()
	end := min(m.offset+m.height-len(out), len(body))
	if pad := m.pad(); pad != "" {
		for _, l := range body[min(m.offset, end):end] {
			out = append(out, pad+l)
		}
		for len(out) < m.height {
			out = append(out, pad)
		}
		return strings.Join(out, "\n")
	}
	out = append(out, body[min(m.offset, end):end]...)
	for len(out) < m.height {
		out = append(out, "")
	}
	return strings.Join(out[:m.height], "\n")
}

func (m Model) titleLine() string {
	title := visible.Line(m.data.Title)
	if m.has && m.data.Status != "" {
		title += " · " + m.styles.StatusStyle(m.data.Status).Render(theme.Glyph(m.data.Status)+" "+m.data.Status)
	}
	return ansi.Truncate(m.styles.Detail.Title.Render(title), m.width, "…")
}

func (m Model) reasonLine() string {
	if !m.has || m.data.Reason == "" {
		return ""
	}
	return ansi.Truncate(m.styles.Detail.Reason.Render(visible.Line(m.data.Reason)), m.width, "…")
}

func (m Model) tabBar() string {
	var bar strings.Builder
	for _, t := range Tabs {
		bar.WriteString(m.tabLabel(t))
	}
	return ansi.Truncate(bar.String(), m.width, "")
}
