package browse

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/live"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/problems"
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

// Page is the browser: the tree of every recording of a workspace,
// the detail of the selected one, filters, marks and prune. It owns the
// scan (its generation and cancel function), the tree, and the prune
// confirmations; the rest of the screen is the embedded screen.
type Page struct {
	page.Screen
	opts Options
	keys KeyMap
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
	records   page.Asked[backend.RecordPlan]
	recording bool
	// reviews is what each box of a re-recording's problems would open
	// the review of (how many cassettes were written).
	reviews    page.Asked[int]
	recordStop context.CancelFunc
	// quitAfterRecord quits once the stopped recording has ended.
	quitAfterRecord bool
	// touched is set by the first key press; landed once the first scan
	// has put the cursor on the first problem (unless touched).
	touched, landed bool
	// walk is the walk n and N make through the problems.
	walk problems.Walker

	// palette is what the last command palette offered; running is the
	// command running ("" for none); commands is what each dialog asking
	// to go ahead with a command would run.
	palette  []paletteEntry
	running  string
	commands page.Asked[backend.CommandRequest]

	// follow is the following of the files (live.go); landedOn is the
	// recording the first scan put the cursor on, while no key is pressed.
	follow   live.Follower
	landedOn string
}

// Options configure a browse page.
type Options struct {
	// Context bounds the work the page starts (scans, commands,
	// re-recordings); nil means context.Background().
	Context context.Context
	// Path is what the page scans: a project, a cassette directory, a
	// tapes directory or one tape.
	Path    string
	Backend backend.Backend
	// Editor is the command line of $EDITOR ("" = vi).
	Editor string
	// Recorder re-records cases (w); nil disables the key.
	Recorder backend.Recorder
	// Pager is the command line of $PAGER ("" = less).
	Pager string
	// Watcher follows the files of Path's recordings (live.go): the page
	// reads them again when they change. nil: it reads them on r alone.
	Watcher backend.Watcher
}

// New returns the browse page on opts.Path, built on styles; [Page.Init]
// starts its scan.
func New(opts Options, styles theme.Styles) Page {
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	keys := DefaultKeyMap()
	m := Page{Screen: page.NewScreen(styles, keys.Detail, keys.Dialog, keys.Overlay),
		opts: opts, keys: keys, tree: tree.New(styles, keys.Tree), picker: picker.New(styles, keys.Picker)}
	m.ctx, m.cancel = context.WithCancel(opts.Context)
	m.gen, m.loading = 1, true
	return m.armWatch()
}

// Init starts the first scan, and the watcher of the files when the
// backend has one.
func (m Page) Init() tea.Cmd {
	return tea.Batch(scanWorkspaceCmd(m.ctx, m.opts.Backend, m.opts.Path, m.gen), m.watchCmd())
}

// stop cancels the running scan and re-recording, and the watcher.
func (m Page) stop() {
	if m.cancel != nil {
		m.cancel()
	}
	m.follow.Stop()
	if m.recordStop != nil {
		m.recordStop()
	}
}

// Interrupt is ctrl+c, whatever the page is doing. During a re-recording
// it stops the recording and quits only once it has ended, so that no
// write is cut short (a second ctrl+c quits at once); otherwise it cancels
// the scan and quits.
func (m Page) Interrupt() (Page, tea.Cmd) {
	if m.recording && !m.quitAfterRecord {
		m = m.stopRecord()
		m.quitAfterRecord = true
		m.SetStatus("stopping the re-recording, then quitting: every file is written whole first (ctrl+c again quits at once)", false)
		return m, nil
	}
	m.stop()
	return m, tea.Quit
}

// quit is q. During a re-recording it does what ctrl+c does first: it
// stops the recording and quits once it has ended, so that the process
// never exits with a recording still writing (only ctrl+c, pressed again,
// quits at once); otherwise it cancels the scan and quits.
func (m Page) quit() (Page, tea.Cmd) {
	if !m.recording {
		m.stop()
		return m, tea.Quit
	}
	if !m.quitAfterRecord {
		m = m.stopRecord()
		m.quitAfterRecord = true
	}
	m.SetStatus("stopping the re-recording, then quitting: every file is written whole first (ctrl+c again quits at once)", false)
	return m, nil
}

