package diff

import (
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// JudgePrompt is an llm_judge call's user message taken apart: the rubric,
// and the transcript it grades (the final response as dryfire quotes it,
// and the tools called).
type JudgePrompt struct {
	Rubric, FinalResponse, ToolsCalled string
}

const (
	promptHead     = "# Rubric\n"
	promptMiddle   = "\n\n# Agent transcript to grade\nFinal response: "
	promptTools    = "\nTools called: "
	promptTrailing = "\n\nGrade the transcript against the rubric."
)

// ParseJudgePrompt reads a judge prompt; ok is false for any other text.
// The transcript is read from the end: the quoted final response never
// holds a newline, a rubric may.
func ParseJudgePrompt(text string) (p JudgePrompt, ok bool) {
	rest, ok := strings.CutPrefix(text, promptHead)
	if !ok {
		return p, false
	}
	rest, ok = strings.CutSuffix(rest, promptTrailing)
	if !ok {
		return p, false
	}
	i := strings.LastIndex(rest, promptMiddle)
	if i < 0 {
		return p, false
	}
	p.Rubric, rest = rest[:i], rest[i+len(promptMiddle):]
	j := strings.LastIndex(rest, promptTools)
	if j < 0 {
		return p, false
	}
	p.FinalResponse, p.ToolsCalled = rest[:j], rest[j+len(promptTools):]
	return p, true
}

// ExplainJudge is [Explain] for the request of an llm_judge call: the
// summary speaks of what a judge request is made of — the judge model, the
// rubric, the transcript it grades — instead of message paths.
func ExplainJudge(recorded, current jsonv.Value) Result {
	r := Explain(recorded, current)
	r.judge = true
	return r.judgeSummary()
}

// judgeSummary replaces the summary of a judge request's comparison with
// the judge's terms.
func (r Result) judgeSummary() Result {
	if r.Incomplete || r.Equal() {
		return r
	}
	var lines []string
	if a, b := r.recorded.Field("provider"), r.current.Field("provider"); !jsonv.Equal(a, b) {
		lines = append(lines, "provider "+short(a)+" → "+short(b))
	}
	if a, b := r.recorded.Field("model"), r.current.Field("model"); !jsonv.Equal(a, b) {
		lines = append(lines, "judge model "+short(a)+" → "+short(b))
	}
	if a, b := r.recorded.Field("system"), r.current.Field("system"); !jsonv.Equal(a, b) {
		lines = append(lines, "judge instructions changed (recorded by another dryfire version?)")
	}
	pa, oka := judgePromptOf(r.recorded)
	pb, okb := judgePromptOf(r.current)
	if !oka || !okb {
		if !promptsEqual(r.recorded, r.current) {
			lines = append(lines, "judge prompt changed")
		}
	} else {
		if pa.Rubric != pb.Rubric {
			lines = append(lines, "judge rubric changed: "+change(pa.Rubric, pb.Rubric))
		}
		if pa.FinalResponse != pb.FinalResponse {
			lines = append(lines, "graded final response changed: "+change(pa.FinalResponse, pb.FinalResponse))
		}
		if pa.ToolsCalled != pb.ToolsCalled {
			lines = append(lines, "graded tool calls changed: "+pa.ToolsCalled+" → "+pb.ToolsCalled)
		}
	}
	if len(lines) > 0 {
		r.Summary = lines
	}
	return r
}

// judgePromptOf reads the prompt of a judge request (one user message).
func judgePromptOf(req jsonv.Value) (JudgePrompt, bool) {
	msgs := req.Field("messages")
	if msgs.Len() != 1 {
		return JudgePrompt{}, false
	}
	return ParseJudgePrompt(msgs.Items[0].Field("content").Str())
}

func promptsEqual(a, b jsonv.Value) bool {
	return jsonv.Equal(a.Field("messages"), b.Field("messages"))
}

// change says how a text changed: both sides when they are short, else
// the line counts.
func change(before, after string) string {
	if !strings.Contains(before+after, "\n") && len(before) <= 60 && len(after) <= 60 {
		return jsonv.PyRepr(before) + " → " + jsonv.PyRepr(after)
	}
	plus, minus := lineStats(before, after)
	return "+" + strconv.Itoa(plus) + " −" + strconv.Itoa(minus) + " lines"
}
