package browse

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// problemKind is a kind of recording that asks something of the project's
// owner: the browser opens on the first one, n and N go through them, the
// header never hides their counts, and p lists them.
type problemKind struct {
	// status is the status as the workspace spells it, or "secret" for a
	// recording holding a secret, whatever its status.
	status string
	// short is the header's word when it is short of room.
	short string
	// todo says what to do about it, for the problem summary.
	todo string
}

// problemKinds are the kinds of problem, most urgent first: a secret must
// not be committed; an invalid file or a key mismatch breaks replay; a
// stale recording makes a case miss, and so does a turn never recorded
// (a new case); the rest is cruft prune removes.
// The other statuses ask nothing: live and ok are fine, in use and
// protected are kept on purpose (the spec error behind a protected one is
// listed on its own), unknown cannot be simulated here, and an error
// entry is a recorded exception.
var problemKinds = []problemKind{
	{"secret", "secret", "redact it (: redact) or accept it in the baseline (: baseline)"},
	{"invalid", "invalid", "replay cannot use the file: fix it (e) or remove it"},
	{"key mismatch", "mismatch", "the stored arguments hash to neither key: re-record the tape"},
	{"stale", "stale", "the case sends another request now: fix the suite (e) or re-record"},
	{"unrecorded", "unrecorded", "replay asks for a turn no file answers: record it (w)"},
	{"stale schema_version", "old schema", "lookup skips it: prune removes it (space, d)"},
	{"orphaned suite", "orphaned", "no suite owns it: prune removes it (space, d)"},
	{"orphaned case", "orphaned", "no case owns it: prune removes it (space, d)"},
	{"superseded", "superseded", "replay never reads it: prune removes it (space, d)"},
	{"empty", "empty", "a tape saved with no entries: every auto run misses"},
}

// problemStatus are the statuses of problemKinds (all but "secret"), and
// problemIndex their place in it.
var problemStatus, problemIndex = func() (map[string]bool, map[string]int) {
	m, idx := map[string]bool{}, map[string]int{}
	for i, k := range problemKinds[1:] {
		m[k.status] = true
		idx[k.status] = i + 1
	}
	return m, idx
}()

// isProblem reports whether a recording asks something of its owner.
func isProblem(it *tree.Item) bool { return it.Secrets > 0 || problemStatus[it.Status] }

// problemOf returns a predicate for the recordings of one kind.
func problemOf(kind string) func(*tree.Item) bool {
	if kind == "secret" {
		return func(it *tree.Item) bool { return it.Secrets > 0 }
	}
	return func(it *tree.Item) bool { return it.Status == kind }
}

// walkAll is the walk of every problem in tree order, whatever its kind
// (p offers it); otherwise n and N walk one kind at a time.
const walkAll = "all"

// presentKinds are the kinds of problem among the recordings shown, most
// urgent first: from the tree's counts, or, with a filter on, one pass
// over the recordings it shows.
func (m Page) presentKinds() []problemKind {
	var has [16]bool
	if m.tree.Filter() == "" && m.tree.StatusFilter() == "" {
		counts := m.tree.Counts()
		for i, k := range problemKinds {
			has[i] = counts[k.status] > 0 || k.status == "secret" && m.tree.SecretRecordings() > 0
		}
		return kindsWith(has[:])
	}
	m.tree.Each(func(it *tree.Item) {
		if it.Secrets > 0 {
			has[0] = true
		}
		if i, ok := problemIndex[it.Status]; ok {
			has[i] = true
		}
	})
	return kindsWith(has[:])
}

// kindsWith are the problem kinds whose place in problemKinds is set in
// has.
func kindsWith(has []bool) []problemKind {
	var out []problemKind
	for i, k := range problemKinds {
		if has[i] {
			out = append(out, k)
		}
	}
	return out
}

// kindOf is the most urgent kind of problem a recording is (the zero
// kind for one that is none).
func kindOf(it tree.Item) problemKind {
	for _, k := range problemKinds {
		if problemOf(k.status)(&it) {
			return k
		}
	}
	return problemKind{}
}

