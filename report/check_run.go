package report

import (
	"fmt"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// PartRun is the check part that grades every case as dryfire run does.
const PartRun = "run"

// RunCheck is the run part of a check: every case's verdict, as
// `dryfire-tui run --cassette-mode replay` gives it, from the same replay
// as the replay part. The cases that do not pass are its problems.
type RunCheck struct {
	Passed int `json:"passed"`
	Failed int `json:"failed"`
	// ExitCode is dryfire run's: 3 when a reported case ended in a
	// provider error, else 1 when a case failed, else 0.
	ExitCode int          `json:"exit_code"`
	Failures []RunFailure `json:"failures"`
	// PassedUnmocked are the cases (suite::case) that passed with their
	// loop ended in unmocked_tool: dryfire passes them and exits 0, and
	// only its JUnit file counts them as errors.
	PassedUnmocked []string `json:"passed_unmocked_tool"`
}

// RunFailure is a case that did not pass.
type RunFailure struct {
	Suite string `json:"suite"`
	Case  string `json:"case"`
	// Error is the exception that ended the case before it had a trace.
	Error *string `json:"error"`
	// Termination is how the reported repetition's loop ended ("" without
	// a trace).
	Termination string `json:"termination"`
	// PassRate is "k/N" for a repeated case ("" otherwise).
	PassRate string `json:"pass_rate"`
	// Assertions are the failed assertions of the reported repetition.
	Assertions []RunFailedAssertion `json:"assertions"`
	// Replay is set when the reported repetition has a replay problem (a
	// miss, an error, a recorded provider error): the replay part reports
	// and counts it, and the run part does not count it again when the
	// replay part ran.
	Replay bool `json:"replay_problem"`

	SuiteFile string `json:"-"`
	Line      int    `json:"-"`
}

// RunFailedAssertion is one failed assertion, with dryfire's texts.
type RunFailedAssertion struct {
	Description string `json:"description"`
	Message     string `json:"message"`
}

// NewRunCheck makes the run part from a replay's verdicts.
func NewRunCheck(res *engine.Result) *RunCheck {
	rc := &RunCheck{ExitCode: res.RunExitCode, Failures: []RunFailure{}, PassedUnmocked: []string{}}
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			if c.Passed {
				rc.Passed++
				if t := c.Rep.Trace; t != nil && t.Termination == "unmocked_tool" {
					rc.PassedUnmocked = append(rc.PassedUnmocked, secrets.MaskPath(c.Suite)+"::"+secrets.MaskPath(c.Case))
				}
				continue
			}
			rc.Failed++
			f := RunFailure{Suite: secrets.MaskPath(c.Suite), Case: secrets.MaskPath(c.Case), SuiteFile: c.Rep.SuiteFile, Assertions: []RunFailedAssertion{}}
			if c.Rep.Spec != nil {
				f.Line = c.Rep.Spec.Line
			}
			if c.Rep.CaseError != "" {
				e := recorded(c.Rep.CaseError)
				f.Error = &e
			}
			if c.Rep.Trace != nil {
				f.Termination = c.Rep.Trace.Termination
			}
			f.Replay = c.Rep.Outcome == engine.OutcomeMiss || c.Rep.Outcome == engine.OutcomeError || f.Termination == "provider_error"
			if c.Repeated {
				f.PassRate = strconv.Itoa(c.Passes) + "/" + strconv.Itoa(len(c.Reps))
			}
			for _, a := range c.Rep.Assertions {
				if !a.Passed {
					f.Assertions = append(f.Assertions, RunFailedAssertion{Description: recorded(a.Description), Message: recorded(a.Message)})
				}
			}
			rc.Failures = append(rc.Failures, f)
		}
	}
	return rc
}

// why is one line saying why a case failed.
func (f RunFailure) why() string {
	var why string
	switch {
	case f.Error != nil:
		why = "error: " + runreport.OneLine(*f.Error)
	case len(f.Assertions) > 0:
		a := f.Assertions[0]
		why = a.Description
		if a.Message != "" {
			why += ": " + runreport.OneLine(a.Message)
		}
		if n := len(f.Assertions) - 1; n > 0 {
			why += fmt.Sprintf(" (and %d more)", n)
		}
	default:
		why = "ended " + f.Termination
	}
	if f.Termination == "provider_error" && f.Error == nil && len(f.Assertions) > 0 {
		why = "ended in a provider error (see replay); " + why
	}
	if f.PassRate != "" {
		why = f.PassRate + " repetitions passed; " + why
	}
	return why
}

// location is "suite file:line" (the file alone when the line is unknown).
func (f RunFailure) location() string {
	if f.Line > 0 {
		return f.SuiteFile + ":" + strconv.Itoa(f.Line)
	}
	return f.SuiteFile
}

// runProblems are the run part's failures it counts: every one, less
// those the replay part reports when it ran.
func (c *Check) runProblems() []RunFailure {
	var out []RunFailure
	for _, f := range c.Run.Failures {
		if !f.Replay || c.Replay == nil {
			out = append(out, f)
		}
	}
	return out
}

// runByReplay is how many failing cases the replay part reports.
func (c *Check) runByReplay() int { return len(c.Run.Failures) - len(c.runProblems()) }

// runDetail says what the run part found beyond its problems: the cases
// passed, those that fail by the replay's problems (counted there), those
// that passed with an unmocked tool.
func (c *Check) runDetail() string {
	d := fmt.Sprintf("%d %s passed", c.Run.Passed, Plural(c.Run.Passed, "case"))
	if n := c.runByReplay(); n > 0 {
		d += fmt.Sprintf("; %d failed by the replay problems above (counted there)", n)
	}
	if n := len(c.Run.PassedUnmocked); n > 0 {
		d += fmt.Sprintf("; %d of the passed ended in unmocked_tool (dryfire passes %s; its JUnit file counts %s as %s)",
			n, pick(n, "it", "them"), pick(n, "it", "them"), pick(n, "an error", "errors"))
	}
	return d
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (c *Check) runText(t *text) {
	for _, f := range c.runProblems() {
		t.printf("  %s::%s  %s\n    %s\n", f.Suite, f.Case, f.why(), f.location())
	}
	t.printf("  %s\n", c.runDetail())
	t.println("  fix: dryfire-tui run --cassette-mode replay -v shows every turn of each failing case")
}

func (c *Check) runAnnotations() []Annotation {
	var out []Annotation
	for _, f := range c.runProblems() {
		out = append(out, Annotation{Level: "error", File: c.fromRoot(f.SuiteFile), Line: f.Line,
			Title: "case failed", Message: f.Suite + "::" + f.Case + ": " + f.why()})
	}
	return out
}
