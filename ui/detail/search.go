package detail

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// searchState is a search of the pane's text: the query, every match, and
// the one n and N went to. The matches are found again whenever the rows
// change (another tab, a fold, a width), never per frame.
type searchState struct {
	query   string
	matches []match
	current int
}

// match is a found occurrence: a body row and the cell range on it.
type match struct {
	row, start, end int
}

// find looks for the query in every row: without an upper-case letter in
// the query any case matches, with one the case must match too (smart
// case, as in less -i and vim's smartcase).
func (s *searchState) find(rows []row) {
	s.matches = s.matches[:0]
	if s.query == "" {
		return
	}
	needle, fold := s.query, !hasUpper(s.query)
	if fold {
		needle = strings.ToLower(needle)
	}
	for r, rw := range rows {
		text := ansi.Strip(rw.text)
		if fold {
			text = strings.ToLower(text)
		}
		for from := 0; ; {
			i := strings.Index(text[from:], needle)
			if i < 0 {
				break
			}
			start := ansi.StringWidth(text[:from+i])
			s.matches = append(s.matches, match{r, start, start + ansi.StringWidth(needle)})
			from += i + max(len(needle), 1)
		}
	}
	s.current = min(s.current, max(len(s.matches)-1, 0))
}

func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// SetSearch searches the pane for query ("" ends the search) and shows the
// first match at or after the top row.
func (m Model) SetSearch(query string) Model {
	m.search.query = query
	m.search.current = 0
	m.search.find(m.rows)
	for i, mt := range m.search.matches {
		if mt.row >= m.offset {
			m.search.current = i
			break
		}
	}
	m.showMatch()
	return m
}

// Search is the query searched for ("" for none) and how many matches it
// has.
func (m Model) Search() (query string, matches int) {
	return m.search.query, len(m.search.matches)
}

// SearchPosition is the number (from 1) of the match n and N went to, 0
// with none.
func (m Model) SearchPosition() int {
	if len(m.search.matches) == 0 {
		return 0
	}
	return m.search.current + 1
}

// NextMatch goes to the next match (d = 1) or the previous one (d = -1),
// wrapping around; it reports whether it wrapped.
func (m Model) NextMatch(d int) (Model, bool) {
	n := len(m.search.matches)
	if n == 0 {
		return m, false
	}
	next := m.search.current + d
	wrapped := next < 0 || next >= n
	m.search.current = (next + n) % n
	m.showMatch()
	return m, wrapped
}

// showMatch scrolls to the current match: its row in view, and its
// columns when lines do not wrap; in the Raw tab the cursor goes there.
func (m *Model) showMatch() {
	if len(m.search.matches) == 0 {
		return
	}
	mt := m.search.matches[m.search.current]
	h := m.bodyHeight()
	if mt.row < m.offset || mt.row >= m.offset+h {
		m.offset = mt.row - h/3
	}
	m.clamp()
	if m.nowrap && (mt.start < m.xoff || mt.end > m.xoff+m.width) {
		m.xoff = max(0, mt.start-m.width/3)
	}
	if m.inRaw() {
		m.raw.cursor = m.rows[mt.row].line
	}
}

// highlight marks the matches on body row r, whose text is line.
func (m Model) highlight(r int, line string) string {
	if len(m.search.matches) == 0 {
		return line
	}
	var on []match
	cur := -1
	for i, mt := range m.search.matches {
		if mt.row == r {
			if i == m.search.current {
				cur = len(on)
			}
			on = append(on, mt)
		}
	}
	if len(on) == 0 {
		return line
	}
	plain := ansi.Strip(line)
	var b strings.Builder
	at := 0
	for i, mt := range on {
		b.WriteString(m.styles.Detail.Text.Render(ansi.Cut(plain, at, mt.start)))
		st := m.styles.Detail.Match
		if i == cur {
			st = m.styles.Detail.MatchCurrent
		}
		b.WriteString(st.Render(ansi.Cut(plain, mt.start, mt.end)))
		at = mt.end
	}
	b.WriteString(m.styles.Detail.Text.Render(ansi.Cut(plain, at, ansi.StringWidth(plain))))
	return b.String()
}