// land puts the cursor on the first recording of the most urgent kind of
// problem when the first scan is done (a secret before an invalid file,
// before a stale recording, before cruft prune removes), unless the user
// has moved since the browser opened; with no problem it says so on the
// status line.
func (m Page) land() Page {
	if m.landed {
		return m
	}
	m.landed = true
	if m.touched || m.tree.Len() == 0 {
		return m
	}
	n := m.tree.Count(isProblem)
	kinds := m.presentKinds()
	if n == 0 || len(kinds) == 0 {
		m.SetStatus(fmt.Sprintf("nothing needs attention: %s", m.calmSummary()), false)
		return m
	}
	m.walk = kinds[0].status
	var ok bool
	if m.tree, ok = m.tree.First(problemOf(m.walk)); ok {
		m = m.showExplaining(kinds[0])
		m.SetStatus(m.walkStatus(needAttention(n, m.tree.Counts()["unrecorded"]), kinds[0], kinds, 1), false)
	}
	return m
}

// needAttention says how many problems there are: n rows, u of them
// unrecorded turns, which are no recordings, so that the count then says
// problems ("9 problems need attention"), not recordings.
func needAttention(n, u int) string {
	if u == 0 {
		return frame.Plural(n, "1 recording needs attention", "%d recordings need attention")
	}
	return frame.Plural(n, "1 problem needs attention", "%d problems need attention")
}

// showExplaining opens the tab that explains a problem of kind k on the
// recording under the cursor.
func (m Page) showExplaining(k problemKind) Page {
	if it, ok := m.tree.Selected(); ok {
		m.Detail = m.Detail.SetTab(explainingTab(k, it))
	}
	return m
}

