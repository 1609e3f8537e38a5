package engine

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pydantic"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pyjson"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pystr"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// AssertionResult is one graded expect entry, with dryfire's texts.
type AssertionResult struct {
	Kind        string
	Description string
	Passed      bool
	// Message says why it failed ("" when it passed).
	Message string
	// Expected and Actual are nil where dryfire leaves them None (a passing
	// not_calls_tool).
	Expected, Actual *string
}

func ptr(s string) *string { return &s }

// Trajectory is dryfire's "a → b → (termination)" line of a trace.
func Trajectory(t *Trace) string {
	return strings.Join(append(t.ToolNames(), "("+t.Termination+")"), " → ")
}

// Grade evaluates one assertion against a trace, as dryfire's assertion
// of that kind does. The assertion's arguments must be valid.
func Grade(a casemodel.Assertion, t *Trace) AssertionResult {
	traj := Trajectory(t)
	r := AssertionResult{Kind: a.Kind, Actual: ptr(traj)}
	switch a.Kind {
	case "calls_tool":
		gradeCallsTool(&r, a, t)
	case "not_calls_tool":
		gradeNotCallsTool(&r, a, t)
	case "tool_args":
		gradeToolArgs(&r, a, t)
	case "call_order":
		arrow := strings.Join(a.Names, " → ")
		r.Description, r.Expected = "call_order: "+arrow, ptr("order "+arrow)
		r.Passed = isSubsequence(a.Names, t.ToolNames())
		r.fail("order not found as a subsequence")
	case "max_turns":
		n := int64(len(t.Turns))
		r.Description, r.Expected = fmt.Sprintf("max_turns: %d", a.N), ptr(fmt.Sprintf("at most %d turns", a.N))
		r.Passed = n <= a.N
		r.fail(fmt.Sprintf("ran %d turns", n))
	case "final_contains":
		gradeFinalContains(&r, a, t)
	case "min_tool_calls":
		n := int64(count(t.ToolNames(), a.Tool))
		r.Description = fmt.Sprintf("min_tool_calls: %s × %d", a.Tool, a.Count)
		r.Expected = ptr(fmt.Sprintf("%s called at least %d times", a.Tool, a.Count))
		r.Passed = n >= a.Count
		r.fail(fmt.Sprintf("%s was called %d times, need at least %d", a.Tool, n, a.Count))
	case "final_matches":
		gradeFinalMatches(&r, a, t)
	case "final_json":
		gradeFinalJSON(&r, a, t)
	case "cost_under":
		gradeCostUnder(&r, a, t, traj)
	case "latency_under_ms":
		var ms int64
		for _, turn := range t.Turns {
			ms += turn.Response.LatencyMS
		}
		r.Description = fmt.Sprintf("latency_under_ms: %d", a.N)
		r.Expected, r.Actual = ptr(fmt.Sprintf("model latency under %dms", a.N)), ptr(fmt.Sprintf("%s\n%dms", traj, ms))
		r.Passed = ms < a.N
		r.fail(fmt.Sprintf("model latency %dms is not under %dms (sums per-turn model latency; excludes mock resolution and retry backoff)", ms, a.N))
	case "llm_judge":
		gradeJudge(&r, a, t, traj)
	}
	return r
}

// fail sets the failure message when the assertion did not pass.
func (r *AssertionResult) fail(msg string) {
	if !r.Passed {
		r.Message = msg
	}
}

func count(names []string, name string) int {
	n := 0
	for _, x := range names {
		if x == name {
			n++
		}
	}
	return n
}

// isSubsequence reports whether order appears in names in that relative
// order (not necessarily contiguous).
func isSubsequence(order, names []string) bool {
	i := 0
	for _, want := range order {
		for i < len(names) && names[i] != want {
			i++
		}
		if i == len(names) {
			return false
		}
		i++
	}
	return true
}

func gradeCallsTool(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	n := count(t.ToolNames(), a.Tool)
	if !a.HasCount {
		r.Description, r.Expected = "calls_tool: "+a.Tool, ptr(a.Tool+" to be called")
		r.Passed = n >= 1
		r.fail(a.Tool + " was never called")
		return
	}
	r.Description = fmt.Sprintf("calls_tool: %s (count %d)", a.Tool, a.Count)
	r.Expected = ptr(fmt.Sprintf("%s called exactly %d time(s)", a.Tool, a.Count))
	r.Passed = int64(n) == a.Count
	r.fail(fmt.Sprintf("called %d time(s)", n))
}

func gradeNotCallsTool(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	r.Description = "not_calls_tool: " + a.Tool
	for _, turn := range t.Turns {
		for _, c := range turn.Response.ToolCalls {
			if c.Name == a.Tool {
				args, raised := conversation.ArgumentsDumps(c)
				if raised != "" {
					*r = internalError(a.Kind, raised)
					return
				}
				r.Expected = ptr(a.Tool + " never called")
				r.Message = fmt.Sprintf("%s called at turn %d with %s", a.Tool, turn.Index+1, args)
				return
			}
		}
	}
	r.Passed, r.Actual = true, nil
}

// gradeFinalMatches searches the final text as re.search does. A match
// the backtracking engine gives up on fails, naming the pattern and the
// limit: Python's re would not stop.
func gradeFinalMatches(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	src := jsonv.PyRepr(a.Source)
	r.Description, r.Expected = "final_matches: "+src, ptr("final text matches "+src)
	if a.Pattern == nil {
		r.Message = "no match for " + src + " in final text"
		return
	}
	found, err := a.Pattern.MatchString(t.FinalText)
	if err != nil {
		r.Message = "could not search the final text for " + src + ": " + err.Error() +
			"; dryfire's re would keep searching"
		return
	}
	r.Passed = found
	r.fail("no match for " + src + " in final text")
}

