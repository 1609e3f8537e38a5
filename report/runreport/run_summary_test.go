package runreport

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// TestRunSummary: the short summary names each case that kept the run
// from passing, by kind (a failed assertion, an error before a trace, a
// case whose assertions pass but whose loop ended in a provider error,
// which makes the run exit 3, a repeated case under its pass rate), with
// its suite line, then the commands to run next; a run where every case
// passed gets none.
func TestRunSummary(t *testing.T) {
	t.Parallel()
	spec := func(line int) *suite.Case { return &suite.Case{Line: line} }
	failed := &engine.CaseResult{SuiteFile: "evals/a.eval.yaml", Spec: spec(7), Trace: &engine.Trace{Termination: "end_turn"},
		Assertions: []engine.AssertionResult{{Description: "final_contains: sorry", Message: "not found"}, {Description: "max_turns: 2", Message: "3 turns"}}}
	crashed := &engine.CaseResult{SuiteFile: "evals/a.eval.yaml", Spec: spec(12), CaseError: "ValueError('bad input')"}
	ended := &engine.CaseResult{SuiteFile: "evals/b.eval.yaml", Spec: spec(3),
		Trace: &engine.Trace{Termination: "provider_error", Error: "RuntimeError('anthropic: HTTP 529')", HasError: true}}
	passed := &engine.CaseResult{Trace: &engine.Trace{Termination: "end_turn"}, Passed: true}
	res := &engine.Result{Suites: []engine.SuiteRun{{Cases: []*engine.CaseRun{
		{Suite: "a", Case: "apologises", Rep: failed, Reps: []*engine.CaseResult{failed}},
		{Suite: "a", Case: "crashes", Rep: crashed, Reps: []*engine.CaseResult{crashed}},
		{Suite: "b", Case: "flaky", Rep: failed, Reps: []*engine.CaseResult{passed, failed, failed}, Repeated: true, Passes: 1, RequirePassRate: 0.8},
		{Suite: "b", Case: "overloaded", Rep: ended, Reps: []*engine.CaseResult{ended}, Passed: true},
		{Suite: "b", Case: "fine", Rep: passed, Reps: []*engine.CaseResult{passed}, Passed: true},
	}}}}
	var b strings.Builder
	if err := WriteRunSummary(&b, res, SummaryOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "dryfire-tui: short summary: 2 cases failed, 2 cases errored\n" +
		"  FAIL   a::apologises  final_contains: sorry: not found (and 1 more)\n" +
		"         evals/a.eval.yaml:7\n" +
		"  ERROR  a::crashes  error: ValueError('bad input')\n" +
		"         evals/a.eval.yaml:12\n" +
		"  FAIL   b::flaky  1/3 repetitions passed (0.8 required); final_contains: sorry: not found (and 1 more)\n" +
		"         evals/a.eval.yaml:7\n" +
		"  ERROR  b::overloaded  its assertions pass, but the loop ended in a provider error (exit 3): RuntimeError('anthropic: HTTP 529')\n" +
		"         evals/b.eval.yaml:3\n" +
		"dryfire-tui: hint: run again with -v for every turn of the failing cases\n"
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}

	b.Reset()
	allPassed := &engine.Result{Suites: []engine.SuiteRun{{Cases: []*engine.CaseRun{{Suite: "b", Case: "fine", Rep: passed, Reps: []*engine.CaseResult{passed}, Passed: true}}}}}
	if err := WriteRunSummary(&b, allPassed, SummaryOptions{Verbose: true}); err != nil || b.Len() != 0 {
		t.Errorf("every case passed: %v %q", err, b.String())
	}
}
