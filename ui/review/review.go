package review

import (
	"context"
	"fmt"
	"maps"
	"path"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/list"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Page is the review: the recordings changed since git HEAD, grouped
// by case, with keys to accept (stage), reject (restore the committed
// version), skip, act on everything left, and undo.
//
// It keeps the *gitreview.Review as a handle for Cmds and never calls its
// methods from Update: every git action runs in a Cmd (cmds.go) and returns
// a message, and one action runs at a time. The page copies what it shows
// of each item when the review is opened, and keeps its own copy of each
// item's state, so the view never reads what a Cmd may be changing.
type Page struct {
	page.Screen
	ctx    context.Context
	keys   KeyMap
	reload backend.ReviewLoader
	list   list.Model

	session  *gitreview.Review // the handle for Cmds
	gen      int               // review generation; results for an older review are dropped
	root     string
	lookedAt []string
	items    map[string]gitreview.ReviewItem // by path, as opened
	cases    map[string][]string             // path → what changed across its case
	states   map[string]string               // path → accepted / rejected / skipped
	undo     []int                           // core steps per user action, for u
	busy     string                          // the action running, "" when idle
	asks     page.Asked[reviewAsk]           // what each dialog asks to do
	rng      rangeInfo                       // the two revisions of review --base (range.go)
	// fromBrowse is set when the browser opened the review after a
	// re-recording: q goes back to it.
	fromBrowse bool
}

// reviewAsk is an action a dialog asks to confirm.
type reviewAsk struct {
	op    op
	paths []string
}

// Options configure a review page.
type Options struct {
	// Context bounds the git commands the page runs.
	Context context.Context
	// Review is the session the page shows.
	Review *gitreview.Review
	// LookedAt are the directories the review looked at (absolute), shown
	// when nothing changed.
	LookedAt []string
	// Reload opens the review again (r); nil disables the key.
	Reload backend.ReviewLoader
	// FromBrowse is set when the browser opened the review after a
	// re-recording: q goes back to it.
	FromBrowse bool
}

// New returns the review page on opts.Review, built on styles.
func New(opts Options, styles theme.Styles) Page {
	keys := DefaultKeyMap()
	m := Page{Screen: page.NewScreen(styles, keys.detailKeys(), keys.Dialog, keys.Overlay),
		ctx: opts.Context, keys: keys, reload: opts.Reload, list: list.New(styles, keys.List), gen: 1,
		fromBrowse: opts.FromBrowse}
	return m.setReview(opts.Review, opts.LookedAt, nil)
}

// setReview shows r, keeping the states of paths still listed from keep,
// with the cursor on the item it was on when that one is still listed.
func (m Page) setReview(r *gitreview.Review, lookedAt []string, keep map[string]string) Page {
	sel, _ := m.list.Selected()
	m.session, m.lookedAt, m.root, m.rng = r, lookedAt, "", rangeOf(r)
	m.items, m.states, m.undo = map[string]gitreview.ReviewItem{}, map[string]string{}, nil
	if r != nil {
		m.root = r.Root
		for _, it := range r.Items {
			m.items[it.Path] = *it
			if st := it.State; st != "" {
				m.states[it.Path] = st
			} else if st := keep[it.Path]; st == stateAccepted || st == stateSkipped {
				m.states[it.Path] = st
			}
		}
	}
	var groups []list.Group
	groups, m.cases = m.groups(r)
	m.list = m.list.SetGroups(groups)
	m.list, _ = m.list.Select(sel.ID)
	m.Detail = m.Detail.Clear(nil)
	return m.sayProblems().syncDetail()
}

// groups puts the review's items under headings: cases in the review's
// order, then tapes, then anything else; and says, by path, what changed
// across each item's case when the case has more than one file changed.
func (m Page) groups(r *gitreview.Review) ([]list.Group, map[string][]string) {
	cases := map[string][]string{}
	if r == nil {
		return nil, cases
	}
	var groups []list.Group
	inCase := map[string]bool{}
	for _, c := range r.Cases {
		// Names and paths show a secret in them as its mask.
		title := secrets.MaskPath(c.Suite) + " ▸ " + secrets.MaskPath(c.Case)
		if c.Suite == "" && c.Case == "" && len(c.Items) > 0 {
			title = secrets.MaskPath(path.Dir(c.Items[0].Path))
		}
		g := list.Group{Title: title}
		for _, it := range c.Items {
			inCase[it.Path] = true
			if m.rng.folded[it.Path] {
				continue
			}
			g.Items = append(g.Items, m.listItem(it))
			if len(c.Summary) > 0 && len(c.Items) > 1 {
				cases[it.Path] = c.Summary
			}
		}
		groups = append(groups, g)
	}
	tapes, other := list.Group{Title: "tapes"}, list.Group{Title: "other files"}
	for _, it := range r.Items {
		switch {
		case inCase[it.Path]:
		case it.Format == format.Tape:
			tapes.Items = append(tapes.Items, m.listItem(it))
		default:
			other.Items = append(other.Items, m.listItem(it))
		}
	}
	for _, g := range []list.Group{tapes, other} {
		if len(g.Items) > 0 {
			groups = append(groups, g)
		}
	}
	return groups, cases
}

// listItem is an item's row: its kind, turn and key for a dryfire
// recording (the file name otherwise), and its state.
func (m Page) listItem(it *gitreview.ReviewItem) list.Item {
	label := secrets.MaskPath(path.Base(it.Path))
	if it.Format == format.Dryfire && it.Key != "" {
		label = fmt.Sprintf("%02d %s", it.Turn, it.Key[:min(len(it.Key), 12)])
	}
	li := list.Item{ID: it.Path, Kind: it.Kind.String(), Label: label, Tag: m.states[it.Path]}
	if len(it.Secrets) > 0 {
		li.Mark = "secret"
	}
	return li
}

// maxListWidth is the widest the list gets on a split screen.
const maxListWidth = 56

// SetSize lays the page out for a terminal of w × h cells.
func (m *Page) SetSize(w, h int) { m.setLayout(computeLayout(w, h)) }

// computeLayout is the review's layout (see [frame.Layout]), a pure
// function of the size.
func computeLayout(w, h int) frame.Layout { return frame.Compute(w, h, maxListWidth) }

func (m *Page) setLayout(l frame.Layout) {
	m.SetScreenLayout(l)
	m.list.SetSize(l.ListW, l.BodyH)
}

// SetStyles pushes new styles down to the page's children.
func (m *Page) SetStyles(s theme.Styles) {
	m.SetScreenStyles(s)
	m.list.SetStyles(s)
}

// setFocus moves the keyboard to a pane.
func (m *Page) setFocus(f page.Focus) { m.SetFocus(f, &m.list) }

// Update gives the page a message: the results of the Cmds it started
// (each dropped when the review was reloaded since), then input.
func (m Page) Update(msg tea.Msg) (Page, tea.Cmd) {
	switch msg := msg.(type) {
	case actedMsg:
		return m.handleActed(msg), nil
	case loadedMsg:
		return m.handleLoaded(msg), nil
	case secretsMsg:
		return m.handleSecrets(msg), nil
	}
	return m.update(msg)
}

// update routes input: keys, the mouse and the dialogs' answers.
func (m Page) update(msg tea.Msg) (Page, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg), nil
	case tea.MouseClickMsg:
		return m.handleClick(msg), nil
	case dialog.ConfirmedMsg:
		return m.handleConfirmed(msg.ID)
	case dialog.CancelledMsg:
		if _, asks, ok := m.asks.Take(msg.ID); ok {
			m.asks = asks
			m.SetStatus("cancelled", false)
		}
	case dialog.ChoseMsg:
		return m.handleChose(msg), nil
	}
	return m, nil
}

