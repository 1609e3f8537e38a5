package browse

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// headerCounts is what the header counts: the recordings, each kind of
// problem, the marks, and the statuses that ask nothing.
type headerCounts struct {
	name     string
	total    int
	problems []headerCount // in problemKinds order
	marked   int
	info     []headerCount // in status order, live and ok last
}

type headerCount struct {
	status, short string
	n             int
}

// headerCounts reads the counts from the tree.
func (m Page) headerCounts() headerCounts {
	h := headerCounts{name: m.ProjectName(), total: m.tree.Len(), marked: m.tree.MarkCount()}
	counts := m.tree.Counts()
	for _, k := range problemKinds {
		n := counts[k.status]
		if k.status == "secret" {
			n = m.tree.Secrets()
		}
		if n > 0 {
			h.problems = append(h.problems, headerCount{k.status, k.short, n})
		}
	}
	var live []headerCount
	for _, st := range m.tree.Statuses() {
		switch {
		case st == "secret" || problemStatus[st]:
		case st == "live" || st == "ok":
			live = append(live, headerCount{st, st, counts[st]})
		case st == "failing":
			h.info = append(h.info, headerCount{st, st, m.tree.FailingCases()})
		default:
			h.info = append(h.info, headerCount{st, st, counts[st]})
		}
	}
	h.info = append(h.info, live...)
	return h
}

// The header's levels of detail, most first. Each level gives up one
// thing to fit a narrower screen, in this order: the live count, the
// protected count, the other statuses that ask nothing, then the problem
// counts' words for short ones, the total, then the words altogether
// (the glyphs alone, with the total if it fits). The problem counts
// themselves always stay; only the project name is cut before them.
const (
	headerFull = iota
	headerNoLive
	headerNoProtected
	headerNoInfo
	headerShortWords
	headerShortNoTotal
	headerGlyphs
	headerGlyphsNoTotal
	headerLevels
)

// text is the header's counts (after the project name) at a level of
// detail, unstyled.
func (h headerCounts) text(level int) string {
	sep := " · "
	var parts []string
	if level != headerShortNoTotal && level != headerGlyphsNoTotal {
		parts = append(parts, fmt.Sprintf("%d recordings", h.total))
	}
	switch {
	case level >= headerGlyphs:
		parts = append(parts, glyphCounts(h.problems))
	case level >= headerShortWords:
		parts = append(parts, shortCounts(h.problems)...)
	default:
		for _, p := range h.problems {
			parts = append(parts, fmt.Sprintf("%s%d %s", theme.Glyph(p.status), p.n, p.status))
		}
	}
	if h.marked > 0 {
		mark := fmt.Sprintf("✓%d marked", h.marked)
		if level >= headerGlyphs {
			mark = fmt.Sprintf("✓%d", h.marked)
		}
		parts = append(parts, mark)
	}
	for _, p := range h.info {
		if keepInfo(p.status, level) {
			parts = append(parts, fmt.Sprintf("%s%d %s", theme.Glyph(p.status), p.n, p.status))
		}
	}
	parts = slicesDeleteEmpty(parts)
	return strings.Join(parts, sep)
}

// keepInfo reports whether a status that asks nothing is counted at level.
func keepInfo(status string, level int) bool {
	switch {
	case level >= headerNoInfo:
		return false
	case status == "live" || status == "ok":
		return level < headerNoLive
	case status == "protected":
		return level < headerNoProtected
	}
	return true
}

// shortCounts is the problem counts with their short words; kinds that
// share a glyph and a short word (the two orphans) are added up, so that
// no two counts read the same.
func shortCounts(ps []headerCount) []string {
	var out []string
	for i := 0; i < len(ps); {
		g, n, j := theme.Glyph(ps[i].status), 0, i
		for ; j < len(ps) && theme.Glyph(ps[j].status) == g && ps[j].short == ps[i].short; j++ {
			n += ps[j].n
		}
		out = append(out, fmt.Sprintf("%s%d %s", g, n, ps[i].short))
		i = j
	}
	return out
}

// glyphCounts is the problem counts as glyphs alone ("⚠1 ✗2 ◐15"), the
// kinds that share a glyph (the two orphans) added up.
func glyphCounts(ps []headerCount) string {
	var out []string
	var last string
	n := 0
	flush := func() {
		if last != "" {
			out = append(out, fmt.Sprintf("%s%d", last, n))
		}
	}
	for _, p := range ps {
		g := theme.Glyph(p.status)
		if g != last {
			flush()
			last, n = g, 0
		}
		n += p.n
	}
	flush()
	return strings.Join(out, " ")
}

func slicesDeleteEmpty(parts []string) []string {
	out := parts[:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// headerView is the title bar: the project name, then the counts at the
// most detailed level that fits the width. When even the least detailed
// does not fit, the project name is cut, never a problem count.
func (m Page) headerView() string {
	s, w := m.Styles, m.Layout.Width
	h := m.headerCounts()
	name := h.name
	var counts string
	for level := range headerLevels {
		counts = h.text(level)
		if ansi.StringWidth(" "+name+" · "+counts+" ") <= w {
			break
		}
	}
	room := w - ansi.StringWidth(" · "+counts+" ") - 1
	if ansi.StringWidth(name) > room {
		name = ansi.Truncate(name, max(room, 1), "…")
	}
	line := " " + s.Header.Render(name)
	if counts != "" {
		line += s.HeaderDim.Render(" · " + counts)
	}
	line += " "
	return s.HeaderDim.Render(frame.PadRight(ansi.Truncate(line, w, "…"), w))
}
