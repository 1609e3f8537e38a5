package detail

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// refresh rebuilds the header and the body rows after a change, so View
// never renders more than the rows on screen.
func (m *Model) refresh() {
	m.header = m.headerLines()
	logical := m.logical()
	m.rows, m.wide = m.rows[:0:0], 0
	for i, l := range logical {
		if m.nowrap {
			m.wide = max(m.wide, ansi.StringWidth(l))
		}
		if m.nowrap || m.width <= 0 || ansi.StringWidth(l) <= m.width {
			m.rows = append(m.rows, row{l, i})
			continue
		}
		// A wrapped line continues under its own indentation, so a long
		// JSON string stays inside its block.
		for _, w := range frame.Wrap([]string{l}, m.width, m.hasChange) {
			m.rows = append(m.rows, row{w, i})
		}
	}
	m.search.find(m.rows)
	m.clamp()
	m.raw.clamp()
}

// logical is the current tab (or change, or placeholder) as logical
// lines, styled and not wrapped.
func (m *Model) logical() []string {
	switch {
	case m.hasChange:
		return changeLines(m.change, m.styles, m.width-len(m.pad()), m.reveal)
	case m.has && m.tab == TabRaw && m.data.HasBody && m.data.NoFile == "":
		m.raw.view = jsonTree(m.shownBody(), m.styles, m.raw.folded)
		return m.raw.view.text
	case m.has:
		return lines(m.data, m.tab, m.styles, m.reveal)
	case m.loading:
		return []string{m.styles.Muted.Render("Reading…")}
	}
	return m.empty
}

// shownBody is the recording as the tabs show it: its secrets masked
// until the reveal key (see Data.Masked).
func (m *Model) shownBody() *jsonv.Value {
	if m.data.Masks > 0 && !m.reveal {
		return &m.data.Masked
	}
	return &m.data.Body
}

// headerLines are the title and the status reason, wrapped: the reason is
// the tool's best sentence and is never cut, up to a third of the pane's
// height (a reason longer than that ends with "…").
func (m Model) headerLines() []string {
	if m.hasChange || !m.has && !m.loading {
		return nil
	}
	title := visible.Line(m.data.Title)
	if m.has && m.data.Status != "" {
		title += " · " + m.styles.StatusStyle(m.data.Status).Render(theme.Glyph(m.data.Status)+" "+m.data.Status)
	}
	out := []string{ansi.Truncate(m.styles.Detail.Title.Render(title), m.width, "…")}
	if !m.has || m.data.Reason == "" {
		return append(out, "")
	}
	reason := strings.Split(ansi.Wrap(visible.Line(m.data.Reason), max(m.width, 10), " /,"), "\n")
	if limit := max(m.height/3, 1); len(reason) > limit {
		reason = reason[:limit]
		reason[limit-1] = ansi.Truncate(reason[limit-1], max(m.width-1, 1), "") + "…"
	}
	for _, l := range reason {
		out = append(out, m.styles.Detail.Reason.Render(l))
	}
	return out
}

// PlainText is the current tab's text without styles and unwrapped, for
// a pager; the Raw tab's JSON unfolded.
func (m Model) PlainText() string {
	var logical []string
	switch {
	case m.has && m.tab == TabRaw && m.data.HasBody && m.data.NoFile == "":
		logical = jsonTree(m.shownBody(), m.styles, nil).text
	case m.has:
		logical = lines(m.data, m.tab, m.styles, m.reveal)
	default:
		logical = m.logical()
	}
	var b strings.Builder
	if m.has {
		b.WriteString(visible.Line(m.data.Title) + " · " + m.data.Status + "\n")
		if m.data.Reason != "" {
			b.WriteString(visible.Line(m.data.Reason) + "\n")
		}
		b.WriteString("\n")
	}
	for _, l := range logical {
		b.WriteString(ansi.Strip(l))
		b.WriteByte('\n')
	}
	return b.String()
}
