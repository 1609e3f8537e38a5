package browse

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// statusView is the progress line while scanning, the filter being typed,
// or the last message.
func (m Page) statusView() string {
	s := m.Styles
	var line string
	switch {
	case m.mode == modeFilter:
		line = s.Progress.Render("/") + visible.Line(m.filterText) + "█" + s.Muted.Render(fmt.Sprintf("  %d rows", m.tree.Rows())+m.matchNote())
	case m.mode == modeSearch:
		_, n := m.Detail.Search()
		line = s.Progress.Render("search /") + visible.Line(m.filterText) + "█" + s.Muted.Render("  "+frame.Count(n, "match")+" in this tab")
	case m.Status != "" && m.StatusErr:
		line = s.Error.Render(m.Status)
	case m.Status != "":
		line = s.Progress.Render(m.Status)
	case m.loading:
		line = s.Progress.Render(m.scanProgress())
	case m.scanErr != nil:
		line = s.Error.Render("scan failed: " + visible.Line(m.scanErr.Error()))
	case m.tree.Filter() != "" || m.tree.StatusFilter() != "":
		line = m.filterSummary()
	case len(m.summary.Problems) > 0:
		line = s.Error.Render(m.errorsLine())
	}
	return m.follow.Status(line, m.Layout.Width, m.Styles)
}

// scanProgress is the status line while the scan runs: how many
// recordings it has read and, while some wait for their status, that it
// is working them out (the pending rows are not stuck).
func (m Page) scanProgress() string {
	read := fmt.Sprintf("⟳ scanning %s · %s read", visible.Line(m.opts.Path), frame.Count(m.tree.Len(), "recording"))
	if n := m.tree.Counts()["pending"]; n > 0 {
		return m.fitStatus(
			read+fmt.Sprintf(" · %s %d pending: working out each status (simulating every case's replay)…", theme.Glyph("pending"), n),
			read+fmt.Sprintf(" · %s %d pending: working out statuses…", theme.Glyph("pending"), n))
	}
	return read
}

// errorsLine says what went wrong reading the project, beside the
// recordings: "suite error: FILE:LINE:COL: …", or "3 suite errors, the
// first: …". The recordings that need attention are counted in the
// header, not here.
func (m Page) errorsLine() string {
	ps := m.summary.Problems
	what := "suite error"
	switch specs := len(m.summary.SpecErrors); {
	case specs == 0:
		what = "read error"
	case specs < len(ps):
		what = "error"
	}
	first := visible.Line(ps[0])
	if len(ps) == 1 {
		return what + ": " + first
	}
	return fmt.Sprintf("%d %ss, the first: %s", len(ps), what, first)
}

func (m Page) filterSummary() string {
	var parts []string
	if f := m.tree.Filter(); f != "" {
		parts = append(parts, fmt.Sprintf("filter %q", visible.Line(f))+m.matchNote())
	}
	if st := m.tree.StatusFilter(); st != "" {
		parts = append(parts, "status "+st)
	}
	if len(parts) == 0 {
		return ""
	}
	return m.Styles.Progress.Render(fmt.Sprintf("showing %s · %d rows · esc clears", strings.Join(parts, " · "), m.tree.Rows()))
}

// matchNote says how the text filter matched when it was not as typed:
// " (all words)", " (fuzzy: no name holds the text as typed)".
func (m Page) matchNote() string {
	switch m.tree.FilterMatch() {
	case tree.MatchWords:
		return " (all words: no name holds the text as typed)"
	case tree.MatchFuzzy:
		return " (fuzzy: no name holds the text as typed)"
	case tree.MatchNone, tree.MatchExact:
	}
	return ""
}

// footerView is the key line.
func (m Page) footerView() string { return m.Help.ShortView(m.keyLine()) }

