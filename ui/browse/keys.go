package browse

import (
	"fmt"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// KeyMap is the one keymap of the browse page: the keys every page
// has, the page's actions and its children's keymaps. It drives dispatch,
// the key line, the ? overlay and docs/keys.md.
type KeyMap struct {
	page.KeyMap
	Filter, Clear, StatusFilter, Back    key.Binding
	NextProblem, PrevProblem, Problems   key.Binding
	Palette                              key.Binding
	Prune, Edit, EditFile, Copy, CopyKey key.Binding
	Rescan                               key.Binding
	Record, StopRecord                   key.Binding
	Tree                                 tree.KeyMap
	Detail                               detail.KeyMap
	Dialog                               dialog.KeyMap
	Picker                               picker.KeyMap
	Overlay                              help.KeyMap
}

// DefaultKeyMap returns the keys of the browse page (docs/keys.md lists
// them).
func DefaultKeyMap() KeyMap {
	return KeyMap{
		KeyMap:       page.DefaultKeyMap(),
		Filter:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Clear:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		StatusFilter: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "status")),
		Back:         key.NewBinding(key.WithKeys("esc", "h", "left"), key.WithHelp("esc/h", "back to tree")),
		NextProblem:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next problem")),
		PrevProblem:  key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous problem")),
		Problems:     key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "problems")),
		Palette:      key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "commands")),
		Prune:        key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "prune")),
		Edit:         key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		EditFile:     key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "edit recording")),
		Copy:         key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy path")),
		CopyKey:      key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy key")),
		Rescan:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rescan")),
		Record:       key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "re-record")),
		StopRecord:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop recording")),
		Tree:         tree.DefaultKeyMap(),
		Detail:       detail.DefaultKeyMap(),
		Dialog:       dialog.DefaultKeyMap(),
		Picker:       problemsPickerKeys(),
		Overlay:      help.DefaultKeyMap(),
	}
}

// problemsPickerKeys are the picker's keys as the problem summary uses
// them.
func problemsPickerKeys() picker.KeyMap {
	k := picker.DefaultKeyMap()
	k.Pick.SetHelp("enter", "go to the first")
	k.Alt.SetHelp("s", "show only these")
	return k
}

// Groups returns every binding, grouped, in help order.
func (k KeyMap) Groups() []help.Group {
	return []help.Group{
		{Title: "Tree", Bindings: k.Tree.Bindings()},
		{Title: "Problems", Bindings: []key.Binding{k.NextProblem, k.PrevProblem, k.Problems}},
		{Title: "Detail", Bindings: append([]key.Binding{k.Focus, k.Open, k.Back}, k.Detail.Bindings()...)},
		{Title: "Raw tab", Bindings: k.Detail.RawBindings()},
		{Title: "Actions", Bindings: []key.Binding{k.Palette, k.Filter, k.Clear, k.StatusFilter, k.Prune, k.Edit, k.EditFile, k.Copy, k.CopyKey, k.Rescan, k.Record, k.StopRecord}},
		{Title: "General", Bindings: []key.Binding{k.Help, k.Quit}},
		{Title: "Problem summary", Bindings: k.Picker.ShortHelp()},
		{Title: "Confirm dialog", Bindings: k.Dialog.ShortHelp()},
	}
}

// legendItem is one entry of the ? overlay's legend: the names it stands
// for (their glyph is the first's) and what it says; with no name, the
// label is said as it is (a heading, or a glyph of the tree's own).
type legendItem struct {
	names []string
	label string
}

// browseLegend is every glyph the browser draws, by what it marks: each
// name of theme.BrowseMeanings is in it (TestLegendListsEveryGlyph).
var browseLegend = [][]legendItem{
	{{nil, "Recordings:"}, {[]string{"live", "ok"}, "live, ok"}, {[]string{"stale"}, "stale"},
		{[]string{"unrecorded"}, "unrecorded (a turn no file answers)"}, {[]string{"stale schema_version"}, "stale schema_version"}, {[]string{"superseded"}, "superseded"},
		{[]string{"orphaned case", "orphaned suite"}, "orphaned case or suite"}, {[]string{"in use"}, "in use"},
		{[]string{"protected"}, "protected"}, {[]string{"invalid"}, "invalid"}, {[]string{"key mismatch"}, "key mismatch"},
		{[]string{"error entry"}, "error entry"}, {[]string{"empty"}, "empty tape"}, {[]string{"unknown"}, "unknown"},
		{[]string{"pending"}, "pending (not classified yet)"}, {[]string{"secret"}, "holds a secret"},
		{[]string{"marked"}, "marked for prune"}},
	{{nil, "Cases:"}, {[]string{"passed"}, "passed"}, {[]string{"failing"}, "failing"}, {[]string{"errored"}, "errored"},
		{[]string{"flaky"}, "flaky (repetitions disagree)"}},
	{{nil, "Tree:"}, {nil, "▸ collapsed"}, {nil, "▾ expanded"}},
}

