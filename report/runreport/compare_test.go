package runreport

import (
	"errors"
	"math/big"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
)

// compareRun is a run of one suite whose cases pass as given, each one
// turn of latency ms and cost (nil: not priced), as dryfire's own compare
// tests build theirs.
func compareRun(names []string, passes []bool, latency int64, cost *float64) *engine.Result {
	s := engine.SuiteRun{Name: "s", File: "s.eval.yaml"}
	for i, n := range names {
		t := &engine.Trace{
			Suite: "s", Case: n, Termination: "end_turn", DurationMS: latency,
			Turns: []engine.Turn{{Response: cassette.Response{LatencyMS: latency}}},
		}
		if cost != nil {
			t.Cost = new(big.Rat).SetFloat64(*cost)
		}
		rep := &engine.CaseResult{Passed: passes[i], Trace: t}
		s.Cases = append(s.Cases, &engine.CaseRun{Suite: "s", Case: n, Reps: []*engine.CaseResult{rep}, Rep: rep, Passed: passes[i]})
	}
	return &engine.Result{Suites: []engine.SuiteRun{s}, Complete: true}
}

func ptr(f float64) *float64 { return &f }

// TestCompareOfDryfiresMatrix: the 3 × 5 matrix of dryfire's compare
// fixture (tests/fixtures/expected_output/compare_3x5.txt), built from the
// same runs, has its rows, its two ~ rows and its figures.
func TestCompareOfDryfiresMatrix(t *testing.T) {
	t.Parallel()
	names := []string{"greets", "refunds_gracefully", "escalates", "handles_edge", "closes_ticket"}
	c := CompareOf(ByModel, []CompareRun{
		{Label: "opus", Result: compareRun(names, []bool{true, true, false, true, true}, 850, ptr(0.01))},
		{Label: "haiku", Result: compareRun(names, []bool{true, false, false, false, true}, 300, ptr(0.002))},
		{Label: "sonnet", Result: compareRun(names, []bool{true, true, false, false, true}, 820, ptr(0.0098))},
	})
	// What dryfire prints for each row and column.
	wantRows := []struct {
		name, glyphs string
		disagree     bool
	}{
		{"greets", "✓✓✓", false},
		{"refunds_gracefully", "✓✗✓", true},
		{"escalates", "✗✗✗", false},
		{"handles_edge", "✓✗✗", true},
		{"closes_ticket", "✓✓✓", false},
	}
	if len(c.Rows) != len(wantRows) {
		t.Fatalf("%d rows, want %d", len(c.Rows), len(wantRows))
	}
	for i, w := range wantRows {
		r := c.Rows[i]
		glyphs := ""
		for _, cell := range r.Cells {
			glyphs += cell.Glyph()
		}
		if r.Case != w.name || glyphs != w.glyphs || r.Disagree() != w.disagree {
			t.Errorf("row %d = %s %s disagree=%v, want %s %s %v", i, r.Case, glyphs, r.Disagree(), w.name, w.glyphs, w.disagree)
		}
	}
	wantCols := [][3]string{{"80%", "$0.0500", "850ms"}, {"40%", "$0.0100", "300ms"}, {"60%", "$0.0490", "820ms"}}
	for i, w := range wantCols {
		col := c.Columns[i]
		if got := [3]string{col.RateText(), col.CostText(), col.LatencyText()}; got != w {
			t.Errorf("column %s = %v, want %v", col.Label, got, w)
		}
	}
	if c.Axis.String() != "model" || ByPrompt.String() != "prompt" {
		t.Errorf("axes %s, %s", c.Axis, ByPrompt)
	}
}

// TestCompareOfFailedAndUnpricedColumns: a column whose run failed has
// no cells and dryfire's FAILED and dashes, the others still count; an
// unpriced column's cost is a dash, never $0.0000; a case missing from a
// column is a dot, and the dot does not make a disagreement.
func TestCompareOfFailedAndUnpricedColumns(t *testing.T) {
	t.Parallel()
	c := CompareOf(ByPrompt, []CompareRun{
		{Label: "p1.txt", Err: errors.New("cannot read prompt file 'p1.txt'")},
		{Label: "p2.txt", Result: compareRun([]string{"a", "b"}, []bool{true, false}, 10, nil)},
		{Label: "p3.txt", Result: compareRun([]string{"a"}, []bool{true}, 30, ptr(0.5))},
	})
	failed := c.Columns[0]
	if !failed.Failed || failed.Error != "cannot read prompt file 'p1.txt'" ||
		failed.RateText() != "FAILED" || failed.CostText() != "—" || failed.LatencyText() != "—" {
		t.Errorf("failed column = %+v (%s %s %s)", failed, failed.RateText(), failed.CostText(), failed.LatencyText())
	}
	if got := c.Columns[1]; got.CostText() != "—" || got.RateText() != "50%" || got.LatencyText() != "10ms" || got.MeanTurns != 1 {
		t.Errorf("unpriced column = %+v", got)
	}
	if len(c.Rows) != 2 || c.Rows[0].Case != "a" || c.Rows[1].Case != "b" {
		t.Fatalf("rows = %+v, want a and b from the first column that ran", c.Rows)
	}
	if got := c.Rows[1].Cells; got[0] != CellNone || got[1] != CellFail || got[2] != CellNone || c.Rows[1].Disagree() {
		t.Errorf("row b = %v disagree=%v", got, c.Rows[1].Disagree())
	}
	if !(CompareRow{Cells: []Cell{CellPass, CellNone, CellFail}}).Disagree() {
		t.Error("a pass and a fail around a dot do not disagree")
	}
}

// TestCompareOfNoRun: with no column that ran there are no rows, and an
// empty run counts nothing.
func TestCompareOfNoRun(t *testing.T) {
	t.Parallel()
	c := CompareOf(ByModel, []CompareRun{{Label: "x", Err: errors.New("boom")}, {Label: "y", Result: &engine.Result{}}})
	if len(c.Rows) != 0 || c.Columns[1].Cases != 0 || c.Columns[1].RateText() != "0%" || c.Columns[1].Cost != nil {
		t.Errorf("compare = %+v", c)
	}
}
