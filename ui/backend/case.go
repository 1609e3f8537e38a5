package backend

import (
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// caseName is a case by its suite's name and its own.
type caseName struct{ suite, name string }

// caseRuns indexes the run verdicts of a workspace's replay by suite and
// case name.
func caseRuns(w *scan.Workspace) map[caseName]*engine.CaseRun {
	if w.Replay == nil {
		return nil
	}
	n := 0
	for _, s := range w.Replay.Suites {
		n += len(s.Cases)
	}
	out := make(map[caseName]*engine.CaseRun, n)
	for _, s := range w.Replay.Suites {
		for _, c := range s.Cases {
			out[caseName{c.Suite, c.Case}] = c
		}
	}
	return out
}

// CaseVerdict is the tree's verdict of a case, dryfire run's: passed,
// failing, errored (passed, but the loop ended in a provider error, as
// dryfire's terminal report says after its ✓ and its exit code 3 does),
// flaky (repetitions disagree), or "" when it could not be graded here. A
// case whose loop ended in unmocked_tool and whose assertions pass is
// passed: dryfire reports it passed and exits 0 (only its JUnit file
// counts it as an error).
func CaseVerdict(c *engine.CaseRun) string {
	for _, r := range c.Reps {
		if r.NeedsPython {
			return ""
		}
	}
	switch {
	case c.Repeated && c.Passes > 0 && c.Passes < len(c.Reps):
		return "flaky"
	case c.Passed && EndedInError(c) != "":
		return "errored"
	case c.Passed:
		return "passed"
	}
	return "failing"
}

// EndedInError returns how the first repetition of a case that ended in
// a provider error ended (provider_error: it makes the run exit 3), or "".
func EndedInError(c *engine.CaseRun) string {
	for _, r := range c.Reps {
		if t := r.Trace; t != nil && t.Termination == "provider_error" {
			return t.Termination
		}
	}
	return ""
}

// EndedUnmocked reports whether a repetition of the case ended in
// unmocked_tool: dryfire passes such a case when its assertions pass
// (exit 0), and only its JUnit file counts it as an error.
func EndedUnmocked(c *engine.CaseRun) bool {
	for _, r := range c.Reps {
		if t := r.Trace; t != nil && t.Termination == "unmocked_tool" {
			return true
		}
	}
	return false
}

// ItemTitle is "suite › case › turn 1" or "tape › key › entry #0", a
// secret in a name shown as its mask.
func ItemTitle(it tree.Item) string {
	group, sub := secrets.MaskPath(it.Group), secrets.MaskPath(it.Sub)
	if it.Format == format.Tape {
		return fmt.Sprintf("%s › %s › entry #%d", group, sub, it.Entry)
	}
	t := fmt.Sprintf("%s › %s › turn %d", group, sub, it.Turn)
	if it.Repeat > 0 {
		t += fmt.Sprintf(" #%d", it.Repeat)
	}
	return t
}
