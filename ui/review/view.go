package review

import (
	"fmt"
	"path/filepath"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

// headerView is the title bar with the counts, shortened to fit.
func (m Page) headerView() string {
	if m.rng.isRange() {
		return m.rangeHeaderView()
	}
	s := m.Styles
	t := m.Tally()
	name := "review"
	if m.root != "" {
		name = visible.Line(filepath.Base(m.root))
	}
	line := " " + s.Header.Render("review · "+name) + s.HeaderDim.Render(" · "+t.String()) + " "
	if ansi.StringWidth(line) > m.Layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(" · "+t.String()) + " "
	}
	if ansi.StringWidth(line) > m.Layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(fmt.Sprintf(" · %d changed · ✓%d ✗%d »%d · %d left ", t.Changed, t.Accepted, t.Rejected, t.Skipped, t.Left))
	}
	return s.HeaderDim.Render(frame.PadRight(ansi.Truncate(line, m.Layout.Width, "…"), m.Layout.Width))
}

// statusView is the running action, the last message or error.
func (m Page) statusView() string {
	s := m.Styles
	var line string
	switch {
	case m.Status != "" && m.StatusErr:
		line = s.Error.Render(m.Status)
	case m.busy != "" && m.Status != "":
		line = s.Progress.Render("⟳ " + m.Status)
	case m.Status != "":
		line = s.Progress.Render(m.Status)
	}
	return ansi.Truncate(line, m.Layout.Width, "…")
}

// footerView is the key line.
func (m Page) footerView() string { return m.Help.ShortView(m.keyLine()) }

// keyLine lists the keys that apply now; "? help" and "q quit" always
// stay, and the essential keys are kept before the others.
func (m Page) keyLine() help.Line {
	k := m.keysNow()
	switch {
	case m.Help.Visible():
		return help.Line{Tail: m.Help.ShortHelp()}
	case m.Dialog.Visible():
		return help.Line{Keys: m.Dialog.ShortHelp(), Essential: m.essential, Fill: true}
	}
	var nav []key.Binding
	if k.List.Up.Enabled() {
		desc := "move"
		if m.Focus == page.FocusDetail {
			desc = "scroll"
		}
		nav = []key.Binding{page.Summary("↑↓", desc, k.List.Up, k.List.Down)}
	}
	return help.Line{
		Keys: append(nav, page.Enabled(k.Open, k.Back, k.Accept, k.Reject, k.Skip, k.Redact, k.Baseline, k.Reveal, k.Undo,
			k.AcceptAll, k.RejectAll, k.Focus, k.Reload)...),
		Tail:      []key.Binding{k.Help, k.Quit},
		Essential: m.essential,
		Fill:      true,
	}
}

// essential is true for the keys the key line shows first: the actions,
// and the way into and out of the detail when it takes the whole screen.
func (m Page) essential(b key.Binding) bool {
	k := m.keys
	if !m.Layout.Split && key.Matches(page.Press(b), k.Open, k.Back) {
		return true
	}
	return key.Matches(page.Press(b), k.Accept, k.Reject, k.Skip, k.Dialog.Confirm, k.Dialog.Cancel)
}

// emptyView says that nothing changed and what was looked at.
func (m Page) emptyView() []string {
	if m.rng.isRange() {
		return m.rangeEmptyView()
	}
	s := m.Styles
	out := []string{"", " " + s.Dialog.Title.Render("No recording changed since HEAD."), ""}
	out = append(out, " Looked at "+s.Muted.Render("(git status against HEAD, relative to the project)")+":")
	for _, d := range m.lookedAt {
		if m.root != "" {
			if rel, err := filepath.Rel(m.root, d); err == nil {
				d = filepath.ToSlash(rel)
			}
		}
		out = append(out, "   • "+visible.Line(d))
	}
	if len(m.lookedAt) == 0 && m.root != "" {
		out = append(out, "   • "+visible.Line(m.root))
	}
	out = append(out, "", " Try:",
		"   • dryfire-tui run --cassette-mode record "+s.Muted.Render("(or w on a case in the browser), then r here to reload"),
		"   • dryfire-tui browse "+s.Muted.Render("to see every recording and its status"))
	return frame.Wrap(out, m.Layout.Width-1, true)
}
