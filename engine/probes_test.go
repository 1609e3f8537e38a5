package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// probeSection decodes one section of semantics-probes.json with the
// ordered decoder, so 780.0 stays a float.
func probeSection(t *testing.T, section, name string) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dryfireGolden, "semantics-probes.json"))
	if err != nil {
		t.Fatal(err)
	}
	all, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := all.Field(section).Get(name)
	if !ok {
		t.Fatalf("no probe %s.%s", section, name)
	}
	return v
}

// suiteFromYAML writes a suite and loads it.
func suiteFromYAML(t *testing.T, doc string) *suite.Suite {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "probe.eval.yaml")
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return suite.LoadSuite(file, "probe.eval.yaml", func(string) (string, bool) { return "", false })
}

func TestMockProbes(t *testing.T) {
	t.Parallel()
	rules := map[string]string{
		"return_kinds": `t:
    - {when: {kind: dict}, return: {total: 780.00, ok: true}}
    - {when: {kind: str}, return: plain text}
    - {when: {kind: null}, return: null}
    - {when: {kind: empty}, return: ""}
    - {when: {kind: int}, return: 42}
    - {when: {kind: list}, return: [1, 2]}
    - {when: {kind: bool}, return: true}
    - {when: {kind: float}, return: 1.5}`,
		"error_kinds": `t:
    - {when: {kind: msg}, error: payment gateway timeout}
    - {when: {kind: empty}, error: ""}
    - {when: {kind: null}, error: null}`,
		"first_match_wins_and_catch_all": `t:
    - {when: {a: 1}, return: first}
    - {return: catch-all}`,
		"deep_subset": `t:
    - {when: {route: {from: ZRH}}, return: nested-dict-subset}
    - {when: {tags: [a, b]}, return: list-equality}
    - {when: {n: 1}, return: int-1}
    - {when: {x: null}, return: x-is-null}`,
		"when_empty_object_matches_all": `t:
    - {when: {}, return: empty-when}`,
		"malformed_arguments": `t:
    - {when: {a: 1}, return: by-when}
    - {return: catch-all}`,
		"sequence": `t:
    - when: {k: a}
      sequence: [{error: timeout}, {return: {ok: true}}]
    - when: {k: b}
      sequence: [{return: one}, {}, {error: boom}]`,
		"sequence_empty": `t:
    - sequence: []`,
		"case_override_replaces_whole_list": `t:
    - {when: {a: 1}, return: suite-a1}
  u:
    - {return: suite-u}`,
		"impl_marker": `t:
    - impl: json:dumps`,
	}
	for name, mocks := range rules {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			caseMocks := ""
			if name == "case_override_replaces_whole_list" {
				caseMocks = "\n    mocks:\n      t:\n        - {when: {a: 2}, return: case-a2}"
			}
			s := suiteFromYAML(t, "name: s\nmocks:\n  "+mocks+"\ncases:\n  - name: c\n    input: x\n    expect: []"+caseMocks+"\n")
			if s.Failed {
				t.Fatalf("load: %v", s.Errors)
			}
			c := s.Cases[0]
			r := NewResolver(suite.MergeMocks(s.Mocks, c.Mocks))
			for i, row := range probeSection(t, "mocks", name).Field("results").Items {
				call := row.Field("call")
				tc := cassette.ToolCall{ID: "call_" + strconv.Itoa(i), Name: call.Field("name").Str(),
					Arguments: call.Field("arguments"), MalformedArguments: call.Field("malformed_arguments")}
				out := r.Resolve(tc)
				want := row.Field("result")
				switch {
				case row.Has("exception"):
					if out.Kind != OutcomeCrash {
						t.Errorf("call %d: %+v, dryfire raises %s", i, out, row.Field("exception").Str())
					}
				case row.Has("passthrough"):
					if out.Kind != OutcomePassthrough || out.Impl != row.Field("passthrough").Field("target").Str() {
						t.Errorf("call %d: %+v, dryfire passes through", i, out)
					}
				case want.Kind == jsonv.String && want.Text == "UNMOCKED":
					if out.Kind != OutcomeUnmocked {
						t.Errorf("call %d: %+v, dryfire UNMOCKED", i, out)
					}
				default:
					got, _ := jsonv.Canonical(out.Result.Value())
					exp, _ := jsonv.Canonical(want)
					if out.Kind != OutcomeResult || string(got) != string(exp) {
						t.Errorf("call %d: %s, dryfire %s", i, got, exp)
					}
				}
			}
		})
	}
}