// gradeToolArgs checks the call at tool_args' index among the calls of the
// tool, indexed as Python indexes a list: from the end when negative. An
// index beyond the start raises IndexError in dryfire, which reports the
// assertion as its internal error.
func gradeToolArgs(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	if a.MatchErr != "" {
		// dryfire writes the expected text first, whatever the calls.
		*r = internalError(a.Kind, a.MatchErr)
		return
	}
	r.Description, r.Expected = "tool_args: "+a.Tool, ptr("arguments matching "+jsonv.PyJSONDumps(a.Match))
	var calls []cassette.ToolCall
	for _, turn := range t.Turns {
		for _, c := range turn.Response.ToolCalls {
			if c.Name == a.Tool {
				calls = append(calls, c)
			}
		}
	}
	n := int64(len(calls))
	i := a.Index
	switch {
	case i >= n:
		r.Message = a.Tool + " was not called at index " + a.IndexText
		return
	case i < -n:
		raised := "IndexError('list index out of range')"
		if a.IndexText != strconv.FormatInt(i, 10) {
			// Beyond 64 bits: Python cannot make it a list index.
			raised = `IndexError("cannot fit 'int' into an index-sized integer")`
		}
		*r = internalError(a.Kind, raised)
		return
	case i < 0:
		i += n
	}
	c := calls[i]
	switch {
	case c.MalformedArguments.Kind == jsonv.String:
		r.Message = a.Tool + " was called with malformed arguments: " + c.MalformedArguments.Text
	case DeepSubset(a.MatchEq, c.Arguments):
		r.Passed = true
	default:
		args, raised := conversation.ArgumentsDumps(c)
		if raised != "" {
			*r = internalError(a.Kind, raised)
			return
		}
		r.Message = "actual arguments: " + args
	}
}

// internalError is the result dryfire's safe_evaluate gives an assertion
// that raised: the kind alone, no expected or actual text.
func internalError(kind, raised string) AssertionResult {
	return AssertionResult{Kind: kind, Description: kind, Message: "internal error evaluating assertion: " + raised}
}

func gradeFinalContains(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	needles := pyStrList(a.Names)
	r.Description, r.Expected = "final_contains: "+needles, ptr("final text contains "+needles)
	final := pystr.Lower(t.FinalText)
	var missing []string
	for _, n := range a.Names {
		if !strings.Contains(final, pystr.Lower(n)) {
			missing = append(missing, n)
		}
	}
	r.Passed = len(missing) == 0
	r.fail("missing: " + pyStrList(missing))
}

func gradeFinalJSON(r *AssertionResult, a casemodel.Assertion, t *Trace) {
	r.Description, r.Expected = "final_json", ptr("final text is JSON matching the declared shape")
	v, err := pyjson.Loads(t.FinalText)
	if err != nil {
		r.Message = "final text is not valid JSON: " + err.Error()
		return
	}
	if e := pydantic.ShapeErrors(a, v); e != "" {
		r.Message = "JSON does not match the declared shape: " + e
		return
	}
	r.Passed = true
}

func gradeCostUnder(r *AssertionResult, a casemodel.Assertion, t *Trace, traj string) {
	limit := jsonv.PyFloatRepr(a.Limit)
	r.Description, r.Expected = "cost_under: $"+limit, ptr("advisory cost under $"+limit)
	if t.Cost == nil {
		model := t.Model
		if model == "" {
			model = "unknown"
		}
		r.Message = "pricing unavailable for model " + jsonv.PyRepr(model) +
			"; cost is advisory (SPEC §3.2), so an unpriced model cannot satisfy a cost gate"
		return
	}
	cost, _ := t.Cost.Float64()
	r.Actual = ptr(traj + "\n$" + strconv.FormatFloat(cost, 'f', 6, 64))
	r.Passed = cost < a.Limit
	r.fail("advisory cost $" + strconv.FormatFloat(cost, 'f', 6, 64) + " is not under $" + limit)
}

func gradeJudge(r *AssertionResult, a casemodel.Assertion, t *Trace, traj string) {
	r.Description = "llm_judge"
	model := t.Model
	if a.JudgeModel != nil && *a.JudgeModel != "" {
		model = *a.JudgeModel
	}
	hash := RubricHash(a.Rubric, a.Threshold)
	i := slices.IndexFunc(t.Verdicts, func(v JudgeVerdict) bool { return v.Key == JudgeKey(model, hash) })
	switch {
	case i < 0:
		r.Expected = ptr("a populated judge verdict")
		r.Message = "llm_judge could not be evaluated: the judge did not run for this assertion (rubric " + hash + ")"
	case t.Verdicts[i].HasError:
		r.Expected = ptr("a judge score >= " + jsonv.PyFloatRepr(a.Threshold))
		r.Message = "JUDGE ERROR: " + t.Verdicts[i].Error + " (rubric " + hash + ")"
	default:
		v := t.Verdicts[i]
		r.Passed = v.Passed
		r.Expected = ptr("judge score >= " + PyFormatG(a.Threshold))
		r.Actual = ptr(PyFormatG(v.Score) + " — " + traj)
		r.fail("judge score " + PyFormatG(v.Score) + " < threshold " + PyFormatG(a.Threshold) +
			"\n  judge reasoning: " + v.Reasoning + "\n  rubric " + hash + "\n  trajectory: " + traj)
	}
}

// PyFormatG is Python's format(x, "g"): six significant digits, trailing
// zeros dropped, exponent notation below 1e-4 and from 1e6.
func PyFormatG(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// pyStrList is repr() of a list of strings.
func pyStrList(items []string) string {
	quoted := make([]string, len(items))
	for i, s := range items {
		quoted[i] = jsonv.PyRepr(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}
