package browse

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/problems"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// headerCounts is what the header counts: the recordings, each kind of
// problem, the marks, and the statuses that ask nothing.
type headerCounts struct {
	name     string
	total    int
	problems []headerCount // in problems.Kinds order
	marked   int
	info     []headerCount // in status order, live and ok last
}

type headerCount struct {
	status, short string
	n             int
}

// headerCounts reads the counts from the tree.
func (m Page) headerCounts() headerCounts {
	counts := m.tree.Counts()
	// An unrecorded turn is a row, not a recording: it is counted as a
	// problem only.
	h := headerCounts{name: m.ProjectName(), total: m.tree.Len() - counts["unrecorded"], marked: m.tree.MarkCount()}
	for _, k := range problems.Kinds {
		n := counts[k.Status]
		if k.Status == "secret" {
			n = m.tree.Secrets()
		}
		if n > 0 {
			h.problems = append(h.problems, headerCount{k.Status, k.Short, n})
		}
	}
	var live []headerCount
	for _, st := range m.tree.Statuses() {
		switch {
		case st == "secret" || problems.IsStatus(st):
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
// counts' words for short ones, the total, then the short words one kind
// at a time, the least urgent first (see [headerCounts.candidates]), and
// at last the glyphs alone (with the total if it fits). The problem counts
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

// candidates are the header's counts at every level of detail, most
// first: the levels down to short words without the total, then short
// words for the most urgent kinds only, one kind fewer each time (at 80
// columns "⚠2 secret · ⊠1 invalid · ≠1 mismatch · ◐2 stale · ◌2 ○1" rather
// than the glyphs alone with room to spare), then the glyphs alone.
func (h headerCounts) candidates() []string {
	out := make([]string, 0, headerLevels+len(h.problems))
	for level := range headerGlyphs {
		out = append(out, h.text(level))
	}
	for k := len(groupCounts(h.problems)) - 1; k > 0; k-- {
		out = append(out, h.mixed(k))
	}
	return append(out, h.text(headerGlyphs), h.text(headerGlyphsNoTotal))
}

// text is the header's counts (after the project name) at a level of
// detail, unstyled.
func (h headerCounts) text(level int) string {
	var parts []string
	if level != headerShortNoTotal && level != headerGlyphsNoTotal {
		parts = append(parts, fmt.Sprintf("%d recordings", h.total))
	}
	switch {
	case level >= headerGlyphs:
		parts = append(parts, glyphCounts(groupCounts(h.problems)))
	case level >= headerShortWords:
		parts = append(parts, shortCounts(groupCounts(h.problems))...)
	default:
		for _, p := range h.problems {
			parts = append(parts, fmt.Sprintf("%s%d %s", theme.Glyph(p.status), p.n, p.status))
		}
	}
	parts = append(parts, h.markText(level >= headerGlyphs))
	for _, p := range h.info {
		if keepInfo(p.status, level) {
			parts = append(parts, fmt.Sprintf("%s%d %s", theme.Glyph(p.status), p.n, p.status))
		}
	}
	return strings.Join(slicesDeleteEmpty(parts), " · ")
}

// mixed is the problem counts without the total, the first k kinds with
// their short words and the rest as glyphs alone, then the marks.
func (h headerCounts) mixed(k int) string {
	gs := groupCounts(h.problems)
	k = min(k, len(gs))
	parts := append(shortCounts(gs[:k]), glyphCounts(gs[k:]), h.markText(true))
	return strings.Join(slicesDeleteEmpty(parts), " · ")
}

// markText counts the marks, with its word or as the glyph alone; "" with
// nothing marked.
func (h headerCounts) markText(glyphOnly bool) string {
	switch {
	case h.marked == 0:
		return ""
	case glyphOnly:
		return fmt.Sprintf("%s%d", theme.Glyph("marked"), h.marked)
	}
	return fmt.Sprintf("%s%d marked", theme.Glyph("marked"), h.marked)
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

// groupCounts adds up the problem kinds that share a glyph and a short
// word (the two orphans), so that no two counts read the same.
func groupCounts(ps []headerCount) []headerCount {
	var out []headerCount
	for i := 0; i < len(ps); {
		g, n, j := theme.Glyph(ps[i].status), 0, i
		for ; j < len(ps) && theme.Glyph(ps[j].status) == g && ps[j].short == ps[i].short; j++ {
			n += ps[j].n
		}
		out = append(out, headerCount{status: ps[i].status, short: ps[i].short, n: n})
		i = j
	}
	return out
}

// shortCounts is the counts with their short words ("◌5 orphaned").
func shortCounts(gs []headerCount) []string {
	out := make([]string, 0, len(gs))
	for _, g := range gs {
		out = append(out, fmt.Sprintf("%s%d %s", theme.Glyph(g.status), g.n, g.short))
	}
	return out
}

// glyphCounts is the counts as glyphs alone ("⚠1 ⊠2 ◐15"); "" for none.
func glyphCounts(gs []headerCount) string {
	out := make([]string, 0, len(gs))
	for _, g := range gs {
		out = append(out, fmt.Sprintf("%s%d", theme.Glyph(g.status), g.n))
	}
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
	for _, counts = range h.candidates() {
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
