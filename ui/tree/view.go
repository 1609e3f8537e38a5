package tree

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// ToggleMark marks or unmarks the recording under the cursor. On a group or
// a case it marks every prunable recording under it that passes the filters,
// or unmarks them all when they are all marked already.
func (m Model) ToggleMark() Model {
	n := m.current()
	if n == nil {
		return m
	}
	if n.kind == KindLeaf {
		if m.marks[n.item.ID] {
			delete(m.marks, n.item.ID)
		} else {
			m.marks[n.item.ID] = true
		}
		return m
	}
	var ids []string
	all := true
	eachLeaf(n, func(l *node) {
		if l.shown && l.item.Prunable {
			ids = append(ids, l.item.ID)
			all = all && m.marks[l.item.ID]
		}
	})
	for _, id := range ids {
		if all {
			delete(m.marks, id)
		} else {
			m.marks[id] = true
		}
	}
	return m
}

func eachLeaf(n *node, f func(*node)) {
	if n.kind == KindLeaf {
		f(n)
		return
	}
	for _, c := range n.children {
		eachLeaf(c, f)
	}
}

// Marked returns the marked recordings that are still present, by path
// (rows with no file, an unrecorded turn's, by ID).
func (m Model) Marked() []Item {
	var out []Item
	for id := range m.marks {
		if l, ok := m.byID[id]; ok {
			out = append(out, *l.item)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// MarkCount is the number of marks.
func (m Model) MarkCount() int { return len(m.Marked()) }

// ClearMarks removes every mark.
func (m Model) ClearMarks() Model {
	m.marks = map[string]bool{}
	return m
}

// View renders the visible window of rows, exactly width × height cells.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	var b strings.Builder
	if len(m.rows) == 0 && m.filter.active() && len(m.leaves) > 0 {
		// Say why the pane is empty rather than show nothing.
		b.WriteString(ansi.Truncate(" no recording matches the filter · esc clears", m.width, "…"))
		b.WriteString(strings.Repeat("\n", max(m.height-1, 0)))
		return b.String()
	}
	end := min(m.offset+m.height, len(m.rows))
	for i := m.offset; i < end; i++ {
		b.WriteString(m.renderRow(m.rows[i], i == m.cursor))
		if i < m.offset+m.height-1 {
			b.WriteByte('\n')
		}
	}
	for i := max(end, m.offset); i < m.offset+m.height-1; i++ {
		b.WriteByte('\n')
	}
	return b.String()
}

// renderRow renders one row padded to the pane width.
func (m Model) renderRow(n *node, selected bool) string {
	st := m.styles
	indent := strings.Repeat("  ", int(n.kind))
	arrow := "  "
	if n.kind != KindLeaf {
		arrow = "▸ "
		if n.expanded || m.filter.active() {
			arrow = "▾ "
		}
	}
	mark := " "
	if n.kind == KindLeaf && m.marks[n.item.ID] {
		mark = theme.Glyph("marked")
	}
	// A name is a directory's (a suite, a case) or a file's: a secret in
	// it shows as its mask, as in every path printed.
	name, right := visible.Line(secrets.MaskPath(n.name)), ""
	if n.kind == KindLeaf {
		right = theme.Glyph(n.item.Status) + " " + n.item.Status
		if n.item.Secrets > 0 {
			right = theme.Glyph("secret") + " " + right
		}
	} else {
		right = m.countText(n)
		if n.verdict != "" {
			right = theme.Glyph(n.verdict) + " " + right
		}
	}
	left := mark + indent + arrow
	room := m.width - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	if room < 4 && n.kind == KindLeaf {
		// Narrow pane: keep the glyph, drop the status word.
		right = theme.Glyph(n.item.Status)
		room = m.width - ansi.StringWidth(left) - ansi.StringWidth(right) - 1
	}
	name = ansi.Truncate(name, max(room, 0), "…")
	gap := max(m.width-ansi.StringWidth(left)-ansi.StringWidth(name)-ansi.StringWidth(right), 1)
	if selected {
		line := ansi.Truncate(left+name+strings.Repeat(" ", gap)+right, m.width, "")
		if m.focused {
			return st.Tree.Cursor.Render(line)
		}
		return st.Tree.CursorBl.Render(line)
	}
	var nameStyle = st.Tree.Leaf
	switch n.kind { //nolint:exhaustive // the other cases need nothing here
	case KindGroup:
		nameStyle = st.Tree.Group
	case KindSub:
		nameStyle = st.Tree.Sub
	}
	switch {
	case n.kind == KindLeaf:
		right = m.styleStatusText(n.item, right)
	case n.verdict != "":
		g := theme.Glyph(n.verdict)
		right = m.styles.StatusStyle(n.verdict).Render(g) + st.Tree.Count.Render(strings.TrimPrefix(right, g))
	default:
		right = st.Tree.Count.Render(right)
	}
	line := st.Tree.Mark.Render(mark) + indent + arrow + nameStyle.Render(name) + strings.Repeat(" ", gap) + right
	return ansi.Truncate(line, m.width, "")
}

func (m Model) styleStatusText(it *Item, text string) string {
	s := m.styles.StatusStyle(it.Status)
	if it.Secrets > 0 && strings.HasPrefix(text, theme.Glyph("secret")) {
		g := theme.Glyph("secret")
		return m.styles.StatusStyle("secret").Render(g) + s.Render(strings.TrimPrefix(text, g))
	}
	return s.Render(text)
}

// countText is "5 ◐2 ⊠1 ⚠1": the total, then the glyph and count of every
// status worth attention.
func (m Model) countText(n *node) string {
	parts := []string{fmt.Sprint(n.total)}
	for _, st := range statusOrder {
		if c := n.counts[st]; c > 0 && st != "live" && st != "ok" {
			parts = append(parts, theme.Glyph(st)+fmt.Sprint(c))
		}
	}
	if n.secrets > 0 {
		parts = append(parts, theme.Glyph("secret")+fmt.Sprint(n.secrets))
	}
	return strings.Join(parts, " ")
}