func TestMockRuleShapeProbes(t *testing.T) {
	t.Parallel()
	docs := map[string]string{
		"two_outcomes_rejected":    "name: s\ncases: []\nmocks:\n  t:\n    # two outcomes\n\n    - return: 1\n      error: x\n",
		"no_outcome_rejected":      "name: s\ncases: []\nmocks:\n  t:\n    # none\n\n    - when: {a: 1}\n",
		"timeout_s_field_rejected": "name: s\ncases: []\nmocks:\n  t:\n    # timeout\n\n    - impl: json:dumps\n      timeout_s: 3\n",
	}
	for name, doc := range docs {
		s := suiteFromYAML(t, doc)
		checkLoadErrors(t, name, s, probeSection(t, "mocks", name).Field("load_errors"))
	}
}

func checkLoadErrors(t *testing.T, name string, s *suite.Suite, want jsonv.Value) {
	t.Helper()
	if len(s.Errors) != want.Len() {
		t.Errorf("%s: %d errors %v, dryfire %d", name, len(s.Errors), s.Errors, want.Len())
		return
	}
	for i, w := range want.Items {
		line, _ := w.Field("line").Int()
		col, _ := w.Field("col").Int()
		got := s.Errors[i]
		if got.Message != w.Field("message").Str() || got.Line != int(line) || got.Column != int(col) {
			t.Errorf("%s: %d:%d %q, dryfire %d:%d %q", name, got.Line, got.Column, got.Message, line, col, w.Field("message").Str())
		}
	}
}

func TestLoaderProbes(t *testing.T) {
	t.Parallel()
	docs := map[string]string{
		"missing_cases":                            "name: s\n",
		"unknown_suite_key":                        "name: s\nretries: 3\ncases: []\n",
		"unknown_case_key":                         "name: s\ncases:\n  - name: c\n    input: x\n    expect: []\n    provider: openai\n",
		"case_system_not_allowed":                  "name: s\ncases:\n  - name: c\n    input: x\n    expect: []\n    system: hi\n",
		"expect_missing":                           "name: s\ncases:\n  - name: c\n    input: x\n",
		"unknown_assertion":                        "name: s\ncases:\n  - name: c\n    input: x\n    expect: [{calls_tol: t}]\n",
		"bad_assertion_args":                       "name: s\ncases:\n  - name: c\n    input: x\n    expect: [{max_turns: lots}]\n",
		"repeat_zero":                              "name: s\ncases:\n  - name: c\n    input: x\n    expect: []\n    repeat: 0\n",
		"on_unmocked_unquoted_null_is_unset":       "name: s\non_unmocked: null\ncases: []\n",
		"on_unmocked_bogus":                        "name: s\non_unmocked: sometimes\ncases: []\n",
		"ref_missing":                              "name: s\ntools:\n  - $ref: ./nope.json\ncases: []\n",
		"json_schema_internal_ref_treated_as_file": "name: s\ntools:\n  - name: t\n    input_schema:\n      properties:\n        a:\n            $ref: '#/definitions/a'\ncases: []\n",
		"env_missing":                              "name: s\nsystem: ${DRYFIRE_PROBE_UNSET_VAR}\ncases: []\n",
		"temperature_string":                       "name: s\ntemperature: warm\ncases: []\n",
		"input_number":                             "name: s\ncases:\n  - name: c\n    input: 42\n    expect: []\n",
		"tool_missing_input_schema":                "name: s\ntools:\n  - name: t\ncases: []\n",
		"duplicate_case_names_allowed":             "name: s\ncases:\n  - {name: c, input: x, expect: []}\n  - {name: c, input: y, expect: []}\n",
		"empty_cases_ok":                           "name: s\ncases: []\n",
	}
	for name, doc := range docs {
		s := suiteFromYAML(t, doc)
		probe := probeSection(t, "loader", name)
		if probe.Field("ok").Bool != !s.Failed {
			t.Errorf("%s: failed=%v, dryfire ok=%v (%v)", name, s.Failed, probe.Field("ok").Bool, s.Errors)
			continue
		}
		checkLoadErrors(t, name, s, probe.Field("errors"))
		if name == "on_unmocked_unquoted_null_is_unset" && s.Settings.OnUnmocked != nil {
			t.Errorf("unquoted null on_unmocked is set to %q", *s.Settings.OnUnmocked)
		}
	}
}

