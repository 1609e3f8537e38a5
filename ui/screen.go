package ui

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

// focus is which pane gets the keys: the left one (the tree or the list)
// or the detail.
type focus int

const (
	focusList focus = iota
	focusDetail
)

func (f focus) String() string {
	if f == focusDetail {
		return "detail"
	}
	return "list"
}

// screen is what every page is made of besides its left pane: the layout
// and styles, which pane has the keys, the detail pane, the two overlays
// (the ? help and the confirmation dialog) and the status line. Pages
// embed it.
type screen struct {
	styles *theme.Styles
	layout Layout
	focus  focus
	detail detail.Model
	dialog dialog.Model
	help   help.Model
	// dialogs counts the dialogs opened; the last one's answer carries it.
	dialogs   int
	status    string
	statusErr bool
}

func newScreen(styles theme.Styles, dk detail.KeyMap, ck dialog.KeyMap, hk help.KeyMap) screen {
	return screen{styles: &styles, detail: detail.New(styles, dk), dialog: dialog.New(styles, ck), help: help.New(styles, hk)}
}

// setScreenLayout gives the shared children their size.
func (s *screen) setScreenLayout(l Layout) {
	s.layout = l
	s.detail.SetSize(l.DetailW, l.BodyH)
	s.dialog.SetSize(l.Width, l.BodyH)
	s.help.SetSize(l.Width, l.BodyH)
}

// setScreenStyles pushes new styles down to the shared children.
func (s *screen) setScreenStyles(st theme.Styles) {
	s.styles = &st
	s.detail.SetStyles(st)
	s.dialog.SetStyles(st)
	s.help.SetStyles(st)
}

// setStatus sets the status line.
// setStatus sets the status line; the text is made visible (it often
// quotes a path or an error about a file).
func (s *screen) setStatus(text string, isErr bool) {
	s.status, s.statusErr = visible.Line(text), isErr
}

// focusable is the left pane as setFocus sees it.
type focusable interface {
	Focus()
	Blur()
}

// setFocus gives the keys to the left pane or to the detail.
func (s *screen) setFocus(f focus, left focusable) {
	s.focus = f
	if f == focusList {
		left.Focus()
		s.detail.Blur()
		return
	}
	left.Blur()
	s.detail.Focus()
}

// overlay reports whether the help or a dialog takes the keys.
func (s screen) overlay() bool { return s.help.Visible() || s.dialog.Visible() }

// updateOverlay gives a key to the overlay on screen.
func (s screen) updateOverlay(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	if s.help.Visible() {
		s.help, cmd = s.help.Update(msg)
	} else {
		s.dialog, cmd = s.dialog.Update(msg)
	}
	return s, cmd
}

// openDialog shows c and returns the ID its answer will carry.
func (s *screen) openDialog(c dialog.Content) int {
	s.dialogs++
	s.dialog = s.dialog.Open(s.dialogs, c)
	return s.dialogs
}

// bodyView returns exactly BodyH rows: an overlay, the empty state (when
// empty is not nil), the two panes side by side, or the focused one.
func (s screen) bodyView(left func() string, empty func() []string) []string {
	l := s.layout
	var out []string
	switch {
	case s.help.Visible():
		out = strings.Split(s.help.View(), "\n")
	case s.dialog.Visible():
		out = strings.Split(s.dialog.View(), "\n")
	case empty != nil:
		out = empty()
	case l.Split:
		ll := strings.Split(left(), "\n")
		dl := strings.Split(s.detail.View(), "\n")
		sep := s.styles.Separator.Render("│")
		out = make([]string, 0, l.BodyH)
		for i := range l.BodyH {
			out = append(out, frame.PadRight(at(ll, i), l.ListW)+sep+at(dl, i))
		}
	case s.focus == focusDetail:
		out = strings.Split(s.detail.View(), "\n")
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

// overLeft reports whether column x is over the left pane: by column on a
// split screen, else whichever pane is shown.
func (s screen) overLeft(x int) bool {
	if s.layout.Split {
		return x < s.layout.ListW
	}
	return s.focus == focusList
}

// bodyRow is the body row under the pointer at screen row y.
func (s screen) bodyRow(y int) (int, bool) {
	r := y - s.layout.BodyY
	return r, r >= 0 && r < s.layout.BodyH
}

// wheel is the direction of a wheel event: -1 up, 1 down, 0 for any other
// button or while an overlay is open.
func (s screen) wheel(msg tea.MouseWheelMsg) int {
	if s.overlay() {
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

// asked remembers what each dialog asked, by ID, until its answer
// arrives: the answer is a message, and by then the page may have moved on
// (even opened another dialog), so what it acts on is what the dialog
// listed when it was opened.
type asked[T any] []struct {
	id   int
	what T
}

// add remembers what dialog id asks.
func (a asked[T]) add(id int, what T) asked[T] {
	return append(a[:len(a):len(a)], struct {
		id   int
		what T
	}{id, what})
}

// take returns and forgets what dialog id asked.
func (a asked[T]) take(id int) (T, asked[T], bool) {
	for i, q := range a {
		if q.id == id {
			rest := append(a[:i:i], a[i+1:]...)
			return q.what, rest, true
		}
	}
	var zero T
	return zero, a, false
}
