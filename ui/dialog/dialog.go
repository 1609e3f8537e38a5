// Package dialog renders the browser's modal boxes: the prune confirmation,
// which lists exactly the files that would go and the ones that are refused
// with their reason, and a plain text box used by the help overlay.
package dialog

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// Entry is one marked file in the prune dialog.
type Entry struct {
	Path, Status, Reason string
	// OK is true when prune may remove the file.
	OK bool
}

// Prune is the confirmation dialog of the prune action.
type Prune struct {
	Remove []Entry
	Refuse []Entry
	offset int
}

// NewPrune splits entries into the files that go and the refused ones.
func NewPrune(entries []Entry) Prune {
	var p Prune
	for _, e := range entries {
		if e.OK {
			p.Remove = append(p.Remove, e)
		} else {
			p.Refuse = append(p.Refuse, e)
		}
	}
	return p
}

// CanConfirm is false when nothing can be removed.
func (p Prune) CanConfirm() bool { return len(p.Remove) > 0 }

// ScrollBy scrolls the list.
func (p Prune) ScrollBy(d int) Prune {
	p.offset = max(0, min(p.offset+d, len(p.lines(theme.Styles{}))-1))
	return p
}

func (p Prune) lines(s theme.Styles) []string {
	var out []string
	if len(p.Remove) > 0 {
		out = append(out, s.Dialog.Danger.Render(fmt.Sprintf("Remove %d file(s) from disk:", len(p.Remove))))
		for _, e := range p.Remove {
			out = append(out, "  "+s.StatusStyle(e.Status).Render(theme.Glyph(e.Status))+" "+e.Path, "      "+s.Muted.Render(e.Reason))
		}
	} else {
		out = append(out, s.Dialog.Title.Render("Nothing to remove."))
	}
	if len(p.Refuse) > 0 {
		out = append(out, "", s.Dialog.OK.Render(fmt.Sprintf("Kept, not prunable (%d):", len(p.Refuse))))
		for _, e := range p.Refuse {
			out = append(out, "  "+s.StatusStyle(e.Status).Render(theme.Glyph(e.Status))+" "+e.Path, "      "+s.Muted.Render(e.Reason))
		}
	}
	return out
}

// View renders the dialog to fit in w × h cells.
func (p Prune) View(s theme.Styles, w, h int) string {
	footer := "y confirm · n cancel"
	if !p.CanConfirm() {
		footer = "esc close"
	}
	return Box(s, "Prune marked recordings", p.lines(s), s.Muted.Render(footer), p.offset, w, h)
}

// Box draws title, the body lines from offset and a footer in a bordered
// box no larger than w × h, centred in w × h.
func Box(s theme.Styles, title string, body []string, footer string, offset, w, h int) string {
	frameW := s.Dialog.Box.GetHorizontalFrameSize()
	frameH := s.Dialog.Box.GetVerticalFrameSize()
	innerW := max(min(w-frameW, 100), 10)
	body = wrapLines(body, innerW)
	room := max(h-frameH-3, 1) // title, blank, footer
	offset = max(0, min(offset, len(body)-room))
	end := min(offset+room, len(body))
	content := []string{s.Dialog.Title.Render(title), ""}
	for _, l := range body[offset:end] {
		content = append(content, ansi.Truncate(l, innerW, "…"))
	}
	if end < len(body) {
		footer = s.Muted.Render(fmt.Sprintf("↓ %d more · ", len(body)-end)) + footer
	}
	content = append(content, ansi.Truncate(footer, innerW, "…"))
	box := s.Dialog.Box.Render(strings.Join(content, "\n"))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, box)
}

// wrapLines wraps lines wider than w, indenting continuations like the line.
func wrapLines(lines []string, w int) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		plain := ansi.Strip(l)
		indent := strings.Repeat(" ", len(plain)-len(strings.TrimLeft(plain, " ")))
		parts := strings.Split(ansi.Wrap(l, w-len(indent), " /"), "\n")
		out = append(out, parts[0])
		for _, p := range parts[1:] {
			out = append(out, indent+strings.TrimLeft(p, " "))
		}
	}
	return out
}