// Selected is the path of the item under the cursor, or "".
func (m Page) Selected() string {
	it, _ := m.list.Selected()
	return it.ID
}

// syncDetail shows the selected item, as it is now, in the detail.
func (m Page) syncDetail() Page {
	p := m.Selected()
	if p == "" {
		return m
	}
	if c, ok := m.Detail.Change(); ok && c.ID == p && c.State == m.states[p] {
		return m
	}
	m.Detail = m.Detail.SetChange(m.fileChange(p))
	return m
}

// fileChange is an item as the detail shows it.
func (m Page) fileChange(p string) detail.FileChange {
	it := m.items[p]
	c := detail.FileChange{ID: p, Kind: it.Kind.String(), Where: report.WhereHeld(it.Staged, it.Unstaged, it.Untracked), State: m.states[p],
		Path: secrets.MaskPath(it.Path), OldPath: secrets.MaskPath(it.OldPath), CaseSummary: m.cases[p], Summary: it.Summary}
	if it.Format == format.Dryfire && it.Key != "" {
		c.Recording = fmt.Sprintf("%s ▸ %s · turn %02d · key %s", secrets.MaskPath(it.Suite), secrets.MaskPath(it.Case), it.Turn, it.Key)
	}
	for _, d := range it.Details {
		c.Pairs = append(c.Pairs, detail.Pair{Label: d.Label, Old: d.Old, New: d.New})
	}
	summary, details := it.Revealed()
	c.RevealedSummary = summary
	for _, d := range details {
		c.RevealedPairs = append(c.RevealedPairs, detail.Pair{Label: d.Label, Old: d.Old, New: d.New})
	}
	c.Masked = !slices.Equal(c.Summary, c.RevealedSummary) || !slices.Equal(c.Pairs, c.RevealedPairs)
	c.Secrets = secretLines(it)
	m.annotate(&c, it)
	return c
}

