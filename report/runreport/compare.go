package runreport

import (
	"fmt"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine"
)

// CompareAxis is what a compare varies from column to column.
type CompareAxis uint8

// The axes of dryfire compare: --models or --prompts.
const (
	ByModel CompareAxis = iota
	ByPrompt
)

// String is the axis as dryfire names it: model or prompt.
func (a CompareAxis) String() string {
	if a == ByPrompt {
		return "prompt"
	}
	return "model"
}

// CompareRun is one column of a compare before it is summed up: its
// label (the model, or the prompt file) and its run, or the error that
// stopped the run (dryfire's failed column: the other columns still run).
type CompareRun struct {
	Label  string
	Result *engine.Result
	// Err is why the column has no run; its text is shown as the column's
	// error. Result is ignored when Err is set.
	Err error
}

// Compare is the matrix of dryfire compare: one suite run once per
// column, the cases as rows, each cell the case's verdict in that column,
// and per column its pass rate, cost and mean latency. It is plain data:
// [CompareOf] fills it from the runs as dryfire does, and the reports
// (the terminal matrix, the HTML page) only lay it out.
type Compare struct {
	Axis    CompareAxis
	Columns []CompareColumn
	Rows    []CompareRow
}

// CompareColumn is one column's figures, as dryfire's column metrics
// have them.
type CompareColumn struct {
	Label string
	// Failed is set for a column whose run stopped with an error (Error);
	// its cells are all CellNone and its figures are zero.
	Failed bool
	Error  string
	// Cases is the number of cases the column ran (a repeated case once).
	Cases int
	// PassRate is the share of those cases that passed (0 for none).
	PassRate float64
	// Cost is the total advisory cost of the priced cases in USD; nil
	// when no case was priced, never a made-up zero.
	Cost *float64
	// MeanLatencyMS is the mean, over the cases with a trace, of the
	// models' latency summed over each case's turns.
	MeanLatencyMS float64
	// MeanTurns is the mean number of turns of the cases with a trace.
	MeanTurns float64
}

// CompareRow is one case of the matrix: its name and its cell in each
// column, in column order.
type CompareRow struct {
	Case  string
	Cells []Cell
}

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

// Disagree reports whether the columns that have a verdict for the case
// do not all agree: the row dryfire marks with ~.
func (r CompareRow) Disagree() bool {
	var seen Cell
	for _, c := range r.Cells {
		switch {
		case c == CellNone:
		case seen == CellNone:
			seen = c
		case c != seen:
			return true
		}
	}
	return false
}

// CompareOf sums up the runs of a compare as dryfire does: the rows are
// the cases of the first column that ran, in suite and case order; a
// cell is the verdict of the first case of that name in the column (any
// suite), or CellNone; a column's figures are dryfire's column metrics.
func CompareOf(axis CompareAxis, runs []CompareRun) Compare {
	c := Compare{Axis: axis, Columns: make([]CompareColumn, len(runs))}
	verdicts := make([]map[string]bool, len(runs))
	for i, r := range runs {
		if r.Err != nil || r.Result == nil {
			c.Columns[i] = failedColumn(r)
			continue
		}
		c.Columns[i] = columnOf(r.Label, r.Result)
		verdicts[i] = firstVerdicts(r.Result)
		if c.Rows == nil {
			c.Rows = rowsOf(r.Result, len(runs))
		}
	}
	for ri := range c.Rows {
		for ci, v := range verdicts {
			passed, ok := v[c.Rows[ri].Case]
			switch {
			case !ok:
			case passed:
				c.Rows[ri].Cells[ci] = CellPass
			default:
				c.Rows[ri].Cells[ci] = CellFail
			}
		}
	}
	return c
}

func failedColumn(r CompareRun) CompareColumn {
	col := CompareColumn{Label: r.Label, Failed: true}
	if r.Err != nil {
		col.Error = r.Err.Error()
	}
	return col
}

// rowsOf is a row per case of the run, with a cell per column.
func rowsOf(res *engine.Result, columns int) []CompareRow {
	rows := []CompareRow{}
	for _, s := range res.Suites {
		for _, cr := range s.Cases {
			rows = append(rows, CompareRow{Case: cr.Case, Cells: make([]Cell, columns)})
		}
	}
	return rows
}

// firstVerdicts maps each case name to the verdict of its first case.
func firstVerdicts(res *engine.Result) map[string]bool {
	m := map[string]bool{}
	for _, s := range res.Suites {
		for _, cr := range s.Cases {
			if _, ok := m[cr.Case]; !ok {
				m[cr.Case] = cr.Passed
			}
		}
	}
	return m
}

// columnOf is dryfire's column metrics of one run.
func columnOf(label string, res *engine.Result) CompareColumn {
	col := CompareColumn{Label: label}
	passed, traced := 0, 0
	var cost float64
	var latency, turns int64
	priced := false
	for _, s := range res.Suites {
		for _, cr := range s.Cases {
			col.Cases++
			if cr.Passed {
				passed++
			}
			t := cr.Rep.Trace
			if t == nil {
				continue
			}
			traced++
			if t.Cost != nil {
				f, _ := t.Cost.Float64()
				cost, priced = cost+f, true
			}
			for _, turn := range t.Turns {
				latency += turn.Response.LatencyMS
			}
			turns += int64(len(t.Turns))
		}
	}
	if col.Cases == 0 {
		return col
	}
	col.PassRate = float64(passed) / float64(col.Cases)
	if priced {
		col.Cost = &cost
	}
	if traced > 0 {
		col.MeanLatencyMS = float64(latency) / float64(traced)
		col.MeanTurns = float64(turns) / float64(traced)
	}
	return col
}

// RateText is the column's pass rate as dryfire prints it (80%), or
// FAILED for a column that did not run.
func (c CompareColumn) RateText() string {
	if c.Failed {
		return "FAILED"
	}
	return strconv.FormatFloat(c.PassRate*100, 'f', 0, 64) + "%"
}

// CostText is the column's cost as dryfire prints it ($0.0500), or — when
// nothing was priced or the column did not run.
func (c CompareColumn) CostText() string {
	if c.Failed || c.Cost == nil {
		return "—"
	}
	return dollars(*c.Cost)
}

// LatencyText is the column's mean latency as dryfire prints it (850ms),
// or — for a column that did not run.
func (c CompareColumn) LatencyText() string {
	if c.Failed {
		return "—"
	}
	return fmt.Sprintf("%.0fms", c.MeanLatencyMS)
}
