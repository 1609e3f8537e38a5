package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/browse"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/review"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Page is one of the app's screens.
type Page int

// The pages.
const (
	PageBrowse Page = iota
	PageReview
)

func (p Page) String() string {
	if p == PageReview {
		return "review"
	}
	return "browse"
}

// Options configure the app.
type Options struct {
	// Page is the page the app opens on.
	Page Page
	// Context bounds the work the app starts (scans, git commands); nil
	// means context.Background().
	Context context.Context
	// IsDark is the first guess of the background, until the terminal
	// answers tea.RequestBackgroundColor.
	IsDark bool

	// Path is what the browse page scans: a project, a cassette
	// directory, a tapes directory or one tape.
	Path    string
	Backend backend.Backend
	// Editor is the command line of $EDITOR ("" = vi).
	Editor string
	// Recorder re-records cases (w); nil disables the key.
	Recorder backend.Recorder
	// Pager is the command line of $PAGER ("" = less).
	Pager string
	// Watcher makes the browse page follow the files live; nil: it reads
	// them again on r alone.
	Watcher backend.Watcher

	// Review is the session the review page shows.
	Review *gitreview.Review
	// LookedAt are the directories the review looked at (absolute), shown
	// when nothing changed.
	LookedAt []string
	// Reload opens the review again (r); nil disables the key.
	Reload backend.ReviewLoader
}

// Model is the root model. It owns what the whole screen shares: which
// page shows, the background the theme is built for and the keys every
// page has; each page owns its layout, focus, overlays, status line and
// children.
type Model struct {
	keys   page.KeyMap
	page   Page
	isDark bool
	ctx    context.Context
	browse browse.Page
	review review.Page
	// width and height are the terminal's, for a page that comes on
	// screen after the first resize.
	width, height int
}

// New returns the app on opts.Page. The browse page starts its scan with
// Init.
func New(opts Options) Model {
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	styles := theme.New(opts.IsDark)
	m := Model{keys: page.DefaultKeyMap(), page: opts.Page, isDark: opts.IsDark, ctx: opts.Context}
	if m.page == PageReview {
		m.review = review.New(review.Options{Context: opts.Context, Review: opts.Review, LookedAt: opts.LookedAt, Reload: opts.Reload}, styles)
	} else {
		m.browse = browse.New(browse.Options{Context: opts.Context, Path: opts.Path, Backend: opts.Backend,
			Editor: opts.Editor, Recorder: opts.Recorder, Pager: opts.Pager, Watcher: opts.Watcher}, styles)
	}
	return m
}

// Init starts the browse page's scan and asks for the background colour.
func (m Model) Init() tea.Cmd {
	if m.page == PageReview {
		return tea.RequestBackgroundColor
	}
	return tea.Batch(m.browse.Init(), tea.RequestBackgroundColor)
}

// View renders the whole screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "dryfire-tui review"
	if m.page == PageBrowse {
		v.WindowTitle = "dryfire-tui · " + m.browse.ProjectName()
	}
	return v
}

// render is the screen as a string; tests compare it with goldens.
func (m Model) render() string {
	if m.page == PageReview {
		return m.review.Render()
	}
	return m.browse.Render()
}

// ReviewTally counts the review page's changes by what the session did
// with them (zero on the browse page).
func (m Model) ReviewTally() review.Tally { return m.review.Tally() }

// openReview shows the review of what a re-recording changed: the review
// page, opened from the browser, to which q goes back, with what the
// re-recording did (or that it was stopped) still in sight.
func (m Model) openReview(msg browse.OpenReviewMsg) (tea.Model, tea.Cmd) {
	opts := review.Options{Context: m.ctx, Review: msg.Review, LookedAt: msg.LookedAt, Reload: msg.Reload, FromBrowse: true}
	m.review = review.New(opts, theme.New(m.isDark))
	m.review.SetStatus(m.browse.Status, m.browse.StatusErr)
	m.page = PageReview
	m.resize(m.width, m.height)
	return m, nil
}

// backToBrowse leaves a review opened from the browser, which reads the
// workspace again.
func (m Model) backToBrowse(msg page.BackToBrowseMsg) (tea.Model, tea.Cmd) {
	m.page = PageBrowse
	m.review = review.Page{}
	m.resize(m.width, m.height)
	return m.withBrowse(m.browse.Update(msg))
}
