package runreport

import (
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
)

// The figures of a comparison are runplan's ([runplan.ColumnMetrics],
// [runplan.Comparison.Rows], [runplan.Column.Verdict]): this file only
// spells them as dryfire prints them, for the terminal matrix and the
// HTML page alike.

// Cell is a case's verdict in one column of a compare.
type Cell uint8

// The cells of a compare: no verdict (the column failed, or has no case
// of that name), passed, failed.
const (
	CellNone Cell = iota
	CellPass
	CellFail
)

// String names the cell: none, pass or fail.
func (c Cell) String() string {
	switch c {
	case CellPass:
		return "pass"
	case CellFail:
		return "fail"
	default:
		return "none"
	}
}

// Glyph is the cell as dryfire's matrix prints it: ✓, ✗ or ·.
func (c Cell) Glyph() string {
	switch c {
	case CellPass:
		return "✓"
	case CellFail:
		return "✗"
	default:
		return "·"
	}
}

// CompareCells are a row's cells, one per column in order (the verdict of
// the column's first case named caseName, as dryfire looks it up), and
// whether the columns that have a verdict disagree: the row dryfire marks
// with ~.
func CompareCells(cols []*runplan.Column, caseName string) (cells []Cell, disagree bool) {
	cells = make([]Cell, len(cols))
	var seen Cell
	for i, col := range cols {
		cr := col.Verdict(caseName)
		switch {
		case cr == nil:
			continue
		case cr.Passed:
			cells[i] = CellPass
		default:
			cells[i] = CellFail
		}
		if seen != CellNone && cells[i] != seen {
			disagree = true
		}
		seen = cells[i]
	}
	return cells, disagree
}

// PassRateText is the column's pass rate as dryfire prints it (80%), or
// FAILED for a column that did not run.
func PassRateText(col *runplan.Column) string {
	if col.Metrics == nil {
		return "FAILED"
	}
	return strconv.FormatFloat(col.Metrics.PassRate*100, 'f', 0, 64) + "%"
}

// CostText is the column's cost as dryfire prints it ($0.0500), or — when
// nothing was priced or the column did not run.
func CostText(col *runplan.Column) string {
	if col.Metrics == nil || !col.Metrics.Priced {
		return "—"
	}
	return dollars(col.Metrics.Cost)
}

// LatencyText is the column's mean latency as dryfire prints it (850ms),
// or — for a column that did not run.
func LatencyText(col *runplan.Column) string {
	if col.Metrics == nil {
		return "—"
	}
	return strconv.FormatFloat(col.Metrics.MeanLatencyMS, 'f', 0, 64) + "ms"
}