// legendLines is a legend as the overlay takes it: its glyph, then its
// words, for each entry.
func legendLines(legend [][]legendItem) [][]string {
	out := make([][]string, len(legend))
	for i, line := range legend {
		for _, it := range line {
			if len(it.names) == 0 {
				out[i] = append(out[i], it.label)
			} else {
				out[i] = append(out[i], theme.Glyph(it.names[0])+" "+it.label)
			}
		}
	}
	return out
}

// keysNow is the keymap with the bindings that do not apply disabled.
func (m Page) keysNow() KeyMap {
	k := m.keys
	k.Tree = m.tree.Keys()
	k.Detail = m.Detail.Keys()
	it, leaf := m.tree.Selected()
	hasRows := m.tree.Rows() > 0
	inDetail := m.Focus == page.FocusDetail
	k.Open.SetEnabled(hasRows && (!leaf || !inDetail))
	k.Focus.SetEnabled(hasRows)
	k.Back.SetEnabled(inDetail)
	k.Detail.Tabs.SetEnabled(hasRows)
	k.Detail.NextTab.SetEnabled(hasRows)
	k.Detail.PrevTab.SetEnabled(hasRows)
	k.Filter.SetEnabled(m.tree.Len() > 0)
	k.Clear.SetEnabled(!inDetail && (m.tree.Filter() != "" || m.tree.StatusFilter() != ""))
	k.StatusFilter.SetEnabled(len(m.tree.Statuses()) > 1)
	k.Tree.Mark.SetEnabled(k.Tree.Mark.Enabled() && (!inDetail || leaf))
	k.NextProblem.SetEnabled(hasRows)
	k.PrevProblem.SetEnabled(hasRows)
	k.Problems.SetEnabled(!m.loading && m.tree.Len() > 0)
	k.Palette.SetEnabled(!m.loading && m.running == "")
	// d with nothing marked says what to do rather than nothing.
	k.Prune.SetEnabled(hasRows)
	k.Edit.SetEnabled(leaf)
	if _, line, suite := m.editTarget(); suite {
		k.Edit.SetHelp("e", fmt.Sprintf("edit suite:%d", line))
		k.EditFile.SetEnabled(true)
	} else {
		k.EditFile.SetEnabled(false)
	}
	k.Copy.SetEnabled(leaf && it.Path != "") // an unrecorded turn has no file
	k.CopyKey.SetEnabled(leaf && it.Key != "")
	k.Rescan.SetEnabled(!m.loading && !m.recording)
	k.Record.SetEnabled(m.canRecord())
	k.StopRecord.SetEnabled(m.recording)
	// Where the detail pane gives a key its own meaning, the page's is off.
	if k.Detail.CopyValue.Enabled() {
		k.Copy.SetEnabled(false)
		k.CopyKey.SetEnabled(false)
	}
	if k.Detail.NextMatch.Enabled() {
		k.NextProblem.SetEnabled(false)
		k.PrevProblem.SetEnabled(false)
	}
	if k.Detail.Search.Enabled() {
		k.Filter.SetEnabled(false)
	}
	// The key line names esc alone (? lists h and ← too); when the detail
	// fills the screen, back can only be to the tree.
	k.Back.SetHelp("esc", "back to tree")
	if !m.Layout.Split {
		k.Back.SetHelp("esc", "back")
	}
	if !m.Layout.Split && !inDetail {
		// On a narrow screen the tree hides the detail: enter opens it
		// rather than acting on a Diff tab nobody can see.
		k.Detail.Jump.SetEnabled(false)
	}
	if k.Detail.Jump.Enabled() {
		k.Open.SetEnabled(false)
	}
	if k.Detail.Left.Enabled() {
		// Scrolled sideways, ← scrolls back first; at the left edge it
		// goes back to the tree again.
		k.Back.SetKeys("esc", "h")
	}
	if m.recording {
		// q stops the recording and quits once it has ended, as ctrl+c
		// does: every file it writes is written whole.
		k.Quit.SetHelp("q", "stop and quit")
		// The recording writes into the tree: nothing else changes it
		// meanwhile, and esc stops the recording.
		k.Prune.SetEnabled(false)
		k.Palette.SetEnabled(false)
		k.Edit.SetEnabled(false)
		k.Clear.SetEnabled(false)
		k.Back.SetEnabled(false)
	}
	return k
}

