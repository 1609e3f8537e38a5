package review

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
)

// Render is the screen as a string; tests compare it with goldens.
func (m Model) Render() string {
	return frame.Render(m.layout, "review", m.headerView, m.bodyView, m.statusView, m.footerView)
}

func (m Model) projectName() string {
	if m.review == nil {
		return "review"
	}
	return filepath.Base(m.review.Root)
}

// headerView is the title bar with the counts.
func (m Model) headerView() string {
	s := m.styles
	t := m.Tally()
	line := " " + s.Header.Render("review · "+m.projectName()) + s.HeaderDim.Render(" · "+t.String()) + " "
	if ansi.StringWidth(line) > m.layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(" · "+t.String()) + " "
	}
	if ansi.StringWidth(line) > m.layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(fmt.Sprintf(" · %d changed · ✓%d ✗%d »%d · %d left ", t.Changed, t.Accepted, t.Rejected, t.Skipped, t.Left))
	}
	return s.HeaderDim.Render(padRight(ansi.Truncate(line, m.layout.Width, "…"), m.layout.Width))
}

// bodyView returns exactly BodyH lines.
func (m Model) bodyView() []string {
	l := m.layout
	var out []string
	switch {
	case m.mode == modeHelp:
		out = strings.Split(m.helpView(), "\n")
	case m.mode == modeConfirm:
		out = strings.Split(dialog.Box(m.styles, m.confirm.title, m.confirmLines(),
			m.styles.Muted.Render("y confirm · n cancel"), m.confirm.offset, l.Width, l.BodyH), "\n")
	case len(m.rows) == 0:
		out = m.emptyView()
	case l.Split:
		list, det := m.listView(l.ListW), m.window(m.detailLines(), m.detailTop)
		sep := m.styles.Separator.Render("│")
		for i := range l.BodyH {
			out = append(out, padRight(at(list, i), l.ListW)+sep+" "+at(det, i))
		}
	case m.focus == focusDetail:
		out = m.window(m.detailLines(), m.detailTop)
		for i := range out {
			out[i] = " " + out[i]
		}
	default:
		out = m.listView(l.Width)
	}
	for len(out) < l.BodyH {
		out = append(out, "")
	}
	for i := range out {
		out[i] = ansi.Truncate(out[i], l.Width, "…")
	}
	return out[:l.BodyH]
}

// confirmLines is the dialog's body, with a blank line before its footer.
func (m Model) confirmLines() []string {
	return append(m.confirm.lines[:len(m.confirm.lines):len(m.confirm.lines)], "")
}

func at(ls []string, i int) string {
	if i < len(ls) {
		return ls[i]
	}
	return ""
}

// padRight pads to a display width (see [dialog.PadRight]).
var padRight = dialog.PadRight

// window is the BodyH lines of ls from top.
func (m Model) window(ls []string, top int) []string {
	top = max(0, min(top, len(ls)-m.layout.BodyH))
	return ls[top:min(top+m.layout.BodyH, len(ls))]
}

// listView renders the visible list rows at width w.
func (m Model) listView(w int) []string {
	s := m.styles
	var out []string
	for i := m.listTop; i < min(m.listTop+m.layout.BodyH, len(m.rows)); i++ {
		rw := m.rows[i]
		if rw.item == nil {
			g := m.groups[rw.group]
			out = append(out, ansi.Truncate(" "+s.Tree.Group.Render(g.Title)+s.Tree.Count.Render(fmt.Sprintf(" %d", len(g.Items))), w, "…"))
			continue
		}
		it := rw.item
		label, state := itemLabel(it), m.states[it.Path]
		if i == m.cursor {
			plain := padRight(fmt.Sprintf("   %s %s  %s %s", kindGlyph(it.Kind), label, stateGlyph(state), state), w)
			style := s.Tree.Cursor
			if m.focus == focusDetail {
				style = s.Tree.CursorBl
			}
			out = append(out, style.Render(plain))
			continue
		}
		line := "   " + m.kindStyle(it.Kind).Render(kindGlyph(it.Kind)) + " " + s.Tree.Leaf.Render(label)
		if state != "" {
			line += "  " + m.stateStyle(state).Render(stateGlyph(state)+" "+state)
		}
		out = append(out, ansi.Truncate(line, w, "…"))
	}
	return out
}

// itemLabel names an item in the list: turn and key for a dryfire
// recording, the file name otherwise.
func itemLabel(it *gitreview.ReviewItem) string {
	if it.Format == "dryfire" && it.Key != "" {
		k := it.Key
		if len(k) > 12 {
			k = k[:12]
		}
		return fmt.Sprintf("%02d %s", it.Turn, k)
	}
	return path.Base(it.Path)
}

