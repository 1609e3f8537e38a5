package runreport

import (
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
)

// WriteRunJUnit writes the run as dryfire's --junit-out does: a suite is a
// <testsuite>, a case a <testcase>; a failing case carries one <failure>
// with every failed assertion in its text, and a case that could not be
// evaluated (a provider error, an unmocked tool, an exception) an <error>.
// generatedAt is the suites' timestamp; m hides keys and secrets in every
// text before it is escaped for XML. It writes one case at a time, the
// totals of the header counted first.
func WriteRunJUnit(w io.Writer, res *engine.Result, generatedAt time.Time, m Mask) error {
	stamp := isoZ(generatedAt)
	type tally struct {
		tests, failures, errors int
		secs                    float64
	}
	var total tally
	suites := make([]tally, len(res.Suites))
	for i, s := range res.Suites {
		for _, c := range s.Cases {
			kind, secs := junitKind(c)
			suites[i].tests++
			suites[i].secs += secs
			switch kind {
			case "failure":
				suites[i].failures++
			case "error":
				suites[i].errors++
			}
		}
		total.tests, total.failures, total.errors = total.tests+suites[i].tests, total.failures+suites[i].failures, total.errors+suites[i].errors
		total.secs += suites[i].secs
	}
	ew := &errWriter{w: w}
	ew.str(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<testsuites name="dryfire" tests="` + strconv.Itoa(total.tests) +
		`" failures="` + strconv.Itoa(total.failures) + `" errors="` + strconv.Itoa(total.errors) + `" time="` + secs3(total.secs) + `">`)
	for i, s := range res.Suites {
		st := suites[i]
		ew.str("\n" + `  <testsuite name="` + xmlAttr(m.text(s.Name)) + `" tests="` + strconv.Itoa(st.tests) +
			`" failures="` + strconv.Itoa(st.failures) + `" errors="` + strconv.Itoa(st.errors) + `" time="` + secs3(st.secs) +
			`" timestamp="` + stamp + `">`)
		for _, c := range s.Cases {
			ew.str("\n" + junitCase(c, m))
		}
		ew.str("\n  </testsuite>")
	}
	ew.str("\n</testsuites>\n")
	return ew.err
}

// RunJUnit returns the JUnit XML of a run ([WriteRunJUnit]).
func RunJUnit(res *engine.Result, generatedAt time.Time, m Mask) string {
	var b strings.Builder
	_ = WriteRunJUnit(&b, res, generatedAt, m)
	return b.String()
}

// errWriter writes strings until the first failure, which it keeps.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) str(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}

func secs3(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }

// junitKind returns a case's kind (pass, failure or error) and its time
// in seconds.
func junitKind(c *engine.CaseRun) (kind string, secs float64) {
	t := c.Rep.Trace
	if t != nil {
		secs = float64(t.DurationMS) / 1000
	}
	switch {
	case t != nil && (t.Termination == "provider_error" || t.Termination == "unmocked_tool"), c.Rep.CaseError != "":
		return "error", secs
	case !c.Passed:
		return "failure", secs
	}
	return "pass", secs
}

// junitCase returns a case's <testcase> block.
func junitCase(c *engine.CaseRun, m Mask) string {
	kind, secs := junitKind(c)
	open := `    <testcase name="` + xmlAttr(m.text(c.Case)) + `" classname="` + xmlAttr(m.text(c.Suite)) + `" time="` + secs3(secs) + `"`
	if kind == "pass" {
		return open + "/>"
	}
	inner := junitFailure(c, m)
	if kind == "error" {
		inner = junitError(c, m)
	}
	return open + ">\n      " + inner + "\n    </testcase>"
}

func junitFailure(c *engine.CaseRun, m Mask) string {
	var failed []engine.AssertionResult
	for _, a := range c.Rep.Assertions {
		if !a.Passed {
			failed = append(failed, masked(a, m))
		}
	}
	blocks := make([]string, len(failed))
	names := make([]string, len(failed))
	for i, a := range failed {
		blocks[i] = RenderFailure(a)
		names[i] = a.Description
	}
	plural := "s"
	if len(failed) == 1 {
		plural = ""
	}
	summary := strconv.Itoa(len(failed)) + " assertion" + plural + " failed: " + strings.Join(names, "; ")
	return `<failure message="` + xmlAttr(summary) + `" type="AssertionFailure">` + xmlText(strings.Join(blocks, "\n")) + `</failure>`
}

func junitError(c *engine.CaseRun, m Mask) string {
	t := c.Rep.Trace
	var body, message, typ string
	if t != nil {
		lines := []string{m.text(engine.Trajectory(t))}
		message = "terminated: " + t.Termination
		if t.HasError && t.Error != "" {
			lines = append(lines, m.text(t.Error))
			message = OneLine(m.text(t.Error))
		}
		body, typ = strings.Join(lines, "\n"), t.Termination
	} else {
		body, message, typ = m.text(c.Rep.CaseError), "error", "error"
		if c.Rep.CaseError != "" {
			message = OneLine(m.text(c.Rep.CaseError))
		}
	}
	return `<error message="` + xmlAttr(message) + `" type="` + xmlAttr(typ) + `">` + xmlText(body) + `</error>`
}

// xmlText escapes element text as dryfire does (&, < and >).
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// xmlAttr escapes an attribute value as dryfire does (&, < and ").
func xmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;").Replace(s)
}
