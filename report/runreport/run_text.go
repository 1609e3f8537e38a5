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
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// RunTextOptions tune the terminal report of a run.
type RunTextOptions struct {
	// Verbose adds every turn of each failing case (dryfire run -v).
	Verbose bool
	// Path names a suite file in the suite headers (nil: its absolute
	// path, as dryfire prints it); see [RelativeTo].
	Path func(file string) string
	// Mask hides keys and recorded secrets before the texts are laid out
	// (the zero Mask hides nothing).
	Mask Mask
	// Notes adds what dryfire-tui says to a person at a terminal, which
	// dryfire never prints (see [WriteRunText]). Off, the report is
	// dryfire's bytes: a pipe or a file gets no note.
	Notes bool
	// Replay says that the run replayed every call from its cassettes: the
	// costs are those of the recorded calls (a note says so).
	Replay bool
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
)

// WriteRunText writes the terminal report dryfire run prints: per suite
// its cases with ✓, ✗ or ~ (a repeated case whose repetitions disagree),
// turns, tokens, cost, time, an ending other than end_turn and the cache
// hits; the failed assertions of failing cases with expected and actual;
// then the totals and, when a judge ran, the judges' own cost. The glyphs
// are painted green, red and yellow where w colours ([visible.Paint]), as
// dryfire paints them on a terminal.
//
// With o.Notes (a terminal) it adds three notes of its own, each on a line
// of its own so that dryfire's lines stay as they are: under the line of
// a case that ended in a provider error, the cassette miss (its turn and
// the key it asked for) or the error; after -v's dump of such a case, the
// turn it missed at; after the totals of a replay, that its costs are the
// recorded calls' and nothing was spent.
//
// With o.Verbose, it stops where dryfire's report stops (a *[TraceError],
// after the report and the turns of the cases before).
func WriteRunText(w io.Writer, res *engine.Result, o RunTextOptions) error {
	for _, sg := range layout(res, o).segs {
		if err := visible.Paint(w, sg.style, sg.text); err != nil {
			return err
		}
	}
	if !o.Verbose {
		return nil
	}
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if c.Passed {
				continue
			}
			if err := writeTrace(w, c, o.Mask); err != nil {
				return err
			}
			if note := missNote(c, o.Mask); o.Notes && note != "" {
				if _, err := io.WriteString(w, note); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// RunText returns the terminal report, without colour (with o.Verbose,
// up to where [WriteRunText] stops).
func RunText(res *engine.Result, o RunTextOptions) string {
	var b strings.Builder
	_ = WriteRunText(&b, res, o) // a Builder does not fail; a TraceError ends the text
	return b.String()
}

// page is the terminal report laid out: plain text, and the glyphs that
// are painted apart.
type page struct{ segs []segment }

type segment struct {
	text  string
	style visible.Style // 0: plain
}

// line adds plain text and a newline.
func (p *page) line(s string) { p.plain(s + "\n") }

func (p *page) plain(s string) {
	if n := len(p.segs); n > 0 && p.segs[n-1].style == 0 {
		p.segs[n-1].text += s
		return
	}
	p.segs = append(p.segs, segment{text: s})
}

func (p *page) paint(s string, st visible.Style) {
	p.segs = append(p.segs, segment{text: s, style: st})
}

func layout(res *engine.Result, o RunTextOptions) *page {
	p := &page{}
	var cases []*engine.CaseRun
	for _, s := range res.Suites {
		cases = append(cases, s.Cases...)
	}
	if len(cases) == 0 {
		p.line("no cases matched")
		return p
	}
	m := o.Mask
	for _, s := range res.Suites {
		path := s.File
		if o.Path != nil {
			path = o.Path(s.File)
		}
		p.line(m.text(s.Name) + "  " + m.text(path))
		p.line("")
		for _, c := range s.Cases {
			caseLine(p, c, m)
			if o.Notes {
				endNote(p, c, m)
			}
			if c.Passed {
				continue
			}
			for _, a := range c.Rep.Assertions {
				if !a.Passed {
					for _, l := range strings.Split(RenderFailure(truncated(masked(a, m))), "\n") {
						p.line(failureIndent + l)
					}
				}
			}
		}
	}
	p.line("")
	if !res.Complete {
		p.line("run incomplete — stopped on first failure (--fail-fast)")
	}
	p.line(summaryLine(cases))
	if j := judgeLine(cases); j != "" {
		p.line(j)
	}
	if o.Notes && o.Replay {
		p.paint("(replayed: the costs are what the recorded calls cost; nothing was spent)", visible.Dim)
		p.line("")
	}
	return p
}

// endNote adds, under the line of a case whose loop ended in a provider
// error, what ended it: the cassette miss, its turn and the key it asked
// for, or the error on one line.
func endNote(p *page, c *engine.CaseRun, m Mask) {
	note := EndedBy(c, m)
	if note == "" {
		return
	}
	p.plain(failureIndent)
	p.paint(note, visible.Yellow)
	p.line("")
}

// EndedBy says what ended the loop of a case's reported repetition in a
// provider error, on one line: "cassette miss at turn N: no recording for
// key K", or the error dryfire reports; "" when it did not end so.
func EndedBy(c *engine.CaseRun, m Mask) string {
	rep := c.Rep
	if v, ok := rep.Miss(); ok {
		return fmt.Sprintf("cassette miss at turn %d: no recording for key %s", v.Turn, m.text(v.Key))
	}
	if t := rep.Trace; t != nil && t.Termination == "provider_error" && t.HasError {
		return truncate(OneLine(m.text(t.Error)))
	}
	return ""
}

// glyph is a case's mark and its colour.
func glyph(passed bool) (string, visible.Style) {
	if passed {
		return "✓", visible.Green
	}
	return "✗", visible.Red
}

// padName left-justifies a name in the name column (by characters, as
// Python's format does).
func padName(name string) string {
	if n := utf8.RuneCountInString(name); n < nameWidth {
		return name + strings.Repeat(" ", nameWidth-n)
	}
	return name
}

// caseLine adds a case's line: its glyph, name and figures.
func caseLine(p *page, c *engine.CaseRun, m Mask) {
	g, st := glyph(c.Passed)
	disagree := c.Repeated && c.Passes != 0 && c.Passes != len(c.Reps)
	if disagree {
		g, st = "~", visible.Yellow
	}
	p.plain("  ")
	p.paint(g, st)
	t := c.Rep.Trace
	if t == nil {
		detail := m.text(c.Rep.CaseError)
		if detail == "" {
			detail = "errored before producing a trace"
		}
		p.line(" " + padName(m.text(c.Case)) + detail)
		return
	}
	rate := ""
	if c.Repeated {
		rate = repeatAnnotation(c, disagree) + "   "
	}
	line := fmt.Sprintf(" %s%s%d turns   %s tok   %s   %ss", padName(m.text(c.Case)), rate, len(t.Turns),
		thousands(t.Usage.InputTokens+t.Usage.OutputTokens), costText(t.Cost), fixed1(float64(t.DurationMS)/1000))
	if t.Termination != "end_turn" {
		line += "   " + m.text(t.Termination)
	}
	if n := t.CacheHits(); n > 0 {
		line += fmt.Sprintf("   ⚡%d cached", n)
	}
	p.line(line)
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

// masked is a failure with its texts masked.
func masked(a engine.AssertionResult, m Mask) engine.AssertionResult {
	a.Description, a.Message = m.text(a.Description), m.text(a.Message)
	if a.Expected != nil {
		s := m.text(*a.Expected)
		a.Expected = &s
	}
	if a.Actual != nil {
		s := m.text(*a.Actual)
		a.Actual = &s
	}
	return a
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

// missNote is the line a terminal gets after -v's dump of a case whose
// loop a cassette miss ended: the turn it missed at and the key it asked
// for ("" when no miss ended it).
func missNote(c *engine.CaseRun, m Mask) string {
	v, ok := c.Rep.Miss()
	if !ok || c.Rep.Trace == nil {
		return ""
	}
	return fmt.Sprintf("── turn %d: cassette miss, no recording for key %s ──\n", v.Turn, m.text(v.Key))
}
