package browse

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// TestRecordDialogStandIn: a plan answered by a stand-in (the demo's)
// says who answers instead of a key and a cost, and can be confirmed.
func TestRecordDialogStandIn(t *testing.T) {
	r := &stopRecorder{plan: backend.RecordPlan{Cases: []backend.CaseRef{{Suite: "refund_agent", Case: "parallel_lookups"}}, Calls: 6, Repetitions: 1,
		Providers: []backend.RecordProvider{{Name: "anthropic", Models: []string{"claude-sonnet-4-6"}, KeyEnv: "ANTHROPIC_API_KEY", KeySet: true, Calls: 6}},
		Cost:      "about $0.0061 at most", CassetteDir: ".dryfire/cassettes", StandIn: "the demo's stand-in (no key, no network, no cost)"}}
	m := recordModel(t, r)
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	scr := screenText(m)
	for _, want := range []string{"Call the stand-in for every turn of 1 case", "answered  by the demo's stand-in (no key, no network, no cost)", "at most 6 calls"} {
		if !strings.Contains(scr, want) {
			t.Errorf("dialog lacks %q:\n%s", want, scr)
		}
	}
	for _, not := range []string{"Call the providers", "ANTHROPIC_API_KEY is set", "$0.0061"} {
		if strings.Contains(scr, not) {
			t.Errorf("dialog says %q, though nobody is called:\n%s", not, scr)
		}
	}
	if _, cmd = update(m, uitest.PressKey("y")); cmd == nil {
		t.Error("y does not start the recording")
	}
}

// planErrRecorder cannot plan.
type planErrRecorder struct {
	stopRecorder
	err error
}

func (r *planErrRecorder) Plan(context.Context, string, []backend.CaseRef) (backend.RecordPlan, error) {
	return backend.RecordPlan{}, r.err
}

// TestRecordErrorWiderThanTheScreen: at 80 columns, a reason too wide for
// the status line is shown whole in a box, the status line pointing at it;
// one that fits stays on the status line.
func TestRecordErrorWiderThanTheScreen(t *testing.T) {
	long := errors.New("evals/support/refund_agent.eval.yaml:29:5: unknown field 'retries': fix the suite first")
	m := resize(recordModel(t, &planErrRecorder{err: long}), 80, 24)
	m, cmd := update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	scr := screenText(m)
	if !m.Dialog.Visible() || !strings.Contains(lastLines(scr, 2), "cannot re-record: the box says why") {
		t.Fatalf("a long reason is not in a box:\n%s", scr)
	}
	for _, want := range []string{"Cannot re-record", "refund_agent.eval.yaml:29:5: unknown field", "'retries': fix the suite first"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the box lacks %q:\n%s", want, scr)
		}
	}
	m = resize(recordModel(t, &planErrRecorder{err: errors.New("no suite")}), 80, 24)
	m, cmd = update(m, uitest.PressKey("w"))
	m, _ = update(m, cmd())
	if m.Dialog.Visible() || !strings.Contains(screenText(m), "cannot re-record: no suite") {
		t.Errorf("a short reason is not on the status line:\n%s", screenText(m))
	}
}

// TestRecordProblemsInABox: a re-recording that wrote files and met
// problems lists every problem whole in a box; y there opens the review
// of what was written, n stays in the browser and reads the project again.
func TestRecordProblemsInABox(t *testing.T) {
	done := recordDoneMsg{result: backend.RecordResult{Written: []string{".dryfire/cassettes/refund_agent/parallel_lookups/00-2f74f3297d225812.json"},
		Passed: 1, Problems: []string{"refund_agent::late_order: anthropic answered 529 overloaded_error after 2 retries", "secret found in a response: redact before committing"}}}
	for _, answer := range []string{"y", "n"} {
		m := resize(recordModel(t, &stopRecorder{}), 80, 24)
		m, _ = update(m, done)
		scr := screenText(m)
		for _, want := range []string{"Re-recorded, with problems", "529 overloaded_error", "redact before committing", "y opens the review"} {
			if !strings.Contains(scr, want) {
				t.Errorf("the box lacks %q:\n%s", want, scr)
			}
		}
		if !strings.Contains(lastLines(scr, 2), "re-recorded 1 cassette: 1 case passed, 0 failed · 2 problems (in the box)") {
			t.Errorf("status line:\n%s", lastLines(scr, 2))
		}
		m, cmd := update(m, uitest.PressKey(answer))
		_, cmd = update(m, cmd()) // the dialog's answer
		if cmd == nil {
			t.Fatalf("%s: nothing follows the box", answer)
		}
		_, review := cmd().(noReviewMsg)
		if review != (answer == "y") {
			t.Errorf("%s: the review was asked for: %v", answer, review)
		}
	}
}

// lastLines are the last n lines of a screen.
func lastLines(scr string, n int) string {
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
