package ui

import (
	"fmt"
	"path/filepath"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
)

// headerView is the title bar with the counts, shortened to fit.
func (m reviewPage) headerView() string {
	s := m.styles
	t := m.tally()
	name := "review"
	if m.root != "" {
		name = visible.Line(filepath.Base(m.root))
	}
	line := " " + s.Header.Render("review · "+name) + s.HeaderDim.Render(" · "+t.String()) + " "
	if ansi.StringWidth(line) > m.layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(" · "+t.String()) + " "
	}
	if ansi.StringWidth(line) > m.layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(fmt.Sprintf(" · %d changed · ✓%d ✗%d »%d · %d left ", t.Changed, t.Accepted, t.Rejected, t.Skipped, t.Left))
	}
	return s.HeaderDim.Render(frame.PadRight(ansi.Truncate(line, m.layout.Width, "…"), m.layout.Width))
}

// statusView is the running action, the last message or error.
func (m reviewPage) statusView() string {
	s := m.styles
	var line string
	switch {
	case m.status != "" && m.statusErr:
		line = s.Error.Render(m.status)
	case m.busy != "" && m.status != "":
		line = s.Progress.Render("⟳ " + m.status)
	case m.status != "":
		line = s.Progress.Render(m.status)
	}
	return ansi.Truncate(line, m.layout.Width, "…")
}

// footerView is the key line.
func (m reviewPage) footerView() string { return m.help.ShortView(m.keyLine()) }

// keyLine lists the keys that apply now; "? help" and "q quit" always
// stay, and the essential keys are kept before the others.
func (m reviewPage) keyLine() help.Line {
	k := m.keysNow()
	switch {
	case m.help.Visible():
		return help.Line{Tail: m.help.ShortHelp()}
	case m.dialog.Visible():
		return help.Line{Keys: m.dialog.ShortHelp(), Essential: m.essential, Fill: true}
	}
	var nav []key.Binding
	if k.List.Up.Enabled() {
		desc := "move"
		if m.focus == focusDetail {
			desc = "scroll"
		}
		nav = []key.Binding{summary("↑↓", desc, k.List.Up, k.List.Down)}
	}
	return help.Line{
		Keys: append(nav, enabled(k.Open, k.Back, k.Accept, k.Reject, k.Skip, k.Redact, k.Baseline, k.Reveal, k.Undo,
			k.AcceptAll, k.RejectAll, k.Focus, k.Reload)...),
		Tail:      []key.Binding{k.Help, k.Quit},
		Essential: m.essential,
		Fill:      true,
	}
}

// essential is true for the keys the key line shows first: the actions,
// and the way into and out of the detail when it takes the whole screen.
func (m reviewPage) essential(b key.Binding) bool {
	k := m.keys
	if !m.layout.Split && key.Matches(press(b), k.Open, k.Back) {
		return true
	}
	return key.Matches(press(b), k.Accept, k.Reject, k.Skip, k.Dialog.Confirm, k.Dialog.Cancel)
}

// emptyView says that nothing changed and what was looked at.
func (m reviewPage) emptyView() []string {
	s := m.styles
	out := []string{"", " " + s.Dialog.Title.Render("No recording changed since HEAD."), ""}
	out = append(out, " Looked at "+s.Muted.Render("(git status against HEAD, relative to the project)")+":")
	for _, d := range m.lookedAt {
		if m.root != "" {
			if rel, err := filepath.Rel(m.root, d); err == nil {
				d = filepath.ToSlash(rel)
			}
		}
		out = append(out, "   • "+d)
	}
	if len(m.lookedAt) == 0 && m.root != "" {
		out = append(out, "   • "+m.root)
	}
	out = append(out, "", " Try:",
		"   • re-record with dryfire, then press r to reload",
		"   • dryfire-tui browse "+s.Muted.Render("to see every recording and its status"))
	return frame.Wrap(out, m.layout.Width-1, true)
}