// calmSummary counts the statuses of a project with no problem:
// "12 recordings: 10 live, 2 in use".
func (m Page) calmSummary() string {
	var parts []string
	counts := m.tree.Counts()
	for _, st := range tree.StatusOrder() {
		if n := counts[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
	}
	return fmt.Sprintf("%s: %s", frame.Count(m.tree.Len(), "recording"), strings.Join(parts, ", "))
}

// explainingTab is the tab that shows what is wrong with a recording, as
// a problem of kind k: the findings of a secret, the diff of a stale
// recording, the stored arguments a tape's key is computed from (and the
// request of a turn never recorded), the file
// as it is for one replay cannot read (invalid, an old schema_version, an
// empty tape), and the response otherwise (the reason above it says why
// prune removes it).
func explainingTab(k problemKind, it tree.Item) detail.Tab {
	switch k.status {
	case "secret":
		return detail.TabSecrets
	case "stale":
		return detail.TabDiff
	case "key mismatch", "unrecorded":
		return detail.TabRequest
	case "invalid", "stale schema_version", "empty":
		return detail.TabRaw
	}
	if it.Secrets > 0 {
		return detail.TabSecrets
	}
	return detail.TabResponse
}

// walkStatus says where the cursor is in the walk of kind k and what n
// does next, after lead ("" or "done with ◐ stale"): "◐ stale 3 of 373 ·
// n walks stale, then ○ superseded · p: another kind, or all", shortened
// to fit the screen, the way to walk them all kept longest.
func (m Page) walkStatus(lead string, k problemKind, kinds []problemKind, place int) string {
	total := m.tree.Count(problemOf(k.status))
	pos := fmt.Sprintf("%s %s %d of %d", theme.Glyph(k.status), k.status, place, total)
	walks, then := "n walks "+k.status, ""
	for i, o := range kinds {
		if o.status == k.status && i+1 < len(kinds) {
			then = ", then " + theme.Glyph(kinds[i+1].status) + " " + kinds[i+1].status
		}
	}
	const all = "p: another kind, or all"
	return m.fitStatus(
		join(lead, pos, walks+then, all),
		join(lead, pos, walks, all),
		join(pos, walks, all),
		join(pos, all))
}

// join joins the parts of a status line that are not empty with " · ".
func join(parts ...string) string { return strings.Join(slicesDeleteEmpty(parts), " · ") }

// fitStatus is the first of the status lines, most detailed first, that
// fits the screen's width, or the last.
func (m Page) fitStatus(lines ...string) string {
	for _, l := range lines {
		if ansi.StringWidth(l) <= m.Layout.Width {
			return l
		}
	}
	return lines[len(lines)-1]
}

// nextProblem is n (or N, back). It walks one kind of problem at a time,
// the most urgent first: the next recording of the kind walked, in tree
// order; after its last, the first of the next kind present (N: before its
// first, the last of the kind before); after the last kind, the most
// urgent again. The status line says which kind it walks and how to walk
// them all: p, whose "all" row walks every problem in tree order, as
// n did before. The tab that explains the problem opens.
func (m Page) nextProblem(back bool) Page {
	kinds := m.presentKinds()
	switch {
	case len(kinds) == 0 && (m.tree.Filter() != "" || m.tree.StatusFilter() != ""):
		m.SetStatus("no problem among the recordings shown · esc clears the filter", false)
		return m
	case len(kinds) == 0:
		m.SetStatus("nothing needs attention", false)
		return m
	case m.walk == walkAll:
		return m.nextInTreeOrder(back)
	}
	i := slices.IndexFunc(kinds, func(k problemKind) bool { return k.status == m.walk })
	if i < 0 {
		i = 0 // the kind walked is fixed, or filtered out: the most urgent left
	}
	k := kinds[i]
	dir := 1
	if back {
		dir = -1
	}
	if t, j := m.tree.Jump(dir, problemOf(k.status)); j.Found && (!j.Wrapped || len(kinds) == 1) {
		m.tree, m.walk = t, k.status
		m = m.showExplaining(k)
		lead := ""
		if j.Wrapped {
			lead = "back at the " + map[bool]string{false: "first", true: "last"}[back] + " one"
		}
		m.SetStatus(m.walkStatus(lead, k, kinds, j.Place), false)
		return m
	}
	// Past the last of its kind: on to the next kind (back: the one
	// before), wrapping around.
	j := (i + dir + len(kinds)) % len(kinds)
	next := kinds[j]
	place := 1
	if back {
		m.tree, _ = m.tree.Last(problemOf(next.status))
		place = m.tree.Count(problemOf(next.status))
	} else {
		m.tree, _ = m.tree.First(problemOf(next.status))
	}
	m.walk = next.status
	m = m.showExplaining(next)
	done := fmt.Sprintf("done with %s %s", theme.Glyph(k.status), k.status)
	if !back && j == 0 {
		done = "back at the most urgent"
	}
	m.SetStatus(m.walkStatus(done, next, kinds, place), false)
	return m
}

// nextInTreeOrder is n (or N) walking every problem in tree order,
// wrapping around at the end.
func (m Page) nextInTreeOrder(back bool) Page {
	dir := 1
	if back {
		dir = -1
	}
	t, j := m.tree.Jump(dir, isProblem)
	if !j.Found {
		return m
	}
	m.tree = t
	it, _ := m.tree.Selected()
	k := kindOf(it)
	m = m.showExplaining(k)
	s := fmt.Sprintf("problem %d of %d in tree order (%s %s) · p: one kind at a time", j.Place, m.tree.Count(isProblem), theme.Glyph(k.status), k.status)
	if j.Wrapped {
		s = "back at the " + map[bool]string{false: "first", true: "last"}[back] + " problem: " + s
	}
	m.SetStatus(s, false)
	return m
}

// problemRow IDs: a kind of recording, or a spec error by index.
const (
	rowKind      = "kind:"
	rowSpecError = "spec:"
)

// openProblems is p: the problems of the project on one screen, by kind
// with counts, most urgent first; enter goes to the first of a kind, s
// shows only that kind, and enter on a spec error opens its file.
func (m Page) openProblems() Page {
	s := m.Styles
	var rows []picker.Row
	if errs := m.summary.SpecErrors; len(errs) > 0 {
		rows = append(rows, picker.Row{Text: s.Detail.Heading.Render(fmt.Sprintf("Suite and config errors (%d)", len(errs)))})
		for i, e := range errs {
			rows = append(rows, picker.Row{ID: fmt.Sprint(rowSpecError, i), Text: s.Error.Render(visible.Line(e.String()))})
		}
		rows = append(rows, picker.Row{})
	}
	var kinds []picker.Row
	for _, k := range problemKinds {
		n := m.tree.Count(problemOf(k.status))
		if n == 0 {
			continue
		}
		todo := k.todo
		if k.status == "secret" {
			// The header and the tree count secrets; say how many
			// recordings hold them.
			todo = fmt.Sprintf("in %s: %s", frame.Count(n, "recording"), todo)
			n = m.tree.Secrets()
		}
		line := s.StatusStyle(k.status).Render(fmt.Sprintf("%s %4d %-20s", theme.Glyph(k.status), n, k.status)) +
			s.Muted.Render(" "+todo)
		kinds = append(kinds, picker.Row{ID: rowKind + k.status, Text: line, Match: k.status, Indent: 28})
	}
	if len(kinds) > 1 {
		line := s.Progress.Render(fmt.Sprintf("  %4d %-20s", m.tree.Count(isProblem), "all, in tree order")) +
			s.Muted.Render(" n walks every problem in tree order, whatever its kind")
		kinds = append(kinds, picker.Row{ID: rowKind + walkAll, Text: line, Match: "all", Indent: 28})
	}
	if len(kinds) > 0 {
		rows = append(rows, picker.Row{Text: s.Detail.Heading.Render("Recordings") + s.Muted.Render(" · enter goes to the first, and n walks that kind")})
		rows = append(rows, kinds...)
	}
	if len(rows) == 0 {
		rows = append(rows, picker.Row{Text: s.StatusStyle("live").Render("● Nothing needs attention: " + m.calmSummary())})
	}
	if m.tree.Filter() != "" || m.tree.StatusFilter() != "" {
		rows = append(rows, picker.Row{}, picker.Row{Text: s.Muted.Render("Counts are of the recordings the filters show.")})
	}
	m.pickerAsk = "problems"
	m.picker = m.picker.Open(m.nextPickerID(), picker.Content{Title: "Problems", Rows: rows, AltHelp: "show only these"})
	return m
}

// nextPickerID numbers the pickers opened, so an answer to an older one
// is recognised.
func (m *Page) nextPickerID() int {
	m.pickers++
	return m.pickers
}

// handlePicked acts on a row picked in the problem summary, or on a
// command picked in the palette.
func (m Page) handlePicked(msg picker.PickedMsg) (Page, tea.Cmd) {
	switch {
	case msg.ID != m.pickers:
		return m, nil
	case m.pickerAsk == "palette":
		return m.runPicked(msg.Row)
	case m.pickerAsk == "status":
		m.touched = true
		return m.pickStatus(msg.Row).syncDetail()
	case m.pickerAsk != "problems":
		return m, nil
	}
	m.touched = true
	switch {
	case strings.HasPrefix(msg.Row, rowSpecError):
		var i int
		if _, err := fmt.Sscan(strings.TrimPrefix(msg.Row, rowSpecError), &i); err == nil && i < len(m.summary.SpecErrors) {
			e := m.summary.SpecErrors[i]
			return m, editFileCmd(m.opts.Editor, m.absPath(e.File), e.Line)
		}
	case msg.Row == rowKind+walkAll:
		m.walk = walkAll
		var ok bool
		if m.tree, ok = m.tree.First(isProblem); ok {
			it, _ := m.tree.Selected()
			k := kindOf(it)
			m = m.showExplaining(k)
			m.SetStatus(fmt.Sprintf("n walks all %d problems in tree order · p: one kind at a time", m.tree.Count(isProblem)), false)
		}
	case strings.HasPrefix(msg.Row, rowKind):
		kind := strings.TrimPrefix(msg.Row, rowKind)
		if msg.Alt {
			m.tree = m.tree.SetFilter("").SetStatusFilter(kind)
		}
		i := slices.IndexFunc(problemKinds, func(k problemKind) bool { return k.status == kind })
		var ok bool
		if m.tree, ok = m.tree.First(problemOf(kind)); ok && i >= 0 {
			m.walk = kind
			m = m.showExplaining(problemKinds[i])
			m.SetStatus(m.walkStatus("", problemKinds[i], m.presentKinds(), 1), false)
		}
	}
	return m.syncDetail()
}