func (m Model) kindStyle(k gitreview.ChangeKind) lipgloss.Style {
	switch k { //nolint:exhaustive // the other cases need nothing here
	case gitreview.Added:
		return m.styles.Diff.Add
	case gitreview.Deleted:
		return m.styles.Diff.Del
	case gitreview.Renamed:
		return m.styles.Diff.Hunk
	}
	return m.styles.StatusStyle("stale")
}

func (m Model) stateStyle(state string) lipgloss.Style {
	switch state {
	case stateAccepted:
		return m.styles.Dialog.OK
	case stateRejected:
		return m.styles.Dialog.Danger
	}
	return m.styles.Muted
}

// detailLines is the selected item's detail at the detail width: what it
// is, the case summary, what changed, then old → new.
func (m Model) detailLines() []string {
	it := m.selected()
	if it == nil {
		return nil
	}
	s := m.styles
	w := m.layout.DetailW - 1
	if !m.layout.Split {
		w = m.layout.Width - 1
	}
	head := m.kindStyle(it.Kind).Render(kindGlyph(it.Kind)+" "+it.Kind.String()) + s.Muted.Render(" · "+where(it))
	if st := m.states[it.Path]; st != "" {
		head += s.Muted.Render(" · ") + m.stateStyle(st).Render(stateGlyph(st)+" "+st)
	}
	out := []string{head, s.Detail.Title.Render(it.Path)}
	if it.OldPath != "" && !slices.ContainsFunc(it.Summary, func(l string) bool { return strings.Contains(l, it.OldPath) }) {
		out = append(out, s.Muted.Render("from "+it.OldPath))
	}
	if it.Format == "dryfire" && it.Key != "" {
		out = append(out, s.Muted.Render(fmt.Sprintf("%s ▸ %s · turn %02d · key %s", it.Suite, it.Case, it.Turn, it.Key)))
	}
	if g := m.groups[m.rows[m.cursor].group]; len(g.Summary) > 0 && len(g.Items) > 1 {
		out = append(out, "", s.Detail.Heading.Render("This case"))
		for _, l := range g.Summary {
			out = append(out, "  • "+l)
		}
	}
	out = append(out, "", s.Detail.Heading.Render("What changed"))
	for _, l := range it.Summary {
		out = append(out, "  • "+l)
	}
	if len(it.Details) > 0 {
		out = append(out, "", s.Detail.Heading.Render("Old → new"))
	}
	for _, d := range it.Details {
		out = append(out, m.detailPair(d)...)
	}
	return wrap(out, w)
}

// detailPair renders one old → new pair: removed lines, then added ones;
// an unchanged value once.
func (m Model) detailPair(d gitreview.Detail) []string {
	s := m.styles
	if d.Old == d.New {
		out := []string{"  " + s.Detail.Label.Render(d.Label) + s.Muted.Render(" (unchanged)")}
		for _, l := range strings.Split(d.Old, "\n") {
			out = append(out, "    "+s.Detail.Text.Render(l))
		}
		return out
	}
	out := []string{"  " + s.Detail.Label.Render(d.Label)}
	if d.Old != "" {
		for _, l := range strings.Split(d.Old, "\n") {
			out = append(out, s.Diff.Del.Render("  - "+l))
		}
	}
	if d.New != "" {
		for _, l := range strings.Split(d.New, "\n") {
			out = append(out, s.Diff.Add.Render("  + "+l))
		}
	}
	return out
}

// where says how git holds the change.
func where(it *gitreview.ReviewItem) string {
	var ws []string
	if it.Staged {
		ws = append(ws, "staged")
	}
	if it.Unstaged {
		ws = append(ws, "unstaged")
	}
	if it.Untracked {
		ws = append(ws, "untracked")
	}
	return strings.Join(ws, ", ")
}

// wrap wraps lines wider than w, indenting continuations like the line.
func wrap(lines []string, w int) []string {
	w = max(w, 10)
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		plain := ansi.Strip(l)
		indent := len(plain) - len(strings.TrimLeft(plain, " "))
		if strings.HasPrefix(strings.TrimLeft(plain, " "), "• ") || strings.HasPrefix(strings.TrimLeft(plain, " "), "- ") ||
			strings.HasPrefix(strings.TrimLeft(plain, " "), "+ ") {
			indent += 2
		}
		indent = min(indent, w/2)
		parts := strings.Split(ansi.Wrap(l, w-indent, " /,"), "\n")
		out = append(out, parts[0])
		for _, p := range parts[1:] {
			out = append(out, strings.Repeat(" ", indent)+p)
		}
	}
	return out
}

// statusView is the running action, the last message or error.
func (m Model) statusView() string {
	s := m.styles
	var line string
	switch {
	case m.status != "" && m.isErr:
		line = s.Error.Render(m.status)
	case m.busy != "" && m.status != "":
		line = s.Progress.Render("⟳ " + m.status)
	case m.status != "":
		line = s.Progress.Render(m.status)
	}
	return ansi.Truncate(line, m.layout.Width, "…")
}

