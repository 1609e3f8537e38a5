package browse

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
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
// stale recording makes a case miss; the rest is cruft prune removes.
// The other statuses ask nothing: live and ok are fine, in use and
// protected are kept on purpose (the spec error behind a protected one is
// listed on its own), unknown cannot be simulated here, and an error
// entry is a recorded exception.
var problemKinds = []problemKind{
	{"secret", "secret", "redact it (: redact) or accept it in the baseline (: baseline)"},
	{"invalid", "invalid", "replay cannot use the file: fix it (e) or remove it"},
	{"key mismatch", "mismatch", "the stored arguments hash to neither key: re-record the tape"},
	{"stale", "stale", "the case sends another request now: fix the suite (e) or re-record"},
	{"stale schema_version", "old schema", "lookup skips it: prune removes it (space, d)"},
	{"orphaned suite", "orphaned", "no suite owns it: prune removes it (space, d)"},
	{"orphaned case", "orphaned", "no case owns it: prune removes it (space, d)"},
	{"superseded", "superseded", "replay never reads it: prune removes it (space, d)"},
	{"empty", "empty", "a tape saved with no entries: every auto run misses"},
}

// problemStatus are the statuses of problemKinds (all but "secret").
var problemStatus = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range problemKinds[1:] {
		m[k.status] = true
	}
	return m
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

// land puts the cursor on the first problem when the first scan is done,
// unless the user has moved since the browser opened; with no problem it
// says so on the status line.
func (m Page) land() Page {
	if m.landed {
		return m
	}
	m.landed = true
	if m.touched || m.tree.Len() == 0 {
		return m
	}
	n := m.tree.Count(isProblem)
	if n == 0 {
		m.SetStatus(fmt.Sprintf("nothing needs attention: %s", m.calmSummary()), false)
		return m
	}
	var ok bool
	if m.tree, ok = m.tree.First(isProblem); ok {
		it, _ := m.tree.Selected()
		m.Detail = m.Detail.SetTab(explainingTab(it))
		m.SetStatus(fmt.Sprintf("%d recording(s) need attention · n next · p lists them", n), false)
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
	return fmt.Sprintf("%d recordings: %s", m.tree.Len(), strings.Join(parts, ", "))
}

// explainingTab is the tab that shows what is wrong with a recording.
func explainingTab(it tree.Item) detail.Tab {
	switch {
	case it.Secrets > 0:
		return detail.TabSecrets
	case it.Status == "stale":
		return detail.TabDiff
	}
	return detail.TabResponse
}

// nextProblem is n (or N, back): the next problem in tree order, wrapping
// around at the end.
func (m Page) nextProblem(back bool) Page {
	dir := 1
	if back {
		dir = -1
	}
	t, ok, wrapped := m.tree.Next(dir, isProblem)
	switch {
	case !ok && m.tree.Filter() != "" || !ok && m.tree.StatusFilter() != "":
		m.SetStatus("no problem among the recordings shown · esc clears the filter", false)
	case !ok:
		m.SetStatus("nothing needs attention", false)
	case wrapped && back:
		m.tree = t
		m.SetStatus("back at the last problem", false)
	case wrapped:
		m.tree = t
		m.SetStatus("back at the first problem", false)
	default:
		m.tree = t
	}
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
			todo = fmt.Sprintf("in %d recording(s): %s", n, todo)
			n = m.tree.Secrets()
		}
		line := s.StatusStyle(k.status).Render(fmt.Sprintf("%s %4d %-20s", theme.Glyph(k.status), n, k.status)) +
			s.Muted.Render(" "+todo)
		kinds = append(kinds, picker.Row{ID: rowKind + k.status, Text: line, Match: k.status, Indent: 28})
	}
	if len(kinds) > 0 {
		rows = append(rows, picker.Row{Text: s.Detail.Heading.Render("Recordings")})
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
	case strings.HasPrefix(msg.Row, rowKind):
		kind := strings.TrimPrefix(msg.Row, rowKind)
		if msg.Alt {
			m.tree = m.tree.SetFilter("").SetStatusFilter(kind)
		}
		var ok bool
		if m.tree, ok = m.tree.First(problemOf(kind)); ok {
			it, _ := m.tree.Selected()
			m.Detail = m.Detail.SetTab(explainingTab(it))
		}
	}
	return m.syncDetail()
}
