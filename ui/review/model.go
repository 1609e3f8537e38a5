package review

import (
	"context"
	"fmt"
	"maps"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Options configure the review screen.
type Options struct {
	// Context bounds the git commands the screen runs.
	Context context.Context
	Review  *gitreview.Review
	// LookedAt are the directories the review looked at (absolute), shown
	// when nothing changed.
	LookedAt []string
	// Reload opens the review again (r); nil disables the key.
	Reload Loader
	// IsDark is the first guess of the background, until the terminal
	// answers tea.RequestBackgroundColor.
	IsDark bool
}

// focus is which pane gets the movement keys.
type focus int

const (
	focusList focus = iota
	focusDetail
)

func (f focus) String() string { return [...]string{"list", "detail"}[f] }

// mode is what the keyboard is doing.
type mode int

const (
	modeBrowse mode = iota
	modeHelp
	modeConfirm
)

func (m mode) String() string { return [...]string{"browse", "help", "confirm"}[m] }

// confirmation is an action waiting for y in the confirm dialog.
type confirmation struct {
	op     op
	title  string
	paths  []string
	lines  []string
	offset int // first list line shown
}

// Model is the review screen.
type Model struct {
	ctx    context.Context
	opts   Options
	keys   KeyMap
	styles theme.Styles
	isDark bool
	layout layout
	focus  focus
	mode   mode

	review   *gitreview.Review // handle for Cmds; the view reads only immutable fields
	gen      int               // review generation; results for an older review are dropped
	lookedAt []string
	groups   []group
	rows     []row
	states   map[string]string // path → accepted / rejected / skipped (the model's copy)
	undo     []int             // core steps per user action, for u

	cursor    int // index into rows; always an item row when there is one
	listTop   int
	detailTop int

	confirm confirmation
	busy    string // the action running, "" when idle
	status  string
	isErr   bool
}

// New returns the review screen over opts.Review.
func New(opts Options) Model {
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	m := Model{ctx: opts.Context, opts: opts, keys: DefaultKeyMap(), isDark: opts.IsDark,
		styles: theme.New(opts.IsDark), gen: 1}
	m.setReview(opts.Review, opts.LookedAt, nil)
	return m
}

// setReview shows r, keeping the states of paths still listed from keep.
func (m *Model) setReview(r *gitreview.Review, lookedAt []string, keep map[string]string) {
	sel := m.selectedPath()
	m.review, m.lookedAt = r, lookedAt
	m.groups = buildGroups(r)
	m.rows = buildRows(m.groups)
	m.states = map[string]string{}
	m.undo = nil
	for _, rw := range m.rows {
		if rw.item == nil {
			continue
		}
		if st := rw.item.State; st != "" {
			m.states[rw.item.Path] = st
		} else if st := keep[rw.item.Path]; st == stateAccepted || st == stateSkipped {
			m.states[rw.item.Path] = st
		}
	}
	m.cursor, m.listTop, m.detailTop = 0, 0, 0
	m.moveTo(sel)
	m.cursor = m.itemRow(m.cursor, 1)
}

// Init asks for the background colour.
func (m Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes a message to its handler (handlers.go).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.layout = computeLayout(msg.Width, msg.Height)
		m.scrollIntoView()
		return m, nil
	case tea.BackgroundColorMsg:
		m.isDark = msg.IsDark()
		m.styles = theme.New(m.isDark)
		return m, nil
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case actionDoneMsg:
		return m.handleActionDone(msg)
	case reloadedMsg:
		return m.handleReloaded(msg)
	}
	return m, nil
}

// View renders the screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "dryfire-tui review"
	return v
}

// Tally counts the items by what the session did with them.
type Tally struct {
	Changed, Accepted, Rejected, Skipped, Left int
}

// Tally returns the counts of the header.
func (m Model) Tally() Tally {
	t := Tally{}
	for _, rw := range m.rows {
		if rw.item == nil {
			continue
		}
		t.Changed++
		switch m.states[rw.item.Path] {
		case stateAccepted:
			t.Accepted++
		case stateRejected:
			t.Rejected++
		case stateSkipped:
			t.Skipped++
		default:
			t.Left++
		}
	}
	return t
}

// String is the tally as the header and the exit line say it.
func (t Tally) String() string {
	s := fmt.Sprintf("%d changed · %d accepted · %d rejected · %d left", t.Changed, t.Accepted, t.Rejected, t.Left)
	if t.Skipped > 0 {
		s += fmt.Sprintf(" · %d skipped", t.Skipped)
	}
	return s
}

// selected is the item under the cursor, or nil.
func (m Model) selected() *gitreview.ReviewItem {
	if m.cursor < len(m.rows) {
		return m.rows[m.cursor].item
	}
	return nil
}

func (m Model) selectedPath() string {
	if it := m.selected(); it != nil {
		return it.Path
	}
	return ""
}

// setStates merges action results into a fresh copy of the state map, so
// earlier copies of the model keep theirs.
func (m *Model) setStates(states map[string]string) {
	next := maps.Clone(m.states)
	for p, st := range states {
		if st == "" {
			delete(next, p)
		} else {
			next[p] = st
		}
	}
	m.states = next
}
