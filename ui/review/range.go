package review

import (
	"fmt"
	"path"
	"path/filepath"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
)

// rangeInfo is what the page shows of a review between two revisions
// (review --base REV [--head REV2]): the range, the tally of what changed,
// and why nothing can be decided when the head is a commit. It is zero for
// a review since HEAD.
type rangeInfo struct {
	// title is the range: "main (3f2a…) → the working tree".
	title string
	// head is the other side as a header says it: "the working tree";
	// headAt after a verb: "in the working tree", "at HEAD (3f2a…)".
	head, headAt string
	// readOnly says why nothing can be accepted or rejected ("" when the
	// head is the working tree).
	readOnly string
	// tally is what changed as the text review says it: "15 re-recorded
	// in 5 cases (30 files)".
	tally string
	// problems are what could not be read at a revision (a dryfire.yaml
	// that does not parse): the status line says them when the page opens.
	problems []string
	// folded are the removed recordings a listed re-recording replaces:
	// a read-only review says them under the re-recording, not as rows of
	// their own.
	folded map[string]bool
}

// rangeOf is the range of r; zero for a review since HEAD.
func rangeOf(r *gitreview.Review) rangeInfo {
	if r == nil || r.Base == nil {
		return rangeInfo{}
	}
	ri := rangeInfo{title: r.ShortRange(), head: r.Head.String(), headAt: r.Head.At(), readOnly: r.ReadOnly,
		tally: r.RangeDocument(false).Tally(), problems: r.Problems, folded: map[string]bool{}}
	if ri.readOnly == "" {
		return ri
	}
	listed := map[string]bool{}
	for _, it := range r.Items {
		listed[it.Path] = true
	}
	for _, it := range r.Items {
		if it.Kind == gitreview.Deleted && it.ReplacedBy != "" && listed[it.ReplacedBy] {
			ri.folded[it.Path] = true
		}
	}
	return ri
}

// sayProblems puts what could not be read at a revision on the status
// line: the first problem, and how many more the JSON lists.
func (m Page) sayProblems() Page {
	if len(m.rng.problems) == 0 {
		return m
	}
	line := "could not read " + m.rng.problems[0]
	if n := len(m.rng.problems) - 1; n > 0 {
		line += fmt.Sprintf(" (and %d more: review --base … --json lists them)", n)
	}
	m.SetStatus(visible.Line(line), true)
	return m
}

// isRange reports whether the page shows a review between two revisions.
func (ri rangeInfo) isRange() bool { return ri.title != "" }

// annotate adds to an item's detail why it changed and which recording it
// replaces.
func (m Page) annotate(c *detail.FileChange, it gitreview.ReviewItem) {
	if !m.rng.isRange() {
		return
	}
	if it.Why != nil {
		c.Why, c.Warning = it.Why.Lines, it.Why.Warning
	}
	c.ReadOnly = m.rng.readOnly != ""
	replaced := ""
	if it.Replaces != "" {
		replaced = "re-records " + secrets.MaskPath(path.Base(it.Replaces))
		if old, ok := m.items[it.Replaces]; ok && old.Kind == gitreview.Deleted {
			replaced += " (removed)"
		}
	}
	switch {
	case replaced != "" && c.Where != "":
		c.Where += " · " + replaced
	case replaced != "":
		c.Where = replaced
	case c.Where == "":
		c.Where = m.rng.headAt
	}
}

// rangeHeaderView is the title bar of a range review: the range, then
// "read-only" and what changed, or the tally of the decisions.
func (m Page) rangeHeaderView() string {
	s := m.Styles
	name := "review"
	if m.root != "" {
		name = "review · " + visible.Line(filepath.Base(m.root))
	}
	counts := m.Tally().String()
	if m.rng.readOnly != "" {
		counts = "read-only · " + m.rng.tally
	}
	title := visible.Line(m.rng.title)
	line := " " + s.Header.Render(name) + s.HeaderDim.Render(" · "+title+" · "+counts) + " "
	if ansi.StringWidth(line) > m.Layout.Width {
		line = " " + s.Header.Render("review") + s.HeaderDim.Render(" · "+title+" · "+counts) + " "
	}
	return s.HeaderDim.Render(frame.PadRight(ansi.Truncate(line, m.Layout.Width, "…"), m.Layout.Width))
}

// rangeEmptyView says that nothing changed between the two revisions.
func (m Page) rangeEmptyView() []string {
	s := m.Styles
	out := []string{"", " " + s.Dialog.Title.Render("No recording changed: "+visible.Line(m.rng.title)+"."), "",
		" The recordings, tapes and suites of the project were compared " + s.Muted.Render("(git diff of the two revisions)") + "."}
	if m.rng.readOnly == "" {
		out = append(out, "", " Try:",
			"   • dryfire-tui run --cassette-mode record "+s.Muted.Render("then r here to reload"))
	}
	return frame.Wrap(out, m.Layout.Width-1, true)
}

// readOnlyKeys disables the keys that change the working tree on a
// read-only review.
func (m Page) readOnlyKeys(k *KeyMap) {
	if m.rng.readOnly == "" {
		return
	}
	for _, b := range []*key.Binding{&k.Accept, &k.Reject, &k.Skip, &k.AcceptAll, &k.RejectAll, &k.Undo, &k.Redact, &k.Baseline} {
		b.SetEnabled(false)
	}
}

// refuseReadOnly answers a key that would change the working tree on a
// read-only review with why it cannot; ok is false for any other key.
func (m Page) refuseReadOnly(msg tea.KeyPressMsg) (Page, bool) {
	if m.rng.readOnly == "" {
		return m, false
	}
	k := m.keys
	if !key.Matches(msg, k.Accept, k.Reject, k.Skip, k.AcceptAll, k.RejectAll, k.Undo, k.Redact, k.Baseline) {
		return m, false
	}
	m.SetStatus(fmt.Sprintf("read-only: the head is %s; accept and reject act on the working tree (review --base without --head)", m.rng.head), true)
	return m, true
}
