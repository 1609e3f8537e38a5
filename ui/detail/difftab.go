package detail

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// diffLines renders the Diff tab: for the stale recording of a miss, the
// keys, where to fix it, the summary, the field changes and the unified
// diff of both requests, changed words marked; for a turn replay never
// reaches, the miss before it.
func diffLines(d Data, s *theme.Styles) []string {
	df := d.Diff
	switch {
	case df == nil && d.Status == "stale":
		return []string{s.Muted.Render("No miss explains this recording: its case was not replayed as it was recorded."),
			s.Muted.Render("Press r to read the project again.")}
	case df == nil:
		return notStaleLines(d, s)
	case df.Miss != nil:
		return missLines(df, s)
	}
	var out []string
	if df.Note != "" {
		out = append(out, s.Detail.Reason.Render(visible.Line(df.Note)), "")
	}
	out = append(out, sourceLines(df.Sources, s)...)
	for _, l := range df.Summary {
		out = append(out, s.Diff.Path.Render(visible.Line(l)))
	}
	if len(df.Changes) > 0 {
		out = append(out, "", heading(s, "Changes"))
	}
	for _, c := range df.Changes {
		out = append(out, s.Diff.Path.Render(visible.Line(c.Path))+s.Muted.Render(" "+visible.Line(c.Kind)))
		if c.Before != "" {
			out = append(out, changedLine("- ", c.Before, c.BeforeSpans, s.Diff.Del, s.Diff.DelWord))
		}
		if c.After != "" {
			out = append(out, changedLine("+ ", c.After, c.AfterSpans, s.Diff.Add, s.Diff.AddWord))
		}
	}
	if len(df.Lines) > 0 {
		out = append(out, "", heading(s, "Request, recorded → now"))
		for _, l := range df.Lines {
			out = append(out, unifiedLine(l, s))
		}
	}
	if df.Incomplete {
		out = append(out, "", s.Muted.Render("(explanation incomplete: the request could not be rebuilt past this point)"))
	}
	return out
}

// notStaleLines is the Diff tab of a recording that is not stale: there is
// no request to compare it with, and another tab shows what there is.
func notStaleLines(d Data, s *theme.Styles) []string {
	out := []string{s.Muted.Render("Nothing to compare: the Diff tab explains stale recordings, and this one is " + statusPhrase(d.Status) + ".")}
	switch d.Status {
	case "key mismatch":
		out = append(out, s.Muted.Render("The reason is above it; the Request tab (2) shows the stored arguments its key is computed from."))
	case "invalid", "stale schema_version", "empty":
		out = append(out, s.Muted.Render("The reason is above it; the Raw tab (5) shows the file as it is."))
	}
	if len(d.Secrets) > 0 {
		out = append(out, s.Muted.Render("The Secrets tab (4) lists what it holds."))
	}
	return out
}

// statusPhrase is a status as the end of "this one is …".
func statusPhrase(status string) string {
	switch status {
	case "key mismatch":
		return "a key mismatch"
	case "error entry":
		return "an error entry"
	case "empty":
		return "an empty tape"
	case "stale schema_version":
		return "of an old schema_version"
	case "orphaned case":
		return "orphaned (its case is gone)"
	case "orphaned suite":
		return "orphaned (its suite is gone)"
	case "unknown":
		return "of unknown status"
	case "pending", "":
		return "not classified yet"
	}
	return visible.Line(status)
}

// missLines explains a turn replay never reaches by the miss before it.
func missLines(df *Diff, s *theme.Styles) []string {
	ms := df.Miss
	out := []string{
		s.Detail.Heading.Render(fmt.Sprintf("Replay never reaches this turn: the case misses at turn %d first.", ms.Turn)),
		"",
		s.Diff.Path.Render(visible.Line(ms.Title)),
		s.Detail.Text.Render(visible.Line(ms.Headline)),
		"",
	}
	out = append(out, sourceLines(df.Sources, s)...)
	if ms.ID != "" {
		out = append(out, s.Muted.Render(fmt.Sprintf("enter goes to turn %d, where the Diff tab says what changed.", ms.Turn)))
	}
	return append(out, s.Muted.Render("Once the miss is fixed (or the case re-recorded), this turn is reached again."))
}

// sourceLines says where the changes are written, e first.
func sourceLines(srcs []Source, s *theme.Styles) []string {
	if len(srcs) == 0 {
		return nil
	}
	out := []string{heading(s, "Where it is written") + s.Muted.Render(" · e opens the first")}
	for _, src := range srcs {
		out = append(out, "  "+s.Diff.Path.Render(visible.Line(fmt.Sprintf("%s:%d", src.File, src.Line)))+
			s.Muted.Render(" · "+visible.Line(src.What)))
	}
	return append(out, "")
}

// changedLine renders one side of a change, the words that differ in
// word (when spans mark them).
func changedLine(prefix, text string, spans []diff.Span, line, word lipgloss.Style) string {
	if len(spans) == 0 {
		return line.Render(prefix + visible.Line(text))
	}
	var b strings.Builder
	b.WriteString(line.Render(prefix))
	for _, sp := range spans {
		st := line
		if sp.Changed {
			st = word
		}
		b.WriteString(st.Render(visible.Line(sp.Text)))
	}
	return b.String()
}

func unifiedLine(l diff.Line, s *theme.Styles) string {
	switch l.Kind {
	case diff.LineHeader:
		return s.Diff.Path.Render(visible.Line(l.Text))
	case diff.LineHunk:
		return s.Diff.Hunk.Render(visible.Line(l.Text))
	case diff.LineAdded:
		return changedLine(l.Text[:1], l.Text[1:], l.Spans, s.Diff.Add, s.Diff.AddWord)
	case diff.LineRemoved:
		return changedLine(l.Text[:1], l.Text[1:], l.Spans, s.Diff.Del, s.Diff.DelWord)
	case diff.LineContext:
	}
	return s.Diff.Context.Render(visible.Line(l.Text))
}
