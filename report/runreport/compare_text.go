package runreport

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// The matrix's layout, dryfire's.
const (
	compareMaxColumns = 8
	compareMaxName    = 28
	compareMaxLabel   = 12
	compareGap        = "  "
)

// CompareEstimate is the line dryfire compare prints before it runs
// anything: "compare: 3 model(s) × 5 case-run(s) = 15 runs".
func CompareEstimate(c *runplan.Comparison) string {
	return fmt.Sprintf("compare: %d %s(s) × %d case-run(s) = %d runs", len(c.Columns), c.Axis, c.CaseRuns, c.Runs())
}

// WriteCompare writes dryfire compare's matrix: a row per case (in suite
// order, marked ~ when the columns disagree), a column per model or
// prompt with ✓, ✗, or · where the column has no result for the case;
// then per column the pass rate (FAILED for a failed column), the cost
// (— when nothing was priced) and the mean latency. Columns past the
// eighth are left out with dryfire's note, labels are cut at 12
// characters and case names at 28. A disagreement row is painted yellow
// where w colours, as dryfire paints it on a terminal. keys are masked in
// the names before they are laid out.
func WriteCompare(w io.Writer, c *runplan.Comparison, keys *visible.Keys) error {
	for _, line := range compareLines(c, keys) {
		style := visible.Style(0)
		if strings.HasPrefix(line, "~") {
			style = visible.Yellow
		}
		if err := visible.Paint(w, style, line); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return nil
}

// CompareText is the matrix without colour.
func CompareText(c *runplan.Comparison, keys *visible.Keys) string {
	return strings.Join(compareLines(c, keys), "\n") + "\n"
}

func compareLines(c *runplan.Comparison, keys *visible.Keys) []string {
	shown := c.Columns[:min(len(c.Columns), compareMaxColumns)]
	labels := make([]string, len(shown))
	widths := make([]int, len(shown))
	for i, col := range shown {
		labels[i] = cut(keys.Mask(col.Label), compareMaxLabel)
		widths[i] = max(utf8.RuneCountInString(labels[i]), 9)
	}
	rows := c.Rows()
	nameW := len("mean latency")
	for _, r := range rows {
		nameW = max(nameW, utf8.RuneCountInString(keys.Mask(r)))
	}
	nameW = min(nameW, compareMaxName)
	cells := func(values []string) string {
		out := make([]string, len(values))
		for i, v := range values {
			out[i] = ljust(v, widths[i])
		}
		return strings.Join(out, compareGap)
	}
	rules := make([]string, len(widths))
	for i, w := range widths {
		rules[i] = strings.Repeat("─", w)
	}
	rule := "  " + strings.Repeat("─", nameW) + compareGap + cells(rules)
	lines := []string{
		fmt.Sprintf("compare by %s — %d %ss × %d cases", c.Axis, len(c.Columns), c.Axis, len(rows)),
		"",
		"  " + ljust("case", nameW) + compareGap + cells(labels),
		rule,
	}
	for _, name := range rows {
		lines = append(lines, compareRow(shown, name, ljust(cut(keys.Mask(name), nameW), nameW), widths))
	}
	figures := func(name string, f func(*runplan.Column) string) string {
		values := make([]string, len(shown))
		for i, col := range shown {
			values[i] = f(col)
		}
		return "  " + ljust(name, nameW) + compareGap + cells(values)
	}
	lines = append(lines, rule, figures("pass rate", PassRateText), figures("cost", CostText), figures("mean latency", LatencyText))
	if dropped := len(c.Columns) - len(shown); dropped > 0 {
		lines = append(lines, "", fmt.Sprintf("… %d more %s(s) not shown — use --json-out for the full matrix", dropped, c.Axis))
	}
	return lines
}

// compareRow is one case's row: ~ when the columns that have a verdict
// disagree, then a glyph per column.
func compareRow(cols []*runplan.Column, caseName, name string, widths []int) string {
	cells, disagree := CompareCells(cols, caseName)
	glyphs := make([]string, len(cols))
	for i, c := range cells {
		glyphs[i] = c.Glyph() + strings.Repeat(" ", widths[i]-1)
	}
	marker := " "
	if disagree {
		marker = "~"
	}
	return marker + " " + name + compareGap + strings.Join(glyphs, compareGap)
}

// cut shortens text to width characters, the last one "…", as dryfire
// does.
func cut(text string, width int) string {
	if utf8.RuneCountInString(text) <= width {
		return text
	}
	return string([]rune(text)[:width-1]) + "…"
}

// ljust pads text with spaces to width characters, as Python's
// str.ljust.
func ljust(text string, width int) string {
	if n := utf8.RuneCountInString(text); n < width {
		return text + strings.Repeat(" ", width-n)
	}
	return text
}
