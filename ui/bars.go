package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// headerView is the title bar: project name, then counts by status.
func (m Model) headerView() string {
	s := m.styles
	parts := []string{fmt.Sprintf("%d recordings", m.tree.Len())}
	counts := m.tree.Counts()
	for _, st := range m.tree.Statuses() {
		if st == "live" || st == "ok" {
			continue
		}
		n := counts[st]
		if st == "secret" {
			n = m.tree.Secrets()
		}
		parts = append(parts, fmt.Sprintf("%s%d %s", theme.Glyph(st), n, st))
	}
	if n := m.tree.MarkCount(); n > 0 {
		parts = append(parts, fmt.Sprintf("✓%d marked", n))
	}
	line := " " + s.Header.Render(m.projectName()) + s.HeaderDim.Render(" · "+strings.Join(parts, " · ")) + " "
	return s.HeaderDim.Render(padRight(ansi.Truncate(line, m.layout.Width, "…"), m.layout.Width))
}

// statusView is the progress line while scanning, the filter being typed,
// or the last message.
func (m Model) statusView() string {
	s := m.styles
	w := m.layout.Width
	var line string
	switch {
	case m.mode == modeFilter:
		line = s.Progress.Render("/") + m.filterText + "█" + s.Muted.Render(fmt.Sprintf("  %d rows", m.tree.Rows()))
	case m.status != "" && m.statusErr:
		line = s.Error.Render(m.status)
	case m.status != "":
		line = s.Progress.Render(m.status)
	case m.loading:
		line = s.Progress.Render(fmt.Sprintf("⟳ scanning %s · %d recordings so far", m.opts.Path, m.tree.Len()))
	case m.scanErr != nil:
		line = s.Error.Render("scan failed: " + m.scanErr.Error())
	case m.tree.Filter() != "" || m.tree.StatusFilter() != "":
		line = m.filterSummary()
	case len(m.summary.Problems) > 0:
		line = s.Error.Render(fmt.Sprintf("%d problem(s): %s", len(m.summary.Problems), m.summary.Problems[0]))
	}
	return ansi.Truncate(line, w, "…")
}

func (m Model) filterSummary() string {
	var parts []string
	if f := m.tree.Filter(); f != "" {
		parts = append(parts, fmt.Sprintf("filter %q", f))
	}
	if st := m.tree.StatusFilter(); st != "" {
		parts = append(parts, "status "+st)
	}
	if len(parts) == 0 {
		return ""
	}
	return m.styles.Progress.Render(fmt.Sprintf("showing %s · %d rows · esc clears", strings.Join(parts, " · "), m.tree.Rows()))
}

// footerView is the keys that apply now, as many as fit; "? help" and
// "q quit" always stay.
func (m Model) footerView() string {
	st := m.styles.Help
	item := func(b key.Binding) string {
		return st.ShortKey.Render(b.Help().Key) + " " + st.ShortDesc.Render(b.Help().Desc)
	}
	sep := st.ShortSeparator.Render(" · ")
	bs := m.shortHelp()
	var tail []string
	for len(bs) > 0 && len(tail) < 2 && (key.Matches(press(bs[len(bs)-1]), m.keys.Help, m.keys.Quit)) {
		tail = append([]string{item(bs[len(bs)-1])}, tail...)
		bs = bs[:len(bs)-1]
	}
	room := m.layout.Width - ansi.StringWidth(strings.Join(tail, sep))
	var parts []string
	used := 0
	for _, b := range bs {
		s := item(b)
		if used+ansi.StringWidth(s+sep) > room {
			break
		}
		parts = append(parts, s)
		used += ansi.StringWidth(s + sep)
	}
	return ansi.Truncate(strings.Join(append(parts, tail...), sep), m.layout.Width, "…")
}

// press is a key press of a binding's first key, to test bindings.
func press(b key.Binding) keyString {
	if len(b.Keys()) == 0 {
		return ""
	}
	return keyString(b.Keys()[0])
}

// keyString is a key name that key.Matches accepts.
type keyString string

func (k keyString) String() string { return string(k) }

