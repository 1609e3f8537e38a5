package runreport

import (
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// RunTextOptions tune the terminal report of a run.
type RunTextOptions struct {
	// Color paints the pass, fail and flaky glyphs (a terminal, no
	// NO_COLOR).
	Color bool
	// Verbose adds every turn of each failing case (dryfire run -v).
	Verbose bool
	// Path names a suite file in the suite headers (nil: its absolute
	// path, as dryfire prints it); see [RelativeTo].
	Path func(file string) string
}

// RelativeTo names a file relative to the project root (symbolic links of
// the root resolved, as dryfire resolves them), or by its own path when it
// lies outside.
func RelativeTo(root string) func(file string) string {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	return func(file string) string {
		rel, err := filepath.Rel(root, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			return file
		}
		return filepath.ToSlash(rel)
	}
}

const (
	nameWidth     = 36
	failureIndent = "      "
	valueLimit    = 80
	green         = "\x1b[32m"
	red           = "\x1b[31m"
	yellow        = "\x1b[33m"
	reset         = "\x1b[0m"
)

// WriteRunText writes the terminal report dryfire run prints: per suite
// its cases with ✓, ✗ or ~ (a repeated case whose repetitions disagree),
// turns, tokens, cost, time, an ending other than end_turn and the cache
// hits; the failed assertions of failing cases with expected and actual;
// then the totals and, when a judge ran, the judges' own cost.
func WriteRunText(w io.Writer, res *engine.Result, o RunTextOptions) error {
	_, err := io.WriteString(w, RunText(res, o))
	return err
}

// RunText returns the terminal report.
func RunText(res *engine.Result, o RunTextOptions) string {
	var cases []*engine.CaseRun
	for _, s := range res.Suites {
		cases = append(cases, s.Cases...)
	}
	if len(cases) == 0 {
		return "no cases matched\n"
	}
	var lines []string
	for _, s := range res.Suites {
		path := s.File
		if o.Path != nil {
			path = o.Path(s.File)
		}
		lines = append(lines, s.Name+"  "+path, "")
		for _, c := range s.Cases {
			lines = append(lines, caseLine(c, o.Color))
			if c.Passed {
				continue
			}
			for _, a := range c.Rep.Assertions {
				if !a.Passed {
					for _, l := range strings.Split(RenderFailure(truncated(a)), "\n") {
						lines = append(lines, failureIndent+l)
					}
				}
			}
		}
	}
	lines = append(lines, "")
	if !res.Complete {
		lines = append(lines, "run incomplete — stopped on first failure (--fail-fast)")
	}
	lines = append(lines, summaryLine(cases))
	if j := judgeLine(cases); j != "" {
		lines = append(lines, j)
	}
	out := strings.Join(lines, "\n") + "\n"
	if o.Verbose {
		for _, c := range cases {
			if !c.Passed {
				out += traceText(c)
			}
		}
	}
	return out
}

func glyph(passed, color bool) string {
	switch {
	case !color && passed:
		return "✓"
	case !color:
		return "✗"
	case passed:
		return green + "✓" + reset
	}
	return red + "✗" + reset
}

// padName left-justifies a name in the name column (by characters, as
// Python's format does).
func padName(name string) string {
	if n := utf8.RuneCountInString(name); n < nameWidth {
		return name + strings.Repeat(" ", nameWidth-n)
	}
	return name
}

func caseLine(c *engine.CaseRun, color bool) string {
	g := glyph(c.Passed, color)
	disagree := c.Repeated && c.Passes != 0 && c.Passes != len(c.Reps)
	if disagree {
		g = "~"
		if color {
			g = yellow + "~" + reset
		}
	}
	t := c.Rep.Trace
	if t == nil {
		detail := c.Rep.CaseError
		if detail == "" {
			detail = "errored before producing a trace"
		}
		return "  " + g + " " + padName(c.Case) + detail
	}
	rate := ""
	if c.Repeated {
		rate = repeatAnnotation(c, disagree) + "   "
	}
	line := fmt.Sprintf("  %s %s%s%d turns   %s tok   %s   %ss", g, padName(c.Case), rate, len(t.Turns),
		thousands(t.Usage.InputTokens+t.Usage.OutputTokens), costText(t.Cost), fixed1(float64(t.DurationMS)/1000))
	if t.Termination != "end_turn" {
		line += "   " + t.Termination
	}
	if n := t.CacheHits(); n > 0 {
		line += fmt.Sprintf("   ⚡%d cached", n)
	}
	return line
}

func repeatAnnotation(c *engine.CaseRun, disagree bool) string {
	parts := []string{fmt.Sprintf("%d/%d", c.Passes, len(c.Reps))}
	if disagree {
		lo, hi, _ := engine.WilsonInterval(c.Passes, len(c.Reps))
		parts = append(parts, "95% CI "+strconv.FormatFloat(lo, 'f', 2, 64)+"–"+strconv.FormatFloat(hi, 'f', 2, 64))
	}
	if len(c.Reps) < engine.MinMeaningfulRepeat {
		parts = append(parts, fmt.Sprintf("repeat<%d: wide interval", engine.MinMeaningfulRepeat))
	}
	return strings.Join(parts, "   ")
}

func fixed1(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

func costText(c *big.Rat) string {
	if c == nil {
		return "—"
	}
	f, _ := c.Float64()
	return dollars(f)
}

func dollars(f float64) string { return "$" + strconv.FormatFloat(f, 'f', 4, 64) }

// thousands writes n with comma separators, as Python's "{:,}" does.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func summaryLine(cases []*engine.CaseRun) string {
	passed, ms := 0, int64(0)
	var cost float64
	priced := false
	for _, c := range cases {
		if c.Passed {
			passed++
		}
		if t := c.Rep.Trace; t != nil {
			ms += t.DurationMS
			if t.Cost != nil {
				f, _ := t.Cost.Float64()
				cost, priced = cost+f, true
			}
		}
	}
	total := "—"
	if priced {
		total = dollars(cost)
	}
	return fmt.Sprintf("%d cases   %d passed   %d failed   %s   %ss", len(cases), passed, len(cases)-passed, total, fixed1(float64(ms)/1000))
}

// judgeLine is the judges' own cost line ("" when no judge ran).
func judgeLine(cases []*engine.CaseRun) string {
	ran := false
	var tokens int64
	var cost float64
	priced := false
	for _, c := range cases {
		t := c.Rep.Trace
		if t == nil {
			continue
		}
		ran = ran || len(t.Verdicts) > 0
		tokens += t.JudgeUsage.InputTokens + t.JudgeUsage.OutputTokens
		if t.JudgeCost != nil {
			f, _ := t.JudgeCost.Float64()
			cost, priced = cost+f, true
		}
	}
	if !ran {
		return ""
	}
	total := "—"
	if priced {
		total = dollars(cost)
	}
	return fmt.Sprintf("judge: %s   %d tokens (reported separately)", total, tokens)
}

// truncated shortens a failure's expected and message past 80 characters
// (never actual, which carries the trajectory).
func truncated(a engine.AssertionResult) engine.AssertionResult {
	if a.Expected != nil {
		s := truncate(*a.Expected)
		a.Expected = &s
	}
	a.Message = truncate(a.Message)
	return a
}

func truncate(s string) string {
	if utf8.RuneCountInString(s) <= valueLimit {
		return s
	}
	return string([]rune(s)[:valueLimit]) + "… (truncated)"
}

// RenderFailure is dryfire's block for a failed assertion:
//
//	✗ description
//	    expected: …
//	    actual:   …
//	              message
func RenderFailure(a engine.AssertionResult) string {
	lines := []string{"✗ " + a.Description, "    expected: " + noneOr(a.Expected), "    actual:   " + noneOr(a.Actual)}
	if a.Message != "" {
		lines = append(lines, strings.Repeat(" ", 14)+a.Message)
	}
	return strings.Join(lines, "\n")
}

func noneOr(s *string) string {
	if s == nil {
		return "None"
	}
	return *s
}

// traceText is dryfire run -v's dump of a failing case: every turn with
// the messages sent, the response, the tool calls and their results.
func traceText(c *engine.CaseRun) string {
	status := "FAIL"
	if c.Passed {
		status = "PASS"
	}
	lines := []string{c.Suite + "::" + c.Case + "  [" + status + "]"}
	if c.Rep.CaseError != "" {
		lines = append(lines, "  error: "+c.Rep.CaseError)
	}
	t := c.Rep.Trace
	if t == nil {
		return strings.Join(lines, "\n") + "\n"
	}
	for _, turn := range t.Turns {
		lines = append(lines, fmt.Sprintf("── turn %d ──", turn.Index))
		for _, m := range turn.Request {
			lines = append(lines, "  ["+m.Role+"] "+jsonv.PyReprValue(m.Content))
		}
		if turn.Response.Text.Kind == jsonv.String && turn.Response.Text.Text != "" {
			lines = append(lines, "  response: "+turn.Response.Text.Text)
		}
		for _, call := range turn.Response.ToolCalls {
			lines = append(lines, "  → "+call.Name+"("+jsonv.PyJSONDumps(call.Arguments)+")")
		}
		for _, r := range turn.ToolResults {
			flag := ""
			if r.IsError {
				flag = " [error]"
			}
			lines = append(lines, "  ← tool_result"+flag+": "+r.Repr())
		}
	}
	lines = append(lines, "termination: "+t.Termination)
	return strings.Join(lines, "\n") + "\n"
}