// secretLines names the secrets a change adds: rule, place and mask.
func secretLines(it gitreview.ReviewItem) []string {
	var out []string
	for _, f := range it.Secrets {
		place := f.JSONPath
		if place == "" {
			place = fmt.Sprintf("line %d", f.Line)
		}
		out = append(out, secrets.Mask(f)+" at "+place)
	}
	return out
}

// setStates merges action results into a fresh copy of the state map (so
// earlier copies of the page keep theirs) and into the list's tags.
func (m *Page) setStates(states map[string]string) {
	next := maps.Clone(m.states)
	for p, st := range states {
		if st == "" {
			delete(next, p)
		} else {
			next[p] = st
		}
		m.list = m.list.SetTag(p, st)
	}
	m.states = next
}

// Item states, as gitreview spells them.
const (
	stateAccepted = "accepted"
	stateRejected = "rejected"
	stateSkipped  = "skipped"
)

// Tally counts the review's changes by what the session did with them.
type Tally struct {
	Changed, Accepted, Rejected, Skipped, Left int
}

// String is the tally as the header and the exit line say it.
func (t Tally) String() string {
	s := fmt.Sprintf("%d changed · %d accepted · %d rejected · %d left", t.Changed, t.Accepted, t.Rejected, t.Left)
	if t.Skipped > 0 {
		s += fmt.Sprintf(" · %d skipped", t.Skipped)
	}
	return s
}

// Tally counts the changes by what the session did with them.
func (m Page) Tally() Tally {
	t := Tally{Changed: len(m.items)}
	for p := range m.items {
		switch m.states[p] {
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

// nextLeft moves to the next change not yet decided, wrapping around.
func (m Page) nextLeft() Page {
	ids := m.list.Items()
	cur := 0
	for i, id := range ids {
		if id == m.Selected() {
			cur = i
		}
	}
	for k := 1; k < len(ids); k++ {
		if id := ids[(cur+k)%len(ids)]; m.states[id] == "" {
			m.list, _ = m.list.Select(id)
			return m
		}
	}
	return m
}

// Render is the page as a string; tests compare it with goldens.
func (m Page) Render() string {
	return frame.Render(m.Layout, "review", m.headerView, m.bodyRows, m.statusView, m.footerView)
}

// bodyRows is the body: the empty state when nothing changed.
func (m Page) bodyRows() []string {
	var empty func() []string
	if m.list.Len() == 0 {
		empty = m.emptyView
	}
	return m.BodyView(m.list.View, empty)
}
