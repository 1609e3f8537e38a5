package browse

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// TestLegendListsEveryGlyph: the ? overlay names every glyph the browser
// draws, each with its own meaning, and shows each entry whole.
func TestLegendListsEveryGlyph(t *testing.T) {
	covered := map[string]bool{}
	byGlyph := map[string]string{}
	for _, line := range browseLegend {
		for _, it := range line {
			for _, n := range it.names {
				covered[n] = true
			}
			if len(it.names) == 0 {
				continue
			}
			g := theme.Glyph(it.names[0])
			if other, ok := byGlyph[g]; ok {
				t.Errorf("the legend gives %s two meanings: %q and %q", g, other, it.label)
			}
			byGlyph[g] = it.label
		}
	}
	for _, n := range theme.BrowseMeanings {
		if !covered[n] {
			t.Errorf("the legend does not say what %s (%s) means", theme.Glyph(n), n)
		}
	}
	m, _ := newTestModel(t, 200, 60, uitest.DemoItems())
	m = keys(t, m, "?")
	scr := screenText(m)
	for _, line := range legendLines(browseLegend) {
		for _, e := range line {
			if !strings.Contains(scr, e) {
				t.Errorf("the overlay does not show %q whole:\n%s", e, scr)
			}
		}
	}
}

// TestMarkedPassedCaseReadsApart: a marked recording of a passing case
// does not show the same glyph for the mark and the verdict, nor an
// invalid file the failing case's.
func TestMarkedPassedCaseReadsApart(t *testing.T) {
	its := []tree.Item{
		{ID: "a", Path: "a", Format: format.Dryfire, Group: "s", Sub: "passes", Label: "00 aaaaaa", Status: "superseded", Prunable: true,
			Verdict: "passed", Case: 1},
		{ID: "b", Path: "b", Format: format.Dryfire, Group: "s", Sub: "fails", Label: "00 bbbbbb", Status: "invalid", Verdict: "failing", Case: 2},
	}
	m, _ := newTestModel(t, 120, 20, its)
	m = keys(t, m, "G", "space")
	if m.tree.MarkCount() != 1 {
		t.Fatalf("space marked %d recordings", m.tree.MarkCount())
	}
	row := func(name string) []string {
		for _, r := range strings.Split(screenText(m), "\n") {
			if left, _, _ := strings.Cut(r, "│"); strings.Contains(left, name) {
				return strings.Fields(left)
			}
		}
		t.Fatalf("no row %q:\n%s", name, screenText(m))
		return nil
	}
	// The verdict is the glyph before a case row's count; the mark is the
	// first column of a recording's row; the status glyph comes before its
	// word.
	verdict := func(f []string) string { return f[len(f)-3] }
	passed, failing := verdict(row("passes")), verdict(row("fails"))
	mark, invalid := row("aaaaaa")[0], row("bbbbbb")[2]
	if mark == passed {
		t.Errorf("the mark and the passing verdict share %s:\n%s", mark, screenText(m))
	}
	if invalid == failing {
		t.Errorf("invalid and failing share %s:\n%s", invalid, screenText(m))
	}
	if !strings.Contains(screenText(m), theme.Glyph("marked")+"1 marked") {
		t.Errorf("the header does not count the mark with its glyph:\n%s", screenText(m))
	}
}
