package browse

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// TestCaseVerdictOfALoopThatEndedInAnError: dryfire's terminal report puts
// ✓ before a case whose assertions pass and then names how its loop ended;
// its exit code is 3. The browser calls such a case errored and says why.
func TestCaseVerdictOfALoopThatEndedInAnError(t *testing.T) {
	tests := []struct {
		termination string
		passed      bool
		want        string
	}{
		{"end_turn", true, "passed"},
		{"provider_error", true, "errored"},
		{"unmocked_tool", true, "errored"},
		{"max_turns_exceeded", true, "passed"},
		{"provider_error", false, "failing"},
	}
	for _, tt := range tests {
		rep := &engine.CaseResult{Trace: &engine.Trace{Suite: "s", Case: "c", Termination: tt.termination}}
		c := &engine.CaseRun{Suite: "s", Case: "c", Reps: []*engine.CaseResult{rep}, Rep: rep, Passed: tt.passed}
		got := backend.CaseVerdict(c)
		if got != tt.want {
			t.Errorf("%s, passed %v: verdict %q, want %q", tt.termination, tt.passed, got, tt.want)
			continue
		}
		if got != "errored" {
			continue
		}
		m := New(Options{Context: context.Background()}, theme.New(true))
		summary := ansi.Strip(strings.Join(m.caseSummary(c, got), "\n"))
		if !strings.Contains(summary, "ended "+tt.termination) || !strings.Contains(summary, "exits 3") {
			t.Errorf("%s: the summary does not say how the loop ended:\n%s", tt.termination, summary)
		}
	}
}
