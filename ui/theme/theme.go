// Package theme holds every style and colour of the app, both pages. It is the only
// place in the repository with colour literals: views ask for a named style
// and never build their own.
//
// New(isDark) picks colours that read well on the terminal's background;
// the program reports the background with tea.BackgroundColorMsg and the root
// model rebuilds the styles. NO_COLOR needs nothing here: bubbletea renders
// with the ASCII profile, which keeps bold, reverse and underline, so every
// state is also told apart by a glyph or an attribute, never by colour alone.
package theme

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Styles is every style the browser uses, grouped by the component that
// renders it.
type Styles struct {
	Header    lipgloss.Style // the title bar
	HeaderDim lipgloss.Style // counts in the title bar
	Footer    lipgloss.Style
	Progress  lipgloss.Style // the scan progress / status line
	Error     lipgloss.Style
	Muted     lipgloss.Style
	Separator lipgloss.Style // the vertical bar between the panes

	Tree   Tree
	Detail Detail
	Diff   Diff
	JSON   JSON
	Dialog Dialog
	Help   help.Styles

	// Status maps a status name to its style: a recording's status (as the
	// workspace spells it), a change's kind in the review (added, modified,
	// deleted, renamed) and what the review did with it (accepted,
	// rejected, skipped).
	Status map[string]lipgloss.Style
}

// Tree styles the recording tree.
type Tree struct {
	Group    lipgloss.Style // suite or tape rows
	Sub      lipgloss.Style // case or tape-key rows
	Leaf     lipgloss.Style
	Key      lipgloss.Style // the short fingerprint on a leaf
	Count    lipgloss.Style
	Cursor   lipgloss.Style // the selected row when the tree has focus
	CursorBl lipgloss.Style // the selected row when it does not
	Mark     lipgloss.Style
	Match    lipgloss.Style // fuzzy-matched characters
}

// Detail styles the right-hand pane.
type Detail struct {
	Title     lipgloss.Style
	Tab       lipgloss.Style
	ActiveTab lipgloss.Style
	Heading   lipgloss.Style // section headings inside a tab
	Label     lipgloss.Style // "stop reason:" and the like
	Role      lipgloss.Style // user / assistant / tool in a conversation
	Text      lipgloss.Style
	Reason    lipgloss.Style
	// Change frames the detail of a review change: its left padding sets
	// it off from the separator, or from the screen's edge.
	Change lipgloss.Style
	// Match marks what a search found; MatchCurrent the match n and N
	// went to. Cursor is the line under the cursor in the Raw tab.
	Match, MatchCurrent, Cursor lipgloss.Style
}

// Diff styles the Diff tab. AddWord and DelWord mark the words that
// changed inside an added or removed line.
type Diff struct {
	Add, Del, Hunk, Context, Path lipgloss.Style
	AddWord, DelWord              lipgloss.Style
}

// JSON styles the Raw tab.
type JSON struct {
	Key, String, Number, Literal, Punct lipgloss.Style
}

// Dialog styles the confirm dialog and the help overlay.
type Dialog struct {
	Box, Title, Danger, OK lipgloss.Style
}