// handleKey dispatches a key press: to the filter being typed, to the
// overlay on screen, then by the keymap, the focused pane last. Every match
// goes through key.Matches on keysNow, so a key that does not apply does
// nothing.
func (m Page) handleKey(msg tea.KeyPressMsg) (Page, tea.Cmd) {
	switch {
	case m.mode == modeFilter:
		return m.handleFilterKey(msg)
	case m.mode == modeSearch:
		return m.handleSearchKey(msg)
	case m.picker.Visible():
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		return m, cmd
	case m.Overlay():
		var cmd tea.Cmd
		m.Screen, cmd = m.UpdateOverlay(msg)
		return m, cmd
	}
	m.Status, m.StatusErr = "", false
	m.touched = true
	k := m.keysNow()
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.Help = m.Help.Show("Keys", m.keys.Groups(), legendLines(browseLegend))
		return m, nil
	case m.detailKey(msg, k):
		return m.handleDetailKey(msg, k)
	case key.Matches(msg, k.NextProblem, k.PrevProblem):
		m = m.nextProblem(key.Matches(msg, k.PrevProblem))
	case key.Matches(msg, k.Problems):
		m = m.openProblems()
	case key.Matches(msg, k.Palette):
		m = m.openPalette()
	case key.Matches(msg, k.Prune) && m.tree.MarkCount() == 0:
		m.SetStatus(nothingMarked, false)
		return m, nil
	case key.Matches(msg, k.Prune):
		return m.rescanThenPrune()
	case key.Matches(msg, k.Edit, k.EditFile):
		return m.edit(key.Matches(msg, k.EditFile))
	case key.Matches(msg, k.Copy, k.CopyKey):
		return m.copy(key.Matches(msg, k.CopyKey))
	case key.Matches(msg, k.Rescan):
		return m.rescanKey()
	case key.Matches(msg, k.Record):
		return m.planRecord()
	case key.Matches(msg, k.StopRecord):
		return m.stopRecord(), nil
	default:
		m = m.handleMoveKey(msg, k)
	}
	return m.syncDetail()
}

// handleMoveKey handles the keys that change what is shown: filters,
// focus, tabs, marks and the panes' own keys.
func (m Page) handleMoveKey(msg tea.KeyPressMsg, k KeyMap) Page {
	switch {
	case key.Matches(msg, k.Filter):
		m.mode, m.filterText = modeFilter, m.tree.Filter()
	case key.Matches(msg, k.Clear):
		m.tree = m.tree.SetFilter("").SetStatusFilter("")
	case key.Matches(msg, k.Back):
		m.setFocus(page.FocusList)
	case key.Matches(msg, k.StatusFilter):
		m = m.openStatusPicker()
	case key.Matches(msg, k.Focus):
		m.setFocus(1 - m.Focus)
	case key.Matches(msg, k.Open):
		m.open()
	case key.Matches(msg, m.keys.Tree.Mark) && !k.Tree.Mark.Enabled() && m.Focus == page.FocusList && m.tree.Rows() > 0:
		m.SetStatus("nothing here to prune: space marks orphaned, superseded and stale schema_version recordings", false)
	case key.Matches(msg, k.Tree.Mark) && m.Focus == page.FocusDetail:
		// The detail shows the recording under the tree's cursor: mark it
		// and stay on it.
		m.tree = m.tree.ToggleMark()
	case key.Matches(msg, k.Detail.Tabs, k.Detail.NextTab, k.Detail.PrevTab, k.Detail.Reveal, k.Detail.Wrap):
		m.Detail, _ = m.Detail.Update(msg)
	case m.Focus == page.FocusDetail:
		m.Detail, _ = m.Detail.Update(msg)
	default:
		m.tree, _ = m.tree.Update(msg)
	}
	return m
}

// open is enter: expand or collapse a group, or show a recording's detail.
func (m *Page) open() {
	if _, leaf := m.tree.Selected(); !leaf {
		m.tree = m.tree.Toggle()
		return
	}
	m.setFocus(page.FocusDetail)
}

// copy puts the selected recording's path (or key) on the clipboard.
func (m Page) copy(keyOnly bool) (Page, tea.Cmd) {
	it, ok := m.tree.Selected()
	if !ok {
		return m, nil
	}
	if keyOnly {
		return m, copyTextCmd(it.Key, "key "+it.Key)
	}
	return m, copyTextCmd(it.Path, secrets.MaskPath(it.Path))
}

// handleFilterKey edits the fuzzy filter; the tree refilters on every
// change.
func (m Page) handleFilterKey(msg tea.KeyPressMsg) (Page, tea.Cmd) {
	switch {
	case msg.Code == tea.KeyEnter:
		m.mode = modeBrowse
		return m.syncDetail()
	case msg.Code == tea.KeyEscape:
		m.mode, m.filterText = modeBrowse, ""
	case msg.Code == tea.KeyBackspace:
		if m.filterText != "" {
			_, n := utf8.DecodeLastRuneInString(m.filterText)
			m.filterText = m.filterText[:len(m.filterText)-n]
		}
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		m.filterText += msg.Text
	default:
		return m, nil
	}
	m.tree = m.tree.SetFilter(m.filterText)
	return m.syncDetail()
}
