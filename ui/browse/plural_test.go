package browse

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// TestCountsReadAsEnglish: the screens say "1 turn", "1 recording", "3
// files", never "1 turns" or "recording(s)".
func TestCountsReadAsEnglish(t *testing.T) {
	check := func(what, text string) {
		t.Helper()
		for _, bad := range []string{"(s)", "(es)", " 1 turns", " 1 recordings", " 1 files", " 1 secrets", " 1 cases"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s says %q:\n%s", what, bad, text)
			}
		}
	}
	rep := &engine.CaseResult{Trace: &engine.Trace{Suite: "s", Case: "c", Termination: "end_turn", Turns: make([]engine.Turn, 1)}}
	c := &engine.CaseRun{Suite: "s", Case: "c", Reps: []*engine.CaseResult{rep}, Rep: rep, Passed: true}
	summary := ansi.Strip(strings.Join(New(Options{Context: context.Background()}, theme.New(true)).caseSummary(c, "passed"), "\n"))
	if !strings.Contains(summary, "1 turn, ended end_turn") {
		t.Errorf("the case summary does not say %q:\n%s", "1 turn", summary)
	}
	check("the case summary", summary)

	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	check("the opening screen", screenText(m))
	m = keys(t, m, "g") // a suite row: its counts
	check("a suite's summary", screenText(m))
	m = keys(t, m, "j") // a case row
	check("a case's summary", screenText(m))
	m = keys(t, selectPath(t, m, "no_flights_found"), "space", "d")
	check("the prune dialog", screenText(m))
	m = keys(t, m, "y")
	check("the status after a prune", screenText(m))
	m = keys(t, m, "p")
	check("the problem summary", screenText(m))
	m = keys(t, m, "esc", "s")
	check("the status picker", screenText(m))
}

// TestPaletteQuestionsReadAsEnglish: the questions the palette's dry runs
// ask on the real core count in English ("each of the 3 secrets", "all 3
// findings"), never "secret(s)" or "file(s)".
func TestPaletteQuestionsReadAsEnglish(t *testing.T) {
	root := demoRoot(t)
	for _, tc := range []struct{ typed, want string }{
		{"secrets --redact", "y replaces each of the 3 secrets with"},
		{"secrets --write-baseline", "y accepts all 3 findings in"},
	} {
		m := coreModel(t, root, 200, 50)
		m = keys(t, m, ":")
		m = keys(t, m, strings.Split(tc.typed, "")...)
		m = keys(t, m, "enter")
		text := screenText(m)
		if !strings.Contains(text, tc.want) || strings.Contains(text, "(s)") {
			t.Errorf("%s asks, not %q:\n%s", tc.typed, tc.want, text)
		}
	}
}