// shortHelp lists the keys that apply in the current mode and state.
func (m Model) shortHelp() []key.Binding {
	k := m.keysNow()
	switch m.mode { //nolint:exhaustive // the other cases need nothing here
	case modeFilter:
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		}
	case modeHelp:
		return []key.Binding{key.NewBinding(key.WithKeys("?"), key.WithHelp("?/esc", "close help")), k.Quit}
	case modeConfirm:
		return enabled(k.Confirm, k.Cancel)
	}
	nav := enabled(k.Tree.Up, k.Tree.Down)
	if len(nav) == 2 {
		nav = []key.Binding{key.NewBinding(key.WithKeys("up"), key.WithHelp("↑↓", "move"))}
	}
	if m.focus == focusDetail {
		nav = enabled(k.Detail.Down)
	}
	return append(nav, enabled(k.Open, k.Filter, k.Clear, k.StatusFilter, k.Tree.Mark, k.Prune,
		k.Detail.Reveal, k.Focus, k.Detail.Tabs, k.Edit, k.Copy, k.Rescan, k.Help, k.Quit)...)
}

// keysNow is the keymap with the bindings that do not apply disabled.
func (m Model) keysNow() KeyMap {
	k := m.keys
	k.Tree = m.tree.Keys()
	k.Detail = m.detail.Keys()
	it, leaf := m.tree.Selected()
	hasRows := m.tree.Rows() > 0
	k.Open.SetEnabled(hasRows && (!leaf || m.focus != focusDetail))
	k.Focus.SetEnabled(hasRows)
	k.Detail.Tabs.SetEnabled(hasRows)
	k.Detail.NextTab.SetEnabled(hasRows)
	k.Detail.PrevTab.SetEnabled(hasRows)
	k.Filter.SetEnabled(m.tree.Len() > 0)
	filtered := m.tree.Filter() != "" || m.tree.StatusFilter() != ""
	k.Clear.SetEnabled(filtered || m.focus == focusDetail && !m.layout.Split)
	if !filtered {
		k.Clear.SetHelp("esc", "back")
	}
	k.StatusFilter.SetEnabled(len(m.tree.Statuses()) > 1)
	k.Tree.Mark.SetEnabled(hasRows && m.focus == focusTree)
	k.Prune.SetEnabled(m.tree.MarkCount() > 0)
	k.Edit.SetEnabled(leaf)
	k.Copy.SetEnabled(leaf)
	k.CopyKey.SetEnabled(leaf && it.Key != "")
	k.Rescan.SetEnabled(!m.loading)
	k.Confirm.SetEnabled(m.mode == modeConfirm && m.dialog.CanConfirm())
	return k
}

// emptyView explains an empty scan: what was looked for, where, what to try.
func (m Model) emptyView() []string {
	s := m.styles
	out := []string{"", " " + s.Dialog.Title.Render("No recordings found.")}
	if m.scanErr != nil {
		out = append(out, "", " "+s.Error.Render(m.scanErr.Error()))
	}
	if len(m.summary.LookedFor) > 0 {
		out = append(out, "", " Looked for:")
		for _, l := range m.summary.LookedFor {
			wrapped := strings.Split(ansi.Wrap(l, max(m.layout.Width-6, 10), " /"), "\n")
			out = append(out, "   • "+wrapped[0])
			for _, w := range wrapped[1:] {
				out = append(out, "     "+w)
			}
		}
	}
	if !m.summary.Project && m.scanErr == nil {
		out = append(out, "", " "+s.Muted.Render("No dryfire.yaml here or in a parent directory: statuses need the suites."))
	}
	out = append(out, "", " Try:",
		"   • dryfire-tui browse path/to/project",
		"     "+s.Muted.Render("the directory with dryfire.yaml, or a cassette or tapes directory"),
		"   • dryfire-tui --demo",
		"     "+s.Muted.Render("an example project that shows every status"),
		"   • dryfire run --cassette-mode record",
		"     "+s.Muted.Render("record cassettes with dryfire, then press r to rescan"))
	for i := range out {
		out[i] = ansi.Truncate(out[i], m.layout.Width, "…")
	}
	return out
}

// helpView is the ? overlay: every binding, grouped, drawn from the keymap.
func (m Model) helpView(w, h int) string {
	groups := m.keys.Groups()
	dg := make([]dialog.KeyGroup, len(groups))
	for i, g := range groups {
		dg[i] = dialog.KeyGroup{Title: g.Title, Bindings: g.Bindings}
	}
	return dialog.Help(m.styles, "Keys", dg, []string{
		"● live/ok  ◐ stale  ○ superseded  ✕ orphaned  ◆ in use",
		"▣ protected  ✗ invalid, key mismatch  ! error entry  ⚠ secret  ✓ marked",
	}, w, h)
}