// footerView is the keys that apply now, as many as fit; "? help" and
// "q quit" always stay, and the essential keys are kept before the others.
func (m Model) footerView() string {
	st := m.styles.Help
	item := func(b key.Binding) string {
		return st.ShortKey.Render(b.Help().Key) + " " + st.ShortDesc.Render(b.Help().Desc)
	}
	sep := st.ShortSeparator.Render(" · ")
	bs, tail := m.shortHelp()
	var tails []string
	for _, b := range tail {
		tails = append(tails, item(b))
	}
	room := m.layout.Width - ansi.StringWidth(strings.Join(tails, sep))
	chosen := make([]bool, len(bs))
	used := 0
	for _, pass := range []bool{true, false} {
		for i, b := range bs {
			if chosen[i] || m.essential(b) != pass {
				continue
			}
			if w := ansi.StringWidth(item(b) + sep); used+w <= room {
				chosen[i], used = true, used+w
			}
		}
	}
	var parts []string
	for i, b := range bs {
		if chosen[i] {
			parts = append(parts, item(b))
		}
	}
	return ansi.Truncate(strings.Join(append(parts, tails...), sep), m.layout.Width, "…")
}

// essential is true for the keys the footer shows first: the actions, and
// the way into and out of the detail when it takes the whole screen.
func (m Model) essential(b key.Binding) bool {
	k := m.keys
	if !m.layout.Split && key.Matches(press(b), k.Open, k.Back) {
		return true
	}
	return key.Matches(press(b), k.Accept, k.Reject, k.Skip, k.Confirm, k.Cancel)
}

// press is a key press of a binding's first key, to compare bindings.
func press(b key.Binding) keyName {
	if len(b.Keys()) == 0 {
		return ""
	}
	return keyName(b.Keys()[0])
}

type keyName string

func (k keyName) String() string { return string(k) }

// shortHelp lists the keys that apply in the current mode and state, and
// the ones that always end the footer.
func (m Model) shortHelp() (keys, tail []key.Binding) {
	k := m.keysNow()
	switch m.mode { //nolint:exhaustive // the other cases need nothing here
	case modeHelp:
		return nil, []key.Binding{key.NewBinding(key.WithKeys("?"), key.WithHelp("?/esc", "close help"))}
	case modeConfirm:
		keys = []key.Binding{k.Confirm, k.Cancel}
		if m.confirmMaxOffset() > 0 {
			keys = append([]key.Binding{key.NewBinding(key.WithKeys("up"), key.WithHelp("↑↓", "scroll"))}, keys...)
		}
		return keys, nil
	}
	var nav []key.Binding
	if k.Up.Enabled() {
		desc := "move"
		if m.focus == focusDetail {
			desc = "scroll"
		}
		nav = []key.Binding{key.NewBinding(key.WithKeys("up"), key.WithHelp("↑↓", desc))}
	}
	keys = append(nav, enabled(k.Open, k.Back, k.Accept, k.Reject, k.Skip, k.Undo, k.AcceptAll, k.RejectAll,
		k.Focus, k.Reload)...)
	return keys, []key.Binding{k.Help, k.Quit}
}

// emptyView says that nothing changed and what was looked at.
func (m Model) emptyView() []string {
	s := m.styles
	out := []string{"", " " + s.Dialog.Title.Render("No recording changed since HEAD."), ""}
	out = append(out, " Looked at "+s.Muted.Render("(git status against HEAD, relative to the project)")+":")
	for _, d := range m.lookedAt {
		if m.review != nil {
			if rel, err := filepath.Rel(m.review.Root, d); err == nil {
				d = filepath.ToSlash(rel)
			}
		}
		out = append(out, "   • "+d)
	}
	if len(m.lookedAt) == 0 && m.review != nil {
		out = append(out, "   • "+m.review.Root)
	}
	out = append(out, "", " Try:",
		"   • re-record with dryfire, then press r to reload",
		"   • dryfire-tui browse "+s.Muted.Render("to see every recording and its status"))
	return wrap(out, m.layout.Width-1)
}

// helpView is the ? overlay: every binding that applies now, grouped,
// from the keymap.
func (m Model) helpView() string {
	groups := m.keysNow().Groups()
	dg := make([]dialog.KeyGroup, len(groups))
	for i, g := range groups {
		dg[i] = dialog.KeyGroup{Title: g.Title, Bindings: g.Bindings}
	}
	return dialog.Help(m.styles, "Review keys", dg, []string{
		"+ added  ~ modified  - deleted  → renamed",
		"✓ accepted (staged)  ✗ rejected (restored)  » skipped",
	}, m.layout.Width, m.layout.BodyH)
}
