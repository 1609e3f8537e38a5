package ui

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// mode is what the keyboard of the browse page is doing.
type mode int

const (
	modeBrowse mode = iota
	modeFilter      // typing a filter
	modeSearch      // typing a search of the detail pane
)

func (m mode) String() string {
	switch m {
	case modeFilter:
		return "filter"
	case modeSearch:
		return "search"
	case modeBrowse:
	}
	return "browse"
}

// browsePage is the browser: the tree of every recording of a workspace,
// the detail of the selected one, filters, marks and prune. It owns the
// scan (its generation and cancel function), the tree, and the prune
// confirmations; the rest of the screen is the embedded screen.
type browsePage struct {
	page.Screen
	opts Options
	keys BrowseKeyMap
	mode mode
	tree tree.Model

	filterText string // the filter or search being typed

	gen     int // scan generation; results of older scans are dropped
	ctx     context.Context
	cancel  context.CancelFunc
	loading bool
	summary backend.Summary
	scanErr error

	detailGen int // detail request generation
	detailID  string
	// reselect are the recordings to put the cursor back on after a
	// rescan, best first (tree.Anchors), or the suite or case it was on.
	reselect     []string
	reselectPath []string
	// prunes is what each prune dialog listed for removal.
	prunes page.Asked[[]tree.Item]
	// pruneAfterScan opens the prune dialog when the running scan ends:
	// the marks were made on an older scan, and a recording may have
	// become live since (a suite restored, a case renamed back).
	pruneAfterScan bool

	// picker is the problem summary; pickers counts the pickers opened
	// (the last one's answer carries it) and pickerAsk says what the last
	// one lists.
	picker    picker.Model
	pickers   int
	pickerAsk string
	// records is what each re-record dialog asked to record; recording
	// is set while one runs, and recordStop stops it.
	records    page.Asked[backend.RecordPlan]
	recording  bool
	recordStop context.CancelFunc
	// quitAfterRecord quits once the stopped recording has ended.
	quitAfterRecord bool
	// touched is set by the first key press; landed once the first scan
	// has put the cursor on the first problem (unless touched).
	touched, landed bool

	// palette is what the last command palette offered; running is the
	// command running ("" for none); commands is what each dialog asking
	// to go ahead with a command would run.
	palette  []paletteEntry
	running  string
	commands page.Asked[backend.CommandRequest]
}

func newBrowsePage(opts Options, styles theme.Styles) browsePage {
	keys := DefaultBrowseKeyMap()
	m := browsePage{Screen: page.NewScreen(styles, keys.Detail, keys.Dialog, keys.Overlay),
		opts: opts, keys: keys, tree: tree.New(styles, keys.Tree), picker: picker.New(styles, keys.Picker)}
	m.ctx, m.cancel = context.WithCancel(opts.Context)
	m.gen, m.loading = 1, true
	return m
}

// init starts the first scan.
func (m browsePage) init() tea.Cmd {
	return scanWorkspaceCmd(m.ctx, m.opts.Backend, m.opts.Path, m.gen)
}

// stop cancels the running scan and re-recording.
func (m browsePage) stop() {
	if m.cancel != nil {
		m.cancel()
	}
	if m.recordStop != nil {
		m.recordStop()
	}
}

func (m *browsePage) setLayout(l Layout) {
	m.SetScreenLayout(l)
	m.tree.SetSize(l.ListW, l.BodyH)
	m.picker.SetSize(l.Width, l.BodyH)
}

func (m *browsePage) setStyles(s theme.Styles) {
	m.SetScreenStyles(s)
	m.tree.SetStyles(s)
	m.picker.SetStyles(s)
}

// update routes input: keys, the mouse and the prune dialog's answers.
func (m browsePage) update(msg tea.Msg) (browsePage, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case dialog.ConfirmedMsg:
		if p, rest, ok := m.records.Take(msg.ID); ok {
			m.records = rest
			return m.startRecord(p)
		}
		return m.confirm(msg.ID)
	case dialog.CancelledMsg:
		_, m.prunes, _ = m.prunes.Take(msg.ID)
		_, m.records, _ = m.records.Take(msg.ID)
		_, m.commands, _ = m.commands.Take(msg.ID)
	case picker.PickedMsg:
		return m.handlePicked(msg)
	}
	return m, nil
}

// setFocus moves the keyboard to a pane.
func (m *browsePage) setFocus(f page.Focus) { m.SetFocus(f, &m.tree) }

// rescan cancels the running scan and starts a new generation; results of
// the old one are dropped when they arrive.
func (m browsePage) rescan() (browsePage, tea.Cmd) {
	m.cancel()
	m.ctx, m.cancel = context.WithCancel(m.opts.Context)
	m.gen++
	m.loading, m.scanErr = true, nil
	m.reselect, m.reselectPath = m.tree.Anchors(8), nil
	if _, leaf := m.tree.Selected(); !leaf {
		_, m.reselectPath = m.tree.SelectedPath()
	}
	m.tree = m.tree.Reset()
	m.detailID = ""
	return m, scanWorkspaceCmd(m.ctx, m.opts.Backend, m.opts.Path, m.gen)
}

// projectName is the project's name as the header and the window title
// show it: made visible, since a directory name can hold control
// characters and the window title is itself a control sequence.
func (m browsePage) projectName() string {
	if m.summary.Name != "" {
		return visible.Line(m.summary.Name)
	}
	return visible.Line(m.opts.Path)
}

// render is the page as a string.
func (m browsePage) render() string {
	return frame.Render(m.Layout, "dryfire-tui", m.headerView, m.bodyRows, m.statusView, m.footerView)
}

// bodyRows is the body: the problem summary over everything, the empty
// state when the scan found nothing.
func (m browsePage) bodyRows() []string {
	var empty func() []string
	switch {
	case m.picker.Visible() && !m.Overlay():
		empty = func() []string { return strings.Split(m.picker.View(), "\n") }
	case !m.loading && m.tree.Len() == 0:
		empty = m.emptyView
	}
	return m.BodyView(m.tree.View, empty)
}
