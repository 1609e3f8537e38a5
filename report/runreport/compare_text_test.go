package runreport

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// column is a column whose cases pass as passes says, each with one turn
// of latency ms costing cost (nil: unpriced), as dryfire's test builds
// them.
func column(label string, names []string, passes []bool, latency int64, cost *big.Rat) *runplan.Column {
	res := &engine.Result{Suites: []engine.SuiteRun{{Name: "s"}}}
	for i, n := range names {
		tr := &engine.Trace{Turns: []engine.Turn{{Response: &cassette.Response{LatencyMS: latency}}}, Cost: cost}
		res.Suites[0].Cases = append(res.Suites[0].Cases, &engine.CaseRun{Suite: "s", Case: n, Passed: passes[i],
			Rep: &engine.CaseResult{Trace: tr, Passed: passes[i]}})
	}
	m := runplan.Metrics(res)
	return &runplan.Column{Label: label, Result: res, Metrics: &m}
}

var names3x5 = []string{"greets", "refunds_gracefully", "escalates", "handles_edge", "closes_ticket"}

func matrix3x5() *runplan.Comparison {
	return &runplan.Comparison{Axis: runplan.AxisModel, Columns: []*runplan.Column{
		column("opus", names3x5, []bool{true, true, false, true, true}, 850, big.NewRat(1, 100)),
		column("haiku", names3x5, []bool{true, false, false, false, true}, 300, big.NewRat(2, 1000)),
		column("sonnet", names3x5, []bool{true, true, false, false, true}, 820, big.NewRat(98, 10000)),
	}}
}

// TestCompareMatchesDryfiresGolden renders the matrix of dryfire's own
// golden file (its test's three models over five cases) and compares it
// byte for byte.
func TestCompareMatchesDryfiresGolden(t *testing.T) {
	t.Parallel()
	want, err := os.ReadFile(filepath.Join("testdata", "compare_3x5.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := CompareText(matrix3x5(), nil); got != string(want) {
		t.Errorf("matrix:\n%s\ndryfire's:\n%s", got, want)
	}
}

// TestCompareFailedAndWide: a failed column reads FAILED with · cells and
// — figures, and a row stays uniform when only one column has a verdict;
// past eight columns the rest are left out with dryfire's note; an
// unpriced column costs —, never $0.0000.
func TestCompareFailedAndWide(t *testing.T) {
	t.Parallel()
	c := &runplan.Comparison{Axis: runplan.AxisPrompt, Columns: []*runplan.Column{
		column("p1.txt", names3x5[:2], []bool{true, false}, 10, nil),
		{Label: "missing.txt", Err: os.ErrNotExist},
	}}
	got := CompareText(c, nil)
	for _, want := range []string{
		"compare by prompt — 2 prompts × 2 cases\n",
		"  greets              ✓          ·          \n",
		"  pass rate           50%        FAILED     \n",
		"  cost                —          —          \n",
		"  mean latency        10ms       —          \n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	wide := &runplan.Comparison{Axis: runplan.AxisModel}
	for i := range 10 {
		wide.Columns = append(wide.Columns, column(fmt.Sprintf("m%d", i), []string{"a"}, []bool{i%2 == 0}, 1, big.NewRat(1, 1000)))
	}
	got = CompareText(wide, nil)
	if !strings.HasSuffix(got, "\n… 2 more model(s) not shown — use --json-out for the full matrix\n") || strings.Contains(got, "m8") {
		t.Errorf("ten columns:\n%s", got)
	}
	if !strings.Contains(got, "~ a ") {
		t.Errorf("the shown columns disagree, and the row is not marked:\n%s", got)
	}
}

// TestCompareMasksKeys: a case name holding a key is masked before the
// columns are laid out, so that the rows stay aligned.
func TestCompareMasksKeys(t *testing.T) {
	t.Parallel()
	keys := visible.NewKeys(visible.Key{Name: "ANTHROPIC_API_KEY", Value: "sk-ant-secret-value-1234"})
	c := &runplan.Comparison{Axis: runplan.AxisModel, Columns: []*runplan.Column{
		column("m", []string{"says sk-ant-secret-value-1234"}, []bool{true}, 1, nil),
	}}
	got := CompareText(c, keys)
	if strings.Contains(got, "sk-ant-secret") || !strings.Contains(got, "  says [$ANTHROPIC_API_KEY]  ✓") {
		t.Errorf("masked matrix:\n%s", got)
	}
}