// New returns the styles for a dark or a light terminal background.
func New(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	var (
		fg      = c("#1F2328", "#E6EDF3")
		muted   = c("#6E7781", "#8B949E")
		subtle  = c("#D0D7DE", "#30363D")
		accent  = c("#0550AE", "#79C0FF")
		green   = c("#116329", "#56D364")
		yellow  = c("#7D4E00", "#E3B341")
		red     = c("#A40E26", "#FF7B72")
		magenta = c("#8250DF", "#D2A8FF")
		cyan    = c("#1B7C83", "#76E3EA")
		hdrBg   = c("#DDF4FF", "#1F2D3D")
	)
	s := lipgloss.NewStyle
	st := Styles{
		Header:    s().Bold(true).Foreground(fg).Background(hdrBg),
		HeaderDim: s().Foreground(muted).Background(hdrBg),
		Footer:    s().Foreground(muted),
		Progress:  s().Foreground(accent),
		Error:     s().Foreground(red).Bold(true),
		Muted:     s().Foreground(muted),
		Separator: s().Foreground(subtle),
		Tree: Tree{
			Group:    s().Bold(true).Foreground(fg),
			Sub:      s().Foreground(fg),
			Leaf:     s().Foreground(fg),
			Key:      s().Foreground(muted),
			Count:    s().Foreground(muted),
			Cursor:   s().Reverse(true).Bold(true),
			CursorBl: s().Underline(true),
			Mark:     s().Foreground(magenta).Bold(true),
			Match:    s().Foreground(accent).Underline(true),
		},
		Detail: Detail{
			Title:        s().Bold(true).Foreground(fg),
			Tab:          s().Foreground(muted).Padding(0, 1),
			ActiveTab:    s().Bold(true).Reverse(true).Padding(0, 1),
			Heading:      s().Bold(true).Foreground(accent),
			Label:        s().Foreground(muted),
			Role:         s().Bold(true).Foreground(magenta),
			Text:         s().Foreground(fg),
			Reason:       s().Italic(true).Foreground(muted),
			Change:       s().PaddingLeft(1),
			Match:        s().Underline(true).Bold(true).Foreground(yellow),
			MatchCurrent: s().Reverse(true).Bold(true),
			Cursor:       s().Reverse(true),
		},
		Diff: Diff{
			Add:     s().Foreground(green),
			Del:     s().Foreground(red),
			Hunk:    s().Foreground(cyan),
			Context: s().Foreground(muted),
			Path:    s().Bold(true).Foreground(fg),
			// Reverse keeps the changed words visible without colour.
			AddWord: s().Foreground(green).Bold(true).Reverse(true),
			DelWord: s().Foreground(red).Bold(true).Reverse(true),
		},
		JSON: JSON{
			Key:     s().Foreground(accent),
			String:  s().Foreground(green),
			Number:  s().Foreground(yellow),
			Literal: s().Foreground(magenta),
			Punct:   s().Foreground(muted),
		},
		Dialog: Dialog{
			Box:    s().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
			Title:  s().Bold(true).Foreground(fg),
			Danger: s().Foreground(red).Bold(true),
			OK:     s().Foreground(green),
		},
		Help: help.Styles{
			Ellipsis:       s().Foreground(muted),
			ShortKey:       s().Foreground(fg).Bold(true),
			ShortDesc:      s().Foreground(muted),
			ShortSeparator: s().Foreground(subtle),
			FullKey:        s().Foreground(fg).Bold(true),
			FullDesc:       s().Foreground(muted),
			FullSeparator:  s().Foreground(subtle),
		},
	}
	st.Status = map[string]lipgloss.Style{
		"live":                 s().Foreground(green),
		"ok":                   s().Foreground(green),
		"stale":                s().Foreground(yellow).Bold(true),
		"unrecorded":           s().Foreground(yellow).Bold(true),
		"stale schema_version": s().Foreground(yellow),
		"superseded":           s().Foreground(muted),
		"orphaned case":        s().Foreground(muted),
		"orphaned suite":       s().Foreground(muted),
		"in use":               s().Foreground(cyan),
		"protected":            s().Foreground(cyan),
		"invalid":              s().Foreground(red).Bold(true),
		"key mismatch":         s().Foreground(red),
		"error entry":          s().Foreground(yellow),
		"empty":                s().Foreground(muted),
		"unknown":              s().Foreground(muted),
		"secret":               s().Foreground(red).Bold(true),
		// The review: the kind of a change and what the session did.
		"added":    s().Foreground(green),
		"modified": s().Foreground(yellow).Bold(true),
		"deleted":  s().Foreground(red),
		"renamed":  s().Foreground(cyan),
		"accepted": s().Foreground(green),
		"rejected": s().Foreground(red).Bold(true),
		"skipped":  s().Foreground(muted),
		// The run verdict of a case.
		"passed":  s().Foreground(green),
		"failing": s().Foreground(red).Bold(true),
		"flaky":   s().Foreground(yellow).Bold(true),
		"errored": s().Foreground(red).Bold(true),
	}
	return st
}

// StatusStyle returns the style of a status, or a plain one for a status
// this version does not know.
func (s *Styles) StatusStyle(status string) lipgloss.Style {
	if st, ok := s.Status[status]; ok {
		return st
	}
	return s.Muted
}

// Glyph is the one-cell symbol of a status; the tree, the review list and
// the headers use it so that a status reads the same without colour.
//
// On one page a glyph has one meaning: the browser's statuses, case
// verdicts, the mark and the secret mark are all told apart, and so are the
// review's change kinds and decisions (the two pages never share a screen,
// so ✓ is "passed" on one and "accepted" on the other, both a yes). The
// statuses a person acts on differently have glyphs of different shapes
// (the circles go from live ● through stale ◐ to superseded ○ and orphaned
// ◌; invalid ⊠, a file crossed out, looks nothing like failing ✗ or key
// mismatch ≠), so the header can count them by glyph alone when it is short
// of room.
func Glyph(status string) string {
	if g, ok := reviewGlyph(status); ok {
		return g
	}
	switch status {
	case "passed":
		return "✓"
	case "failing":
		return "✗"
	case "errored":
		return "⊘"
	case "flaky":
		return "~"
	case "marked":
		return "*"
	case "live", "ok":
		return "●"
	case "stale":
		return "◐"
	case "unrecorded":
		return "?"
	case "stale schema_version":
		return "◑"
	case "superseded":
		return "○"
	case "orphaned case", "orphaned suite":
		return "◌"
	case "in use":
		return "◆"
	case "protected":
		return "▣"
	case "invalid":
		return "⊠"
	case "key mismatch":
		return "≠"
	case "error entry":
		return "!"
	case "empty":
		return "∅"
	case "secret":
		return "⚠"
	case "pending":
		return "⋯"
	default:
		return "·"
	}
}

// reviewGlyph is the glyph of a review change's kind or decision.
func reviewGlyph(name string) (string, bool) {
	switch name {
	case "added":
		return "+", true
	case "modified":
		return "~", true
	case "deleted":
		return "-", true
	case "renamed":
		return "→", true
	case "accepted":
		return "✓", true
	case "rejected":
		return "✗", true
	case "skipped":
		return "»", true
	}
	return "", false
}

// BrowseMeanings are the names whose glyphs the browser shows: every
// status (pending until the scan has classified a recording), the case
// verdicts, the mark and the secret mark. Each has a glyph of its own
// (the two orphan statuses share one, and live and ok, which mean the same
// to the owner).
var BrowseMeanings = []string{
	"live", "ok", "stale", "unrecorded", "stale schema_version", "superseded", "orphaned case", "orphaned suite",
	"in use", "protected", "invalid", "key mismatch", "error entry", "empty", "unknown", "pending",
	"secret", "marked", "passed", "failing", "errored", "flaky",
}

// ReviewMeanings are the names whose glyphs the review shows: the kinds
// of change, the decisions and the secret mark.
var ReviewMeanings = []string{"added", "modified", "deleted", "renamed", "accepted", "rejected", "skipped", "secret"}