// SetSize lays the page out for a terminal of w × h cells.
func (m *Page) SetSize(w, h int) { m.setLayout(computeLayout(w, h)) }

func (m *Page) setLayout(l frame.Layout) {
	m.SetScreenLayout(l)
	m.tree.SetSize(l.ListW, l.BodyH)
	m.picker.SetSize(l.Width, l.BodyH)
}

// SetStyles rebuilds the page's views on new styles.
func (m *Page) SetStyles(s theme.Styles) {
	m.SetScreenStyles(s)
	m.tree.SetStyles(s)
	m.picker.SetStyles(s)
}

// Update gives the page a message: the results of the Cmds it started
// (the scan's and the detail's dropped when they are stale), input, and
// page.BackToBrowseMsg, on which it reads the workspace again. It ignores
// any other message (the review page's results).
func (m Page) Update(msg tea.Msg) (Page, tea.Cmd) {
	switch msg := msg.(type) {
	case scanBatchMsg:
		return m.handleScanBatch(msg)
	case live.WatchedMsg:
		return m.handleWatched(msg)
	case live.ScannedMsg:
		return m.handleLiveScanned(msg)
	case detailLoadedMsg:
		return m.handleDetailLoaded(msg), nil
	case commandDoneMsg:
		return m.handleCommandDone(msg)
	case pruneDoneMsg:
		return m.handlePruneDone(msg)
	case editorClosedMsg:
		return m.handleEditorClosed(msg)
	case pagerClosedMsg:
		return m.handlePagerClosed(msg), nil
	case clipboardSetMsg:
		m.SetStatus("copied "+msg.what, false)
		return m, nil
	case recordPlannedMsg:
		return m.handleRecordPlanned(msg), nil
	case recordProgressMsg:
		return m.handleRecordProgress(msg)
	case recordDoneMsg:
		return m.handleRecordDone(msg)
	case noReviewMsg:
		return m.handleNoReview(msg)
	case page.BackToBrowseMsg:
		return m.rescan()
	}
	return m.update(msg)
}

// update routes input: keys, the mouse, and the dialogs' and the
// picker's answers.
func (m Page) update(msg tea.Msg) (Page, tea.Cmd) {
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
		if n, rest, ok := m.reviews.Take(msg.ID); ok {
			m.reviews = rest
			return m.confirmReview(n)
		}
		return m.confirm(msg.ID)
	case dialog.CancelledMsg:
		_, m.prunes, _ = m.prunes.Take(msg.ID)
		_, m.records, _ = m.records.Take(msg.ID)
		_, m.commands, _ = m.commands.Take(msg.ID)
		if _, rest, ok := m.reviews.Take(msg.ID); ok {
			m.reviews = rest
			return m.rescan() // the re-recording wrote files: read them
		}
	case picker.PickedMsg:
		return m.handlePicked(msg)
	}
	return m, nil
}

// setFocus moves the keyboard to a pane.
func (m *Page) setFocus(f page.Focus) { m.SetFocus(f, &m.tree) }

// rescan cancels the running scan and starts a new generation; results of
// the old one are dropped when they arrive.
func (m Page) rescan() (Page, tea.Cmd) {
	m.cancel()
	m.follow = m.follow.Drop()
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

// Selected is the recording under the cursor; false on a suite or case
// row, or with nothing listed.
func (m Page) Selected() (tree.Item, bool) { return m.tree.Selected() }

// ProjectName is the project's name as the header and the window title
// show it: made visible, since a directory name can hold control
// characters and the window title is itself a control sequence.
func (m Page) ProjectName() string {
	if m.summary.Name != "" {
		return visible.Line(m.summary.Name)
	}
	return visible.Line(m.opts.Path)
}

// Render is the page as a string; tests compare it with goldens.
func (m Page) Render() string {
	return frame.Render(m.Layout, "dryfire-tui", m.headerView, m.bodyRows, m.statusView, m.footerView)
}

// bodyRows is the body: the problem summary over everything, the empty
// state when the scan found nothing.
func (m Page) bodyRows() []string {
	var empty func() []string
	switch {
	case m.picker.Visible() && !m.Overlay():
		empty = func() []string { return strings.Split(m.picker.View(), "\n") }
	case !m.loading && m.tree.Len() == 0:
		empty = m.emptyView
	}
	return m.BodyView(m.tree.View, empty)
}
