package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyregex"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

func decodeFile(t *testing.T, name string) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// traceFrom builds a trace as the assertions-golden.py generator builds
// dryfire's, priced with the bundled table.
func traceFrom(t *testing.T, spec jsonv.Value) *Trace {
	t.Helper()
	tr := &Trace{Suite: "s", Case: "c", Termination: spec.Field("termination").Str(), Model: spec.Field("model").Str()}
	for i, tu := range spec.Field("turns").Items {
		var calls []cassette.ToolCall
		for j, c := range tu.Field("calls").Items {
			mal := jsonv.NullValue()
			if m, ok := c.Get("malformed"); ok {
				mal = m
			}
			calls = append(calls, cassette.ToolCall{ID: "c" + strconv.Itoa(i) + strconv.Itoa(j), Name: c.Field("name").Str(),
				Arguments: c.Field("arguments"), MalformedArguments: mal})
		}
		u := tu.Field("usage")
		n := func(k string) int64 { x, _ := u.Field(k).Int(); return x }
		usage := cassette.Usage{InputTokens: n("input_tokens"), OutputTokens: n("output_tokens"),
			CacheReadTokens: n("cache_read_tokens"), CacheWriteTokens: n("cache_write_tokens")}
		lat, _ := tu.Field("latency_ms").Int()
		tr.Turns = append(tr.Turns, Turn{Index: i, Response: &cassette.Response{Text: tu.Field("text"), ToolCalls: calls,
			Usage: usage, LatencyMS: lat}})
		tr.Usage = addUsage(tr.Usage, usage)
	}
	if n := len(tr.Turns); n > 0 && tr.Turns[n-1].Response.Text.Kind == jsonv.String {
		tr.FinalText, tr.HasFinal = tr.Turns[n-1].Response.Text.Text, true
	}
	tr.Cost = pricing.Bundled().Cost(spec.Field("provider").Str(), tr.Model, tr.Usage)
	for _, v := range spec.Field("verdicts").Items {
		th, _ := v.Field("threshold").Float()
		hash := RubricHash(v.Field("rubric").Str(), th)
		jv := JudgeVerdict{Key: JudgeKey(v.Field("model").Str(), hash), Model: v.Field("model").Str(), RubricHash: hash, Threshold: th}
		if e, ok := v.Get("error"); ok {
			jv.fail(e.Str())
		} else {
			jv.Score, _ = v.Field("score").Float()
			jv.Reasoning, jv.Passed = v.Field("reasoning").Str(), jv.Score >= th
		}
		tr.Verdicts = append(tr.Verdicts, jv)
	}
	return tr
}

// TestGradeAgainstDryfire grades every assertion of
// testdata/assertions-cases.json against every trace and compares kind,
// description, verdict, message, expected and actual with what dryfire's
// own assertion classes said (testdata/assertions-expected.json, made by
// assertions-golden.py).
func TestGradeAgainstDryfire(t *testing.T) {
	t.Parallel()
	cases := decodeFile(t, "assertions-cases.json")
	want := decodeFile(t, "assertions-expected.json")
	for _, tm := range cases.Field("traces").Members {
		tr := traceFrom(t, tm.Value)
		for i, entry := range cases.Field("assertions").Items {
			text, _ := jsonv.Encode(entry, jsonv.EncodeOptions{})
			node, err := suite.ParseYAML(text)
			if err != nil {
				t.Fatal(err)
			}
			a := casemodel.ParseAssertion(node)
			if a.Err != "" {
				t.Fatalf("%s: %s", text, a.Err)
			}
			got := Grade(a, tr)
			w := want.Field(tm.Key).Items[i]
			opt := func(s *string) jsonv.Value {
				if s == nil {
					return jsonv.NullValue()
				}
				return jsonv.StringValue(*s)
			}
			if got.Kind != w.Field("kind").Str() || got.Description != w.Field("description").Str() ||
				got.Passed != w.Field("passed").Bool || got.Message != w.Field("message").Str() ||
				!jsonv.Equal(opt(got.Expected), w.Field("expected")) || !jsonv.Equal(opt(got.Actual), w.Field("actual")) {
				t.Errorf("%s on %s:\n got  %s %q passed=%v %q expected=%v actual=%v\n want %s", text, tm.Key, got.Kind, got.Description,
					got.Passed, got.Message, opt(got.Expected), opt(got.Actual), jsonv.PyReprValue(w))
			}
		}
	}
}

// TestFinalMatchesGivesUp: a pattern that backtracks for ever (dryfire's
// re would not stop) fails at the time limit, naming the pattern and the
// limit.
func TestFinalMatchesGivesUp(t *testing.T) {
	t.Parallel()
	const src = `(x+x+)+(?=y)`
	re, err := pyregex.CompileLimit(src, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	a := casemodel.Assertion{Kind: "final_matches", Source: src, Pattern: re}
	tr := &Trace{Termination: "end_turn", FinalText: strings.Repeat("x", 40), HasFinal: true}
	got := Grade(a, tr)
	want := "could not search the final text for '(x+x+)+(?=y)': the match ran longer than 20ms " +
		"(dryfire-tui's time limit on one match); dryfire's re would keep searching"
	if got.Passed || got.Message != want || got.Description != "final_matches: '(x+x+)+(?=y)'" {
		t.Errorf("%+v", got)
	}
}
