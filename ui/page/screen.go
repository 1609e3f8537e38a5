package page

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Focus is which pane gets the keys: the left one (the tree or the list)
// or the detail.
type Focus int

// The panes that can have the keys.
const (
	FocusList Focus = iota
	FocusDetail
)

func (f Focus) String() string {
	if f == FocusDetail {
		return "detail"
	}
	return "list"
}

// Screen is what every page is made of besides its left pane: the layout
// and styles, which pane has the keys, the detail pane, the two overlays
// (the ? help and the confirmation dialog) and the status line. Pages
// embed it.
type Screen struct {
	Styles *theme.Styles
	Layout frame.Layout
	Focus  Focus
	Detail detail.Model
	Dialog dialog.Model
	Help   help.Model
	// Dialogs counts the dialogs opened; the last one's answer carries it.
	Dialogs   int
	Status    string
	StatusErr bool
}

// NewScreen returns a screen with the detail, dialog and help built on
// styles and the page's keymaps for them.
func NewScreen(styles theme.Styles, dk detail.KeyMap, ck dialog.KeyMap, hk help.KeyMap) Screen {
	return Screen{Styles: &styles, Detail: detail.New(styles, dk), Dialog: dialog.New(styles, ck), Help: help.New(styles, hk)}
}

// SetScreenLayout gives the shared children their size.
func (s *Screen) SetScreenLayout(l frame.Layout) {
	s.Layout = l
	s.Detail.SetSize(l.DetailW, l.BodyH)
	s.Dialog.SetSize(l.Width, l.BodyH)
	s.Help.SetSize(l.Width, l.BodyH)
}

// SetScreenStyles pushes new styles down to the shared children.
func (s *Screen) SetScreenStyles(st theme.Styles) {
	s.Styles = &st
	s.Detail.SetStyles(st)
	s.Dialog.SetStyles(st)
	s.Help.SetStyles(st)
}

// SetStatus sets the status line; the text is made visible (it often
// quotes a path or an error about a file).
func (s *Screen) SetStatus(text string, isErr bool) {
	s.Status, s.StatusErr = visible.Line(text), isErr
}

// Focusable is the left pane as SetFocus sees it.
type Focusable interface {
	Focus()
	Blur()
}

// SetFocus gives the keys to the left pane or to the detail.
func (s *Screen) SetFocus(f Focus, left Focusable) {
	s.Focus = f
	if f == FocusList {
		left.Focus()
		s.Detail.Blur()
		return
	}
	left.Blur()
	s.Detail.Focus()
}

// Overlay reports whether the help or a dialog takes the keys.
func (s Screen) Overlay() bool { return s.Help.Visible() || s.Dialog.Visible() }

// UpdateOverlay gives a key to the overlay on screen.
func (s Screen) UpdateOverlay(msg tea.KeyPressMsg) (Screen, tea.Cmd) {
	var cmd tea.Cmd
	if s.Help.Visible() {
		s.Help, cmd = s.Help.Update(msg)
	} else {
		s.Dialog, cmd = s.Dialog.Update(msg)
	}
	return s, cmd
}

// OpenDialog shows c and returns the ID its answer will carry.
func (s *Screen) OpenDialog(c dialog.Content) int {
	s.Dialogs++
	s.Dialog = s.Dialog.Open(s.Dialogs, c)
	return s.Dialogs
}

// BodyView returns exactly BodyH rows: an overlay, the empty state (when
// empty is not nil), the two panes side by side, or the focused one.
// Side by side, each pane's rows are sanitized and fitted to its width.
func (s Screen) BodyView(left func() string, empty func() []string) []string {
	l := s.Layout
	var out []string
	switch {
	case s.Help.Visible():
		out = strings.Split(s.Help.View(), "\n")
	case s.Dialog.Visible():
		out = strings.Split(s.Dialog.View(), "\n")
	case empty != nil:
		out = empty()
	case l.Split:
		ll := strings.Split(left(), "\n")
		dl := strings.Split(s.Detail.View(), "\n")
		sep := s.Styles.Separator.Render("│")
		out = make([]string, 0, l.BodyH)
		for i := range l.BodyH {
			// Each pane's row is sanitized before it is fitted, so that
			// nothing it holds can draw over the other pane.
			out = append(out, frame.PadRight(frame.Sanitize(at(ll, i)), l.ListW)+sep+frame.Fit(at(dl, i), l.DetailW))
		}
	case s.Focus == FocusDetail:
		out = strings.Split(s.Detail.View(), "\n")
	default:
		out = strings.Split(left(), "\n")
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

// OverLeft reports whether column x is over the left pane: by column on a
// split screen, else whichever pane is shown.
func (s Screen) OverLeft(x int) bool {
	if s.Layout.Split {
		return x < s.Layout.ListW
	}
	return s.Focus == FocusList
}

// BodyRow is the body row under the pointer at screen row y.
func (s Screen) BodyRow(y int) (int, bool) {
	r := y - s.Layout.BodyY
	return r, r >= 0 && r < s.Layout.BodyH
}

// Wheel is the direction of a wheel event: -1 up, 1 down, 0 for any other
// button or while an overlay is open.
func (s Screen) Wheel(msg tea.MouseWheelMsg) int {
	if s.Overlay() {
		return 0
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		return -1
	case tea.MouseWheelDown:
		return 1
	default:
		return 0
	}
}

// Asked remembers what each dialog asked, by ID, until its answer
// arrives: the answer is a message, and by then the page may have moved on
// (even opened another dialog), so what it acts on is what the dialog
// listed when it was opened.
type Asked[T any] []Ask[T]

// Ask is what one dialog asked: its ID and what it listed.
type Ask[T any] struct {
	ID   int
	What T
}

// Add remembers what dialog id asks.
func (a Asked[T]) Add(id int, what T) Asked[T] {
	return append(a[:len(a):len(a)], Ask[T]{ID: id, What: what})
}

// Take returns and forgets what dialog id asked.
func (a Asked[T]) Take(id int) (T, Asked[T], bool) {
	for i, q := range a {
		if q.ID == id {
			rest := append(a[:i:i], a[i+1:]...)
			return q.What, rest, true
		}
	}
	var zero T
	return zero, a, false
}
