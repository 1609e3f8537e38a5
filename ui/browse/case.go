package browse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// caseSummary describes a case's run verdict in the detail pane: the
// verdict, its repetitions, how the loop ended, every assertion with
// expected and actual when it failed, and the judges' scores and
// reasoning. Every text of the run comes from files (the suite's names
// and values, the tool names and texts a provider recorded) and is made
// visible, one line each.
func (m Page) caseSummary(c *engine.CaseRun, verdict string) []string {
	s := m.Styles
	line := func(st, text string) string { return s.StatusStyle(st).Render(text) }
	v := visible.Line
	var out []string
	switch verdict {
	case "":
		return []string{s.Muted.Render("run: not graded here (" + firstLine(c.Rep.Message) + ")")}
	case "flaky":
		out = append(out, line("flaky", theme.Glyph("flaky")+" repetitions disagree"))
	case "errored":
		out = append(out, line("errored", theme.Glyph("errored")+" errored: the assertions pass, but the loop ended in "+
			backend.EndedInError(c)+" (dryfire exits 3)"))
	case "passed":
		text := theme.Glyph("passed") + " passed"
		if backend.EndedUnmocked(c) {
			text += ": the loop ended in unmocked_tool, and the assertions pass (dryfire exits 0; its JUnit file counts it as an error)"
		}
		out = append(out, line(verdict, text))
	default:
		out = append(out, line(verdict, theme.Glyph(verdict)+" "+verdict))
	}
	if c.Repeated {
		out = append(out, s.Muted.Render(fmt.Sprintf("  %d/%d repetitions passed, %s required", c.Passes, len(c.Reps),
			strconv.FormatFloat(c.RequirePassRate, 'g', -1, 64))))
	}
	rep := c.Rep
	if rep.CaseError != "" {
		return append(out, line("failing", "  error: "+firstLine(rep.CaseError)))
	}
	if t := rep.Trace; t != nil {
		end := "  " + frame.Count(len(t.Turns), "turn") + ", ended " + v(t.Termination)
		if t.HasError {
			end += ": " + v(t.Error)
		}
		out = append(out, s.Muted.Render(end))
	}
	for _, a := range rep.Assertions {
		if a.Passed {
			out = append(out, line("passed", "  "+theme.Glyph("passed")+" "+v(a.Description)))
			continue
		}
		out = append(out, line("failing", "  "+theme.Glyph("failing")+" "+v(a.Description)))
		out = append(out, s.Muted.Render("      expected: "+v(deref(a.Expected))), s.Muted.Render("      actual:   "+firstLine(deref(a.Actual))))
		for _, l := range strings.Split(a.Message, "\n") {
			out = append(out, "      "+v(l))
		}
	}
	if t := rep.Trace; t != nil {
		for _, j := range t.Verdicts {
			if j.HasError {
				out = append(out, line("failing", "  judge "+v(j.Model)+": "+v(j.Error)))
				continue
			}
			out = append(out, s.Muted.Render(fmt.Sprintf("  judge %s: score %s (threshold %s): %s", v(j.ModelVersion),
				engine.PyFormatG(j.Score), engine.PyFormatG(j.Threshold), v(j.Reasoning))))
		}
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return "None"
	}
	return *s
}

// firstLine is the first line of s, made visible.
func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return visible.Line(first)
}