// scripted answers a simulation from a list of responses.
func scripted(responses ...cassette.Response) Responder {
	return func(turn int, _ jsonv.Value) (cassette.Response, error) {
		if turn >= len(responses) {
			return responses[len(responses)-1], nil
		}
		return responses[turn], nil
	}
}

func probeCall(id, name string, args jsonv.Value) cassette.ToolCall {
	return cassette.ToolCall{ID: id, Name: name, Arguments: args, MalformedArguments: jsonv.NullValue()}
}

func TestLoopProbes(t *testing.T) {
	t.Parallel()
	obj := func(k string, v int64) jsonv.Value { return jsonv.ObjectValue(jsonv.M(k, jsonv.IntValue(v))) }
	threeCalls := cassette.Response{StopReason: "tool_use", ToolCalls: []cassette.ToolCall{
		probeCall("fake_call_0", "t", obj("a", 1)), probeCall("fake_call_1", "u", obj("b", 2)), probeCall("fake_call_2", "t", jsonv.ObjectValue())}}
	done := cassette.Response{StopReason: "end_turn", Text: jsonv.StringValue("done")}
	tests := map[string]struct {
		settings  string
		responses []cassette.Response
		turns     int
	}{
		"on_unmocked_error":         {"on_unmocked: error", []cassette.Response{threeCalls}, 1},
		"on_unmocked_null":          {"on_unmocked: 'null'", []cassette.Response{threeCalls, done}, 2},
		"on_unmocked_passthrough":   {"on_unmocked: passthrough", []cassette.Response{threeCalls, done}, 2},
		"max_turns_2":               {"max_turns: 2", []cassette.Response{{StopReason: "tool_use", ToolCalls: []cassette.ToolCall{probeCall("x", "t", jsonv.ObjectValue())}}}, 2},
		"max_turns_0":               {"max_turns: 0", []cassette.Response{done}, 0},
		"stop_reason_end_turn":      {"", []cassette.Response{{StopReason: "end_turn"}}, 1},
		"stop_reason_max_tokens":    {"", []cassette.Response{{StopReason: "max_tokens"}}, 1},
		"stop_reason_stop_sequence": {"", []cassette.Response{{StopReason: "stop_sequence"}}, 1},
		"stop_reason_refusal":       {"", []cassette.Response{{StopReason: "refusal"}}, 1},
		"stop_reason_error":         {"", []cassette.Response{{StopReason: "error"}}, 1},
		"tool_use_without_calls":    {"max_turns: 3", []cassette.Response{{StopReason: "tool_use", Text: jsonv.StringValue("odd")}}, 3},
		"end_turn_with_calls_not_executed": {"", []cassette.Response{{StopReason: "end_turn", Text: jsonv.StringValue("x"),
			ToolCalls: []cassette.ToolCall{probeCall("i", "t", jsonv.ObjectValue())}}}, 1},
	}
	for name, tc := range tests {
		s := suiteFromYAML(t, "name: s\n"+tc.settings+"\nmocks:\n  t:\n    - return: {ok: 1}\ncases:\n  - {name: c, input: hi, expect: []}\n")
		if s.Failed {
			t.Fatalf("%s: %v", name, s.Errors)
		}
		res := Simulate(nil, s.Cases[0], 0, "", scripted(tc.responses...))
		probe := probeSection(t, "loop", name)
		if res.Termination != probe.Field("termination").Str() {
			t.Errorf("%s: termination %q, dryfire %q", name, res.Termination, probe.Field("termination").Str())
		}
		wantTurns := probe.Field("turns").Len()
		if n, ok := probe.Field("turns").Int(); ok {
			wantTurns = int(n)
		}
		if len(res.Visits) != tc.turns || len(res.Visits) != wantTurns {
			t.Errorf("%s: %d calls, dryfire %d", name, len(res.Visits), wantTurns)
		}
		if e := probe.Field("error"); e.Kind == jsonv.String && res.Message != e.Text {
			t.Errorf("%s: error %q, dryfire %q", name, res.Message, e.Text)
		}
		// Every visit after the first carries assistant + tool messages.
		for i, v := range res.Visits {
			if got := v.Request().Field("messages").Len(); got != 1+2*i {
				t.Errorf("%s: request %d has %d messages", name, i, got)
			}
		}
	}
}

