package detail

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// FileChange is one changed file of the review, as the pane shows it: what it
// is, what changed in the user's terms, then the old → new pairs.
type FileChange struct {
	ID string // the path; the same ID keeps the scroll position
	// Kind is added, modified, deleted or renamed.
	Kind string
	// Where says how git holds it: "staged", "unstaged, untracked".
	Where string
	// State is what the review did with it: "", accepted, rejected, skipped.
	State   string
	Path    string
	OldPath string // the path before a rename
	// Recording names a dryfire recording: "suite ▸ case · turn 01 · key …";
	// "" for other files.
	Recording string
	// CaseSummary says what changed across the file's case when the case
	// has more than this file changed.
	CaseSummary []string
	// Summary says what changed, one line each, and Pairs old → new, every
	// secret masked; RevealedSummary and RevealedPairs show them, after the
	// reveal key. Masked says there is something to reveal.
	Summary         []string
	Pairs           []Pair
	RevealedSummary []string
	RevealedPairs   []Pair
	Masked          bool
	// Secrets name the secrets the change adds (rule, place, mask): accept
	// asks before staging it.
	Secrets []string
	// Why says why the recording changed between two revisions (review
	// --base), one line each, and Warning what a reviewer should not miss;
	// both empty for a review since HEAD.
	Why     []string
	Warning string
	// ReadOnly is set when the change cannot be accepted (a range review
	// whose head is a commit): the pane offers no key that acts.
	ReadOnly bool
}

// Pair is one labelled old → new value; an unchanged one is shown once.
type Pair struct {
	Label, Old, New string
}

// changeLines renders a change wrapped to width w, its secrets shown when
// reveal is set.
func changeLines(c FileChange, s *theme.Styles, w int, reveal bool) []string {
	if reveal && c.Masked {
		c.Summary, c.Pairs = c.RevealedSummary, c.RevealedPairs
	}
	muted := s.Muted.Render
	head := s.StatusStyle(c.Kind).Render(theme.Glyph(c.Kind)+" "+c.Kind) + muted(" · "+c.Where)
	if c.State != "" {
		head += muted(" · ") + s.StatusStyle(c.State).Render(theme.Glyph(c.State)+" "+c.State)
	}
	out := []string{head, s.Detail.Title.Render(visible.Line(c.Path))}
	if c.OldPath != "" && !slices.ContainsFunc(c.Summary, func(l string) bool { return strings.Contains(l, c.OldPath) }) {
		out = append(out, muted("from "+visible.Line(c.OldPath)))
	}
	if c.Recording != "" {
		out = append(out, muted(visible.Line(c.Recording)))
	}
	if len(c.CaseSummary) > 0 {
		out = append(out, "", s.Detail.Heading.Render("This case"))
		out = append(out, bullets(c.CaseSummary)...)
	}
	out = append(out, whyLines(c, s)...)
	if len(c.Secrets) > 0 {
		asks := ": a asks before staging"
		if c.ReadOnly {
			asks = ""
		}
		out = append(out, "", s.StatusStyle("secret").Render(theme.Glyph("secret")+" Adds "+frame.Count(len(c.Secrets), "secret")+asks))
		out = append(out, bullets(c.Secrets)...)
	}
	if c.Masked && !reveal {
		out = append(out, s.Muted.Render("Secrets are masked. Press R to reveal them on screen."))
	}
	out = append(out, "", s.Detail.Heading.Render("What changed"))
	out = append(out, bullets(c.Summary)...)
	if len(c.Pairs) > 0 {
		out = append(out, "", s.Detail.Heading.Render("Old → new"))
	}
	for _, p := range c.Pairs {
		out = append(out, pairLines(p, s)...)
	}
	return frame.Wrap(out, w, true)
}

// whyLines are the change's reasons under their heading, the warning
// first; none for a review since HEAD.
func whyLines(c FileChange, s *theme.Styles) []string {
	if len(c.Why) == 0 && c.Warning == "" {
		return nil
	}
	out := []string{"", s.Detail.Heading.Render("Why it changed")}
	if c.Warning != "" {
		out = append(out, s.StatusStyle("secret").Render("  "+theme.Glyph("secret")+" "+visible.Line(c.Warning)))
	}
	return append(out, bullets(c.Why)...)
}

func bullets(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = "  • " + visible.Line(l)
	}
	return out
}

// pairLines renders one old → new pair: removed lines, then added ones;
// an unchanged value once.
func pairLines(p Pair, s *theme.Styles) []string {
	if p.Old == p.New {
		out := []string{"  " + s.Detail.Label.Render(visible.Line(p.Label)) + s.Muted.Render(" (unchanged)")}
		for _, l := range strings.Split(p.Old, "\n") {
			out = append(out, "    "+s.Detail.Text.Render(visible.Line(l)))
		}
		return out
	}
	out := []string{"  " + s.Detail.Label.Render(visible.Line(p.Label))}
	if p.Old != "" {
		for _, l := range strings.Split(p.Old, "\n") {
			out = append(out, s.Diff.Del.Render("  - "+visible.Line(l)))
		}
	}
	if p.New != "" {
		for _, l := range strings.Split(p.New, "\n") {
			out = append(out, s.Diff.Add.Render("  + "+visible.Line(l)))
		}
	}
	return out
}
