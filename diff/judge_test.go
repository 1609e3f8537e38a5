package diff

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// judgeRequest is the hashable request of an llm_judge call, as dryfire
// builds it.
func judgeRequest(model, rubric, final, tools string) jsonv.Value {
	prompt := "# Rubric\n" + rubric + "\n\n# Agent transcript to grade\nFinal response: " + final +
		"\nTools called: " + tools + "\n\nGrade the transcript against the rubric."
	msg := jsonv.ObjectValue(jsonv.M("role", jsonv.StringValue("user")), jsonv.M("content", jsonv.StringValue(prompt)),
		jsonv.M("tool_calls", jsonv.ArrayValue()), jsonv.M("tool_results", jsonv.ArrayValue()))
	return jsonv.ObjectValue(
		jsonv.M("schema_version", jsonv.IntValue(1)),
		jsonv.M("provider", jsonv.StringValue("anthropic")),
		jsonv.M("model", jsonv.StringValue(model)),
		jsonv.M("system", jsonv.StringValue("You are a strict evaluator.")),
		jsonv.M("messages", jsonv.ArrayValue(msg)),
		jsonv.M("tools", jsonv.ArrayValue()),
		jsonv.M("params", jsonv.ObjectValue(jsonv.M("temperature", jsonv.FloatValue(0)), jsonv.M("top_p", jsonv.NullValue()),
			jsonv.M("max_tokens", jsonv.NullValue()), jsonv.M("stop_sequences", jsonv.ArrayValue()))),
	)
}

func TestExplainJudge(t *testing.T) {
	t.Parallel()
	base := judgeRequest("m1", "Be kind.", "'Done.'", "lookup → refund")
	tests := map[string]struct {
		current jsonv.Value
		want    []string
	}{
		"rubric": {judgeRequest("m1", "Be very kind.", "'Done.'", "lookup → refund"), []string{"judge rubric changed: 'Be kind.' → 'Be very kind.'"}},
		"long rubric": {judgeRequest("m1", "Be kind.\nScore 1 for kindness.", "'Done.'", "lookup → refund"),
			[]string{"judge rubric changed: +1 −0 lines"}},
		"model": {judgeRequest("m2", "Be kind.", "'Done.'", "lookup → refund"), []string{"judge model m1 → m2"}},
		"transcript": {judgeRequest("m1", "Be kind.", "None", "lookup"), []string{
			"graded final response changed: \"'Done.'\" → 'None'", "graded tool calls changed: lookup → refund → lookup"}},
		"same": {base, nil},
	}
	for name, tc := range tests {
		r := ExplainJudge(base, tc.current)
		if len(tc.want) == 0 {
			if !r.Equal() {
				t.Errorf("%s: %v, want no change", name, r.Summary)
			}
			continue
		}
		if len(r.Summary) != len(tc.want) {
			t.Errorf("%s: %q, want %q", name, r.Summary, tc.want)
			continue
		}
		for i := range tc.want {
			if r.Summary[i] != tc.want[i] {
				t.Errorf("%s: %q, want %q", name, r.Summary[i], tc.want[i])
			}
		}
	}
}

func TestParseJudgePrompt(t *testing.T) {
	t.Parallel()
	p, ok := ParseJudgePrompt("# Rubric\nA\n\n# Agent transcript to grade\nFinal response: 'x'\nTools called: (none)\n\nGrade the transcript against the rubric.")
	if !ok || p.Rubric != "A" || p.FinalResponse != "'x'" || p.ToolsCalled != "(none)" {
		t.Errorf("%+v %v", p, ok)
	}
	if _, ok := ParseJudgePrompt("Hello"); ok {
		t.Error("a user message read as a judge prompt")
	}
}