func TestLoopNullResultIsEmptyString(t *testing.T) {
	t.Parallel()
	s := suiteFromYAML(t, "name: s\non_unmocked: 'null'\ncases:\n  - {name: c, input: hi, expect: []}\n")
	resp := cassette.Response{StopReason: "tool_use", ToolCalls: []cassette.ToolCall{probeCall("id-9", "u", jsonv.ObjectValue())}}
	res := Simulate(nil, s.Cases[0], 0, "", scripted(resp, cassette.Response{StopReason: "end_turn"}))
	got, _ := jsonv.Canonical(res.Visits[1].Request().Field("messages").Items[2].Field("tool_results"))
	if string(got) != `[{"call_id":"call_0","content":"","is_error":false}]` {
		t.Errorf("unmocked null result %s", got)
	}
}

func TestLoopListInputAndPassthrough(t *testing.T) {
	t.Parallel()
	want := probeSection(t, "loop", "list_input_first_request_messages")
	input := "[{role: user, content: hi, name: bob}, {role: assistant, content: [{type: text, text: yo}]}, {role: user, content: again}]"
	s := suiteFromYAML(t, "name: s\ncases:\n  - {name: c, input: "+input+", expect: []}\n")
	msgs, err := conversation.AppendInitialMessages(nil, s.Cases[0].Input, s.Cases[0].InputViews)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Items {
		want.Items[i].Delete("raw")
	}
	hashed := conversation.Request{Messages: msgs}.HashArgs().Field("messages")
	got, _ := jsonv.Canonical(hashed)
	exp, _ := jsonv.Canonical(want)
	if string(got) != string(exp) {
		t.Errorf("first messages %s, dryfire %s", got, exp)
	}
	if _, err := conversation.AppendInitialMessages(nil, jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("role", jsonv.StringValue("system")))), nil); err == nil {
		t.Error("role system accepted; dryfire raises")
	}
	s = suiteFromYAML(t, "name: s\nmocks:\n  t:\n    - impl: json:dumps\ncases:\n  - {name: c, input: hi, expect: []}\n")
	res := Simulate(nil, s.Cases[0], 0, "", scripted(cassette.Response{StopReason: "tool_use", ToolCalls: []cassette.ToolCall{probeCall("x", "t", jsonv.ObjectValue())}}))
	if !res.NeedsPython || res.Outcome != OutcomeSkipped {
		t.Errorf("impl mock: %+v", res)
	}
	if !strings.Contains(res.Message, "json:dumps") {
		t.Errorf("message %q", res.Message)
	}
}

// dryfireGolden is the dryfire golden data shared by the repository's tests.
var dryfireGolden = filepath.Join("..", "testdata", "golden", "dryfire")
