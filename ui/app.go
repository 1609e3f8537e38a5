// Package ui is the interactive browser of dryfire-tui, on bubbletea v2.
// It is the only package that imports charm libraries. The root Model
// routes messages to its children (tree, detail, dialog) and runs the core
// (through a Backend) inside tea.Cmds; ARCHITECTURE.md describes the
// routing, the ownership of state and the cost model.
package ui

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Options configure the browser.
type Options struct {
	Path    string
	Backend Backend
	// Editor is the command line of $EDITOR ("" = vi).
	Editor string
	// IsDark is the first guess of the background, until the terminal
	// answers tea.RequestBackgroundColor.
	IsDark bool
}

// focus is which pane gets the keys.
type focus int

const (
	focusTree focus = iota
	focusDetail
)

func (f focus) String() string {
	if f == focusDetail {
		return "detail"
	}
	return "tree"
}

// mode is what the keyboard is doing.
type mode int

const (
	modeBrowse  mode = iota
	modeFilter       // typing a filter
	modeHelp         // the ? overlay
	modeConfirm      // the prune dialog
)

func (m mode) String() string {
	return [...]string{"browse", "filter", "help", "confirm"}[m]
}

// Model is the root model: it owns the size and layout, focus and mode,
// the theme and keymap, the scan generation and its cancel function, and
// the status line. The children own everything else.
type Model struct {
	opts   Options
	keys   KeyMap
	styles theme.Styles
	isDark bool
	layout Layout
	focus  focus
	mode   mode
	tree   tree.Model
	detail detail.Model
	dialog dialog.Prune

	filterText string // the filter being typed

	gen     int // scan generation; results of older scans are dropped
	ctx     context.Context
	cancel  context.CancelFunc
	loading bool
	summary Summary
	scanErr error

	detailGen int // detail request generation
	detailID  string

	status    string
	statusErr bool
	// reselect is the recording to put the cursor back on after a rescan.
	reselect tree.Item
}

// New returns the browser for opts.Path. The scan starts with Init.
func New(opts Options) Model {
	keys := DefaultKeyMap()
	styles := theme.New(opts.IsDark)
	m := Model{opts: opts, keys: keys, styles: styles, isDark: opts.IsDark,
		tree: tree.New(styles, keys.Tree), detail: detail.New(styles, keys.Detail)}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.gen, m.loading = 1, true
	return m
}

// Init starts the first scan and asks for the background colour.
func (m Model) Init() tea.Cmd {
	return tea.Batch(scanCmd(m.ctx, m.opts.Backend, m.opts.Path, m.gen), tea.RequestBackgroundColor)
}

// View renders the whole screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "dryfire-tui · " + m.projectName()
	return v
}

// render is the screen as a string; tests compare it with goldens.
func (m Model) render() string {
	return frame.Render(m.layout, "dryfire-tui", m.headerView, m.bodyView, m.statusView, m.footerView)
}

func (m Model) projectName() string {
	if m.summary.Name != "" {
		return m.summary.Name
	}
	return m.opts.Path
}

// bodyView returns exactly BodyH lines.
func (m Model) bodyView() []string {
	l := m.layout
	var out []string
	switch {
	case m.mode == modeHelp:
		out = strings.Split(m.helpView(l.Width, l.BodyH), "\n")
	case m.mode == modeConfirm:
		out = strings.Split(m.dialog.View(m.styles, l.Width, l.BodyH), "\n")
	case !m.loading && m.tree.Len() == 0:
		out = m.emptyView()
	case l.Split:
		tl := strings.Split(m.tree.View(), "\n")
		dl := strings.Split(m.detail.View(), "\n")
		sep := m.styles.Separator.Render("│")
		for i := range l.BodyH {
			out = append(out, padRight(at(tl, i), l.ListW)+sep+at(dl, i))
		}
	case m.focus == focusDetail:
		out = strings.Split(m.detail.View(), "\n")
	default:
		out = strings.Split(m.tree.View(), "\n")
	}
	for len(out) < l.BodyH {
		out = append(out, "")
	}
	return out[:l.BodyH]
}

func at(ls []string, i int) string {
	if i < len(ls) {
		return ls[i]
	}
	return ""
}

// padRight pads to a display width (see [dialog.PadRight]).
var padRight = dialog.PadRight
