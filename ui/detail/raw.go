package detail

import (
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// rawState is the Raw tab's JSON view: the lines with what each shows, the
// line under the cursor, and the values folded (by JSON path). The folds
// and the cursor belong to the recording shown and go with it.
type rawState struct {
	view   jsonView
	cursor int
	folded map[string]bool
}

func (r *rawState) clamp() {
	r.cursor = max(0, min(r.cursor, len(r.view.text)-1))
}

// inRaw reports whether the Raw tab shows a recording's JSON, with its
// cursor.
func (m Model) inRaw() bool {
	return m.has && !m.hasChange && m.tab == TabRaw && m.data.HasBody && m.data.NoFile == ""
}

// cursorNode is the value under the Raw tab's cursor.
func (m Model) cursorNode() (jsonNode, bool) {
	if !m.inRaw() || m.raw.cursor >= len(m.raw.view.nodes) {
		return jsonNode{}, false
	}
	return m.raw.view.nodes[m.raw.cursor], true
}

// CursorValue is the value under the Raw tab's cursor, as text to copy: a
// string as it is (no quotes, no escapes), anything else as compact JSON;
// and its JSON path ("response.tool_calls[0].arguments"). ok is false
// outside the Raw tab.
func (m Model) CursorValue() (path, value string, ok bool) {
	n, ok := m.cursorNode()
	if !ok || n.v == nil {
		return "", "", false
	}
	if n.v.Kind == jsonv.String {
		return n.path, n.v.Text, true
	}
	b, err := jsonv.Encode(*n.v, jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		return n.path, "", false
	}
	return n.path, string(b), true
}

// RawCursor is the line under the Raw tab's cursor.
func (m Model) RawCursor() int { return m.raw.cursor }

// moveCursor moves the Raw cursor by d lines and scrolls to keep it in view.
func (m *Model) moveCursor(d int) {
	m.raw.cursor += d
	m.raw.clamp()
	m.showLine(m.raw.cursor)
}

// showLine scrolls so that logical line i is in view.
func (m *Model) showLine(i int) {
	first, last := -1, -1
	for r, rw := range m.rows {
		if rw.line == i {
			if first < 0 {
				first = r
			}
			last = r
		}
	}
	if first < 0 {
		return
	}
	h := m.bodyHeight()
	if first < m.offset {
		m.offset = first
	}
	if last >= m.offset+h {
		m.offset = min(first, last-h+1)
	}
	m.clamp()
}

// toggleFold folds or unfolds the object or array under the cursor (on
// its opening or its closing line).
func (m *Model) toggleFold() {
	n, ok := m.cursorNode()
	if !ok {
		return
	}
	if m.raw.folded == nil {
		m.raw.folded = map[string]bool{}
	}
	switch {
	case m.raw.folded[n.path]:
		delete(m.raw.folded, n.path)
	case n.v != nil && foldable(*n.v):
		m.raw.folded[n.path] = true
	default:
		return
	}
	m.refresh()
	m.raw.cursor = m.lineOfPath(n.path)
	m.showLine(m.raw.cursor)
}

// toggleFoldAll folds every value below the top level, or, when any is
// folded, unfolds them all.
func (m *Model) toggleFoldAll() {
	path := ""
	if n, ok := m.cursorNode(); ok {
		path = n.path
	}
	if len(m.raw.folded) > 0 {
		m.raw.folded = nil
	} else {
		m.raw.folded = map[string]bool{}
		for _, mem := range m.data.Body.Members {
			if foldable(mem.Value) {
				m.raw.folded[childPath("", mem.Key, -1)] = true
			}
		}
	}
	m.refresh()
	m.raw.cursor = m.lineOfPath(path)
	m.showLine(m.raw.cursor)
}

// lineOfPath is the first line showing path, or of the nearest value
// holding it that is shown (a fold may hide it); 0 when none.
func (m Model) lineOfPath(path string) int {
	best, bestLen := 0, -1
	for i, n := range m.raw.view.nodes {
		if n.path == path {
			return i
		}
		if len(n.path) > bestLen && isPrefixPath(n.path, path) {
			best, bestLen = i, len(n.path)
		}
	}
	return best
}

// isPrefixPath reports whether path p holds path q.
func isPrefixPath(p, q string) bool {
	if p == "" {
		return true
	}
	return len(q) > len(p) && q[:len(p)] == p && (q[len(p)] == '.' || q[len(p)] == '[')
}
