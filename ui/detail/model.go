package detail

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// row is one screen row of the body: its text (styled) and the logical
// line it is part of (a long line wraps into several rows).
type row struct {
	text string
	line int
}

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
	focused bool

	// rows are the current tab's body, wrapped to the width unless nowrap;
	// header is the title and the reason, wrapped. Both are built when
	// the content, tab, width or a setting changes, never in View.
	rows   []row
	header []string
	offset int // first body row shown
	nowrap bool
	xoff   int // first column shown without wrapping
	wide   int // the widest row, without wrapping

	raw    rawState
	search searchState

	change    FileChange // the review change shown, when hasChange
	hasChange bool
}

// New returns an empty pane.
func New(styles theme.Styles, keys KeyMap) Model {
	return Model{styles: &styles, keys: keys}
}

// SetSize sets the pane size in cells.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.refresh()
}

// SetStyles replaces the styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = &s; m.refresh() }

// Focus gives the pane the keyboard.
func (m *Model) Focus() { m.focused = true }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the pane has the keyboard.
func (m Model) Focused() bool { return m.focused }

// SetData shows a recording. Data for the same recording keeps the tab,
// the scroll position, the folds and the search (a re-read after an
// edit); another one starts at the top.
func (m Model) SetData(d Data) Model {
	if !m.has || m.data.ID != d.ID {
		m.offset, m.xoff, m.reveal = 0, 0, false
		m.raw = rawState{}
	}
	m.data, m.has, m.loading = d, true, false
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
		m.has, m.offset, m.xoff = false, 0, 0
		m.raw = rawState{}
	}
	m.refresh()
	return m
}

// Clear shows lines instead of a recording (a group is selected, or nothing).
func (m Model) Clear(lines []string) Model {
	m.has, m.loading, m.empty, m.offset, m.xoff = false, false, lines, 0, 0
	m.data, m.raw = Data{}, rawState{}
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
	m.data, m.has, m.loading, m.empty = Data{}, false, false, nil
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
		m.tab, m.offset, m.xoff = t, 0, 0
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

// Wrapping reports whether long lines wrap (the default) or are cut, with
// sideways scrolling.
func (m Model) Wrapping() bool { return !m.nowrap }

// ScrollBy scrolls the body by d rows.
func (m *Model) ScrollBy(d int) {
	m.offset += d
	m.clamp()
}

// Offset is the first body row shown.
func (m Model) Offset() int { return m.offset }

// Column is the first column shown when lines do not wrap.
func (m Model) Column() int { return m.xoff }

func (m *Model) clamp() {
	m.offset = max(0, min(m.offset, len(m.rows)-m.bodyHeight()))
}

// bodyHeight is the rows the body scrolls in: below the title, reason and
// tab bar of a recording; the whole pane for a review change.
func (m Model) bodyHeight() int {
	if m.hasChange {
		return max(m.height, 1)
	}
	if m.has || m.loading {
		return max(m.height-len(m.header)-1, 1)
	}
	return max(m.height, 1)
}

// TabBarRow is the row of the tab bar inside the pane (for mouse clicks),
// or -1 when there is none.
func (m Model) TabBarRow() int {
	if m.hasChange || !m.has && !m.loading {
		return -1
	}
	return len(m.header)
}

// pad is the left padding of a review change's lines (Styles.Detail.Change).
func (m Model) pad() string {
	if !m.hasChange {
		return ""
	}
	return strings.Repeat(" ", m.styles.Detail.Change.GetHorizontalFrameSize())
}
