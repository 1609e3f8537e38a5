package runreport

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/engine"
)

// SummaryOptions tune the short summary of a run.
type SummaryOptions struct {
	// Path names a suite file (nil: its path as the result holds it).
	Path func(file string) string
	// Mask hides keys and recorded secrets.
	Mask Mask
	// Verbose is set when -v already printed every turn of the failing
	// cases.
	Verbose bool
}

// Summary kinds: what kept a case from passing, as the short summary
// labels it.
const (
	summaryMiss  = "MISS"
	summaryFail  = "FAIL"
	summaryError = "ERROR"
)

// summaryLine is one case of the short summary.
type summaryEntry struct {
	kind, label, where, why string
}

// WriteRunSummary writes, after a run's report, pytest's "short test
// summary" of it, which dryfire does not print: one entry per case that
// kept the run from passing (a cassette miss, with its turn and key; a
// failed assertion or pass rate; an error, a provider error included even
// when the assertions passed, since it makes the run exit 3), each with
// its suite line, then the command to run next. It writes nothing when
// every case passed. It is for stderr: stdout keeps dryfire's bytes.
func WriteRunSummary(w io.Writer, res *engine.Result, o SummaryOptions) error {
	var entries []summaryEntry
	counts := map[string]int{}
	var missKeys []string
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			e, ok := summarise(c, o)
			if !ok {
				continue
			}
			entries = append(entries, e)
			counts[e.kind]++
			if v, miss := c.Rep.Miss(); miss && e.kind == summaryMiss {
				missKeys = append(missKeys, o.Mask.text(v.Key))
			}
		}
	}
	if len(entries) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "dryfire-tui: short summary: %s\n", summaryCounts(counts))
	width := 0
	for _, e := range entries {
		width = max(width, len(e.kind))
	}
	for _, e := range entries {
		fmt.Fprintf(&b, "  %-*s  %s  %s\n", width, e.kind, e.label, e.why)
		if e.where != "" {
			fmt.Fprintf(&b, "  %*s  %s\n", width, "", e.where)
		}
	}
	for _, h := range nextCommands(counts, missKeys, o) {
		fmt.Fprintf(&b, "dryfire-tui: hint: %s\n", h)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summarise is a case's entry, and false for a case that neither failed
// nor ended in a provider error.
func summarise(c *engine.CaseRun, o SummaryOptions) (summaryEntry, bool) {
	rep := c.Rep
	ended := rep.Trace != nil && rep.Trace.Termination == "provider_error"
	if c.Passed && !ended {
		return summaryEntry{}, false
	}
	m := o.Mask
	e := summaryEntry{label: m.text(c.Suite) + "::" + m.text(c.Case), where: where(rep, o.Path)}
	switch v, miss := rep.Miss(); {
	case miss:
		e.kind = summaryMiss
		e.why = fmt.Sprintf("turn %d: no recording for key %s", v.Turn, m.text(v.Key))
	case rep.CaseError != "":
		e.kind, e.why = summaryError, "error: "+truncate(OneLine(m.text(rep.CaseError)))
	case ended:
		e.kind, e.why = summaryError, truncate(OneLine(m.text(rep.Trace.Error)))
	default:
		e.kind, e.why = summaryFail, failedWhy(rep, m)
	}
	if c.Passed {
		e.why = "its assertions pass, but the loop ended in a provider error (exit 3): " + e.why
	}
	if c.Repeated {
		e.why = fmt.Sprintf("%d/%d repetitions passed (%s required); %s", c.Passes, len(c.Reps),
			strconv.FormatFloat(c.RequirePassRate, 'g', -1, 64), e.why)
	}
	return e, true
}

// failedWhy names the first failed assertion of a repetition, and how many
// more failed.
func failedWhy(rep *engine.CaseResult, m Mask) string {
	var failed []engine.AssertionResult
	for _, a := range rep.Assertions {
		if !a.Passed {
			failed = append(failed, a)
		}
	}
	if len(failed) == 0 {
		return "ended " + m.text(terminationOf(rep))
	}
	a := failed[0]
	why := truncate(OneLine(m.text(a.Description)))
	if a.Message != "" {
		why += ": " + truncate(OneLine(m.text(a.Message)))
	}
	if n := len(failed) - 1; n > 0 {
		why += fmt.Sprintf(" (and %d more)", n)
	}
	return why
}

func terminationOf(rep *engine.CaseResult) string {
	if rep.Trace != nil {
		return rep.Trace.Termination
	}
	return "before producing a trace"
}

// where is the case's place in its suite: file:line (the file alone when
// the line is unknown).
func where(rep *engine.CaseResult, path func(string) string) string {
	file := rep.SuiteFile
	if path != nil && file != "" {
		file = path(file)
	}
	if rep.Spec != nil && rep.Spec.Line > 0 {
		return file + ":" + strconv.Itoa(rep.Spec.Line)
	}
	return file
}

// summaryCounts is "1 missed a recording, 2 failed, 1 errored".
func summaryCounts(counts map[string]int) string {
	var parts []string
	if n := counts[summaryMiss]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s a recording", n, plural(n, "case missed", "cases missed")))
	}
	if n := counts[summaryFail]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, "case failed", "cases failed")))
	}
	if n := counts[summaryError]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, "case errored", "cases errored")))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// nextCommands are the commands to run next: diff for the misses (with
// the key when there is one), auto mode to record what is missing, -v for
// the turns of the failing cases.
func nextCommands(counts map[string]int, missKeys []string, o SummaryOptions) []string {
	var out []string
	if len(missKeys) > 0 {
		diff := "dryfire-tui diff explains each miss, field by field"
		if len(missKeys) == 1 {
			diff = "dryfire-tui diff " + missKeys[0] + " says what changed since the case was recorded"
		}
		out = append(out, diff, "dryfire-tui run --cassette-mode auto records only what is missing (it calls the providers)")
	}
	if !o.Verbose && (counts[summaryFail] > 0 || counts[summaryError] > 0 || len(missKeys) > 0) {
		out = append(out, "run again with -v for every turn of the failing cases")
	}
	return out
}
