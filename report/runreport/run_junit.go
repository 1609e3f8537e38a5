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
// text before it is escaped for XML.
func WriteRunJUnit(w io.Writer, res *engine.Result, generatedAt time.Time, m Mask) error {
	_, err := io.WriteString(w, RunJUnit(res, generatedAt, m))
	return err
}

// RunJUnit returns the JUnit XML of a run.
func RunJUnit(res *engine.Result, generatedAt time.Time, m Mask) string {
	stamp := isoZ(generatedAt)
	var blocks []string
	var tests, failures, errors int
	var total float64
	for _, s := range res.Suites {
		var cases []string
		var st, sf, se int
		var stime float64
		for _, c := range s.Cases {
			kind, block, secs := junitCase(c, m)
			st++
			stime += secs
			switch kind {
			case "failure":
				sf++
			case "error":
				se++
			}
			cases = append(cases, block)
		}
		lines := append([]string{`  <testsuite name="` + xmlAttr(m.text(s.Name)) + `" tests="` + strconv.Itoa(st) +
			`" failures="` + strconv.Itoa(sf) + `" errors="` + strconv.Itoa(se) + `" time="` + secs3(stime) +
			`" timestamp="` + stamp + `">`}, cases...)
		blocks = append(blocks, strings.Join(append(lines, "  </testsuite>"), "\n"))
		tests, failures, errors, total = tests+st, failures+sf, errors+se, total+stime
	}
	lines := append([]string{`<?xml version="1.0" encoding="UTF-8"?>`,
		`<testsuites name="dryfire" tests="` + strconv.Itoa(tests) + `" failures="` + strconv.Itoa(failures) +
			`" errors="` + strconv.Itoa(errors) + `" time="` + secs3(total) + `">`}, blocks...)
	return strings.Join(append(lines, "</testsuites>"), "\n") + "\n"
}

func secs3(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }

// junitCase returns a case's kind (pass, failure or error), its block and
// its time in seconds.
func junitCase(c *engine.CaseRun, m Mask) (kind, block string, secs float64) {
	t := c.Rep.Trace
	if t != nil {
		secs = float64(t.DurationMS) / 1000
	}
	open := `    <testcase name="` + xmlAttr(m.text(c.Case)) + `" classname="` + xmlAttr(m.text(c.Suite)) + `" time="` + secs3(secs) + `"`
	switch {
	case t != nil && (t.Termination == "provider_error" || t.Termination == "unmocked_tool"), c.Rep.CaseError != "":
		kind = "error"
	case !c.Passed:
		kind = "failure"
	default:
		return "pass", open + "/>", secs
	}
	inner := junitFailure(c, m)
	if kind == "error" {
		inner = junitError(c, m)
	}
	return kind, open + ">\n      " + inner + "\n    </testcase>", secs
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
