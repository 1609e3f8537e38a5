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
// ✓ before a case whose assertions pass and then names how its loop ended.
// A provider error makes it exit 3: the browser calls such a case errored
// and says why. An unmocked tool does not (18 passed, exit 0 on golden
// project-A): the case is passed, and its summary says how the loop ended
// (before: errored, "✗ failing" in the header, while run and check said
// passed).
func TestCaseVerdictOfALoopThatEndedInAnError(t *testing.T) {
	tests := []struct {
		termination string
		passed      bool
		want        string
	}{
		{"end_turn", true, "passed"},
		{"provider_error", true, "errored"},
		{"unmocked_tool", true, "passed"},
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
		m := New(Options{Context: context.Background()}, theme.New(true))
		summary := ansi.Strip(strings.Join(m.caseSummary(c, got), "\n"))
		switch tt.termination {
		case "provider_error":
			if got == "errored" && (!strings.Contains(summary, "ended in provider_error") || !strings.Contains(summary, "exits 3")) {
				t.Errorf("%s: the summary does not say how the loop ended:\n%s", tt.termination, summary)
			}
		case "unmocked_tool":
			if !strings.Contains(summary, "passed: the loop ended in unmocked_tool") || !strings.Contains(summary, "dryfire exits 0") {
				t.Errorf("%s: the summary does not say how the loop ended:\n%s", tt.termination, summary)
			}
		}
	}
}
