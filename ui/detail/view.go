package detail

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// View renders the pane, exactly width × height cells.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	out := make([]string, 0, m.height)
	if m.has || m.loading {
		out = append(out, m.header...)
		out = append(out, m.tabBar())
	}
	end := min(m.offset+m.bodyHeight(), len(m.rows))
	pad := m.pad()
	for r := min(m.offset, end); r < end; r++ {
		out = append(out, pad+m.rowView(r))
	}
	for len(out) < m.height {
		out = append(out, pad)
	}
	return strings.Join(out[:m.height], "\n")
}

// rowView is body row r as shown: the Raw cursor, the matches of a
// search, and without wrapping the columns scrolled to.
func (m Model) rowView(r int) string {
	line := m.rows[r].text
	if m.focused && m.inRaw() && m.rows[r].line == m.raw.cursor {
		line = m.styles.Detail.Cursor.Render(ansi.Strip(line))
	}
	line = m.highlight(r, line)
	if m.nowrap {
		line = ansi.Cut(line, m.xoff, m.xoff+m.width)
	}
	return line
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

// tabBar is the tabs, then what is not as usual: no wrapping (and the
// column scrolled to), a search and its matches.
func (m Model) tabBar() string {
	var bar strings.Builder
	for _, t := range Tabs {
		bar.WriteString(m.tabLabel(t))
	}
	var notes []string
	if m.nowrap {
		notes = append(notes, fmt.Sprintf("no wrap · col %d", m.xoff+1))
	}
	if q := m.search.query; q != "" {
		notes = append(notes, fmt.Sprintf("/%s %d/%d", visible.Line(q), m.SearchPosition(), len(m.search.matches)))
	}
	if len(notes) > 0 {
		bar.WriteString(m.styles.Muted.Render("  " + strings.Join(notes, " · ")))
	}
	return ansi.Truncate(bar.String(), m.width, "…")
}