// keyLine lists the keys that apply in the current state, most useful
// first; "? help" and "q quit" always stay.
func (m Page) keyLine() help.Line {
	k := m.keysNow()
	switch {
	case m.mode == modeFilter:
		return help.Line{Keys: []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		}}
	case m.mode == modeSearch:
		return help.Line{Keys: []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep search, n/N next/previous")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		}}
	case m.Help.Visible():
		return help.Line{Tail: append(m.Help.ShortHelp(), k.Quit)}
	case m.Dialog.Visible():
		return help.Line{Keys: m.Dialog.ShortHelp()}
	case m.picker.Visible():
		return help.Line{Keys: m.picker.ShortHelp()}
	}
	nav := page.Enabled(k.Tree.Up, k.Tree.Down)
	if len(nav) == 2 {
		nav = []key.Binding{page.Summary("↑↓", "move", k.Tree.Up, k.Tree.Down)}
	}
	if m.Focus == page.FocusDetail {
		nav = page.Enabled(k.Detail.Up, k.Detail.Down)
		if len(nav) == 2 { // "↑↓ scroll", or on the Raw tab "↑↓ cursor"
			nav = []key.Binding{page.Summary("↑↓", strings.TrimSuffix(k.Detail.Down.Help().Desc, " down"), k.Detail.Up, k.Detail.Down)}
		}
	}
	sideways := page.Enabled(k.Detail.Left, k.Detail.Right)
	if len(sideways) == 2 {
		sideways = []key.Binding{page.Summary("←→", "scroll", k.Detail.Left, k.Detail.Right)}
	}
	problems := page.Enabled(k.NextProblem, k.PrevProblem)
	if len(problems) == 2 {
		problems = []key.Binding{page.Summary("n/N", "problem", k.NextProblem, k.PrevProblem)}
	}
	if k.Detail.NextMatch.Enabled() {
		problems = []key.Binding{page.Summary("n/N", "match", k.Detail.NextMatch, k.Detail.PrevMatch)}
	}
	filter := k.Filter
	if k.Detail.Search.Enabled() {
		filter = k.Detail.Search
	}
	fix := m.recordFirst()
	var l keyList
	l.add(k.StopRecord)
	l.add(nav...)
	if !m.Layout.Split {
		// One pane fills the screen: the way to the other comes first.
		l.add(k.Open, k.Back)
	}
	l.add(problems...)
	if fix {
		l.add(k.Record) // the fix of what is selected comes first
	}
	if m.tree.MarkCount() > 0 {
		// With marks made, pruning them is what comes next.
		l.add(k.Prune)
	}
	if m.Focus == page.FocusDetail {
		// The pane's own keys before the page's.
		l.add(k.Detail.Jump, k.Back, k.Detail.Tabs)
		l.add(sideways...)
		l.add(k.Edit, filter, k.Detail.Fold, k.Detail.CopyValue, k.Detail.Reveal, k.Detail.Wrap, k.Detail.Pager)
	}
	l.add(k.Detail.Jump, k.Problems, k.Palette, k.Open, k.Back, filter, k.Clear, k.StatusFilter, k.Tree.Mark, k.Record)
	l.add(k.Detail.Reveal, k.Detail.Fold, k.Detail.CopyValue, k.Focus, k.Detail.Tabs, k.Edit,
		k.Detail.Wrap, k.Detail.Pager, k.Copy, k.Rescan)
	return help.Line{Keys: l, Tail: []key.Binding{k.Help, k.Quit}}
}

// keyList is a key line being built, most useful first: each binding once,
// where it was first added, and only when it applies.
type keyList []key.Binding

func (l *keyList) add(bs ...key.Binding) {
	for _, b := range page.Enabled(bs...) {
		if !slices.ContainsFunc(*l, func(o key.Binding) bool { return o.Help() == b.Help() }) {
			*l = append(*l, b)
		}
	}
}

// emptyView explains an empty scan: what was looked for, where, what to try.
func (m Page) emptyView() []string {
	s := m.Styles
	out := []string{"", " " + s.Dialog.Title.Render("No recordings found.")}
	if m.scanErr != nil {
		out = append(out, "", " "+s.Error.Render(visible.Line(m.scanErr.Error())))
	}
	if len(m.summary.LookedFor) > 0 {
		out = append(out, "", " Looked for:")
		for _, l := range m.summary.LookedFor {
			wrapped := strings.Split(ansi.Wrap(visible.Line(l), max(m.Layout.Width-6, 10), " /"), "\n")
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
		"   • dryfire-tui run --cassette-mode record",
		"     "+s.Muted.Render("call the providers and write the cassettes, then press r to rescan"))
	for i := range out {
		out[i] = ansi.Truncate(out[i], m.Layout.Width, "…")
	}
	return out
}
