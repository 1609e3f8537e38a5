package runreport

import (
	"errors"
	"math/big"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
)

// TestCompareCellsOfDryfiresMatrix: the rows of dryfire's compare fixture
// (tests/fixtures/expected_output/compare_3x5.txt), built from the same
// runs: each cell the column's verdict, the two ~ rows, and each column's
// figures as dryfire spells them.
func TestCompareCellsOfDryfiresMatrix(t *testing.T) {
	t.Parallel()
	c := matrix3x5()
	want := []struct {
		name, glyphs string
		disagree     bool
	}{
		{"greets", "✓✓✓", false},
		{"refunds_gracefully", "✓✗✓", true},
		{"escalates", "✗✗✗", false},
		{"handles_edge", "✓✗✗", true},
		{"closes_ticket", "✓✓✓", false},
	}
	rows := c.Rows()
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		cells, disagree := CompareCells(c.Columns, rows[i])
		glyphs := ""
		for _, cell := range cells {
			glyphs += cell.Glyph()
		}
		if rows[i] != w.name || glyphs != w.glyphs || disagree != w.disagree {
			t.Errorf("row %d = %s %s disagree=%v, want %s %s %v", i, rows[i], glyphs, disagree, w.name, w.glyphs, w.disagree)
		}
	}
	wantCols := [][3]string{{"80%", "$0.0500", "850ms"}, {"40%", "$0.0100", "300ms"}, {"60%", "$0.0490", "820ms"}}
	for i, w := range wantCols {
		col := c.Columns[i]
		if got := [3]string{PassRateText(col), CostText(col), LatencyText(col)}; got != w {
			t.Errorf("column %s = %v, want %v", col.Label, got, w)
		}
	}
}

// TestCompareCellsOfFailedAndUnpricedColumns: a column that did not run
// has no cells and dryfire's FAILED and dashes, the others still count;
// an unpriced column's cost is a dash, never $0.0000; a case missing from
// a column is a dot, and the dot does not make a disagreement, while a
// pass and a fail around it do.
func TestCompareCellsOfFailedAndUnpricedColumns(t *testing.T) {
	t.Parallel()
	failed := &runplan.Column{Label: "p1.txt", Err: errors.New("cannot read prompt file 'p1.txt'")}
	c := &runplan.Comparison{Axis: runplan.AxisPrompt, Columns: []*runplan.Column{
		failed,
		column("p2.txt", []string{"a", "b"}, []bool{true, false}, 10, nil),
		column("p3.txt", []string{"a"}, []bool{true}, 30, big.NewRat(1, 2)),
	}}
	if got := [3]string{PassRateText(failed), CostText(failed), LatencyText(failed)}; got != [3]string{"FAILED", "—", "—"} {
		t.Errorf("failed column = %v", got)
	}
	if got := c.Columns[1]; CostText(got) != "—" || PassRateText(got) != "50%" || LatencyText(got) != "10ms" || got.Metrics.MeanTurns != 1 {
		t.Errorf("unpriced column = %+v", got.Metrics)
	}
	if rows := c.Rows(); len(rows) != 2 || rows[0] != "a" || rows[1] != "b" {
		t.Fatalf("rows = %q, want a and b from the first column that ran", rows)
	}
	if cells, disagree := CompareCells(c.Columns, "b"); cells[0] != CellNone || cells[1] != CellFail || cells[2] != CellNone || disagree {
		t.Errorf("row b = %v disagree=%v", cells, disagree)
	}
	around := []*runplan.Column{c.Columns[2], failed, column("p4.txt", []string{"a"}, []bool{false}, 1, nil)}
	if _, disagree := CompareCells(around, "a"); !disagree {
		t.Error("a pass and a fail around a dot do not disagree")
	}
}

// TestCompareCellsOfNoRun: with no column that ran there are no rows, and
// an empty run counts nothing.
func TestCompareCellsOfNoRun(t *testing.T) {
	t.Parallel()
	m := runplan.Metrics(&engine.Result{})
	c := &runplan.Comparison{Columns: []*runplan.Column{
		{Label: "x", Err: errors.New("boom")},
		{Label: "y", Result: &engine.Result{}, Metrics: &m},
	}}
	if rows := c.Rows(); len(rows) != 0 || PassRateText(c.Columns[1]) != "0%" || CostText(c.Columns[1]) != "—" {
		t.Errorf("rows %q, column %+v", rows, c.Columns[1].Metrics)
	}
}
