package htmlreport

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// edited is the one-case document of runDoc with an edit at a path of
// keys and indexes ("suites", 0, "cases", 0, "passed").
func edited(t *testing.T, edit func(v *jsonv.Value)) string {
	t.Helper()
	v := runDoc(texts{
		suite: "s", path: "p", name: "c", desc: "d", message: "m", expected: "e", tool: "t",
		argKey: "k", argValue: "v", result: "r", response: "x", reasoning: "r", model: "m", errText: "boom",
	}).Clone()
	edit(&v)
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// at is the value under a path of keys (string) and indexes (int).
func at(v *jsonv.Value, path ...any) *jsonv.Value {
	for _, p := range path {
		switch k := p.(type) {
		case int:
			v = &v.Items[k]
		case string:
			for i := range v.Members {
				if v.Members[i].Key == k {
					v = &v.Members[i].Value
					break
				}
			}
		}
	}
	return v
}

var firstCase = []any{"suites", 0, "cases", 0}

func caseField(name string) []any { return append(append([]any{}, firstCase...), name) }

func traceField(name string) []any { return append(caseField("trace"), name) }

// TestReadRunRefuses: what is not a run document is refused as such, with
// the path of the first field that is missing or of another type.
func TestReadRunRefuses(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		doc, want string
	}{
		"an array":       {`[1]`, "not a run document: the document is an array, not an object"},
		"a string":       {`"x"`, `the document is the string "x"`},
		"no suites":      {`{"complete": true}`, `it has no "suites" and "complete"`},
		"no complete":    {`{"suites": []}`, `it has no "suites" and "complete"`},
		"complete text":  {`{"suites": [], "complete": "yes"}`, `document.complete: want true or false, got the string "yes"`},
		"suites object":  {`{"suites": {}, "complete": true}`, "document.suites: want an array, got an object"},
		"suite no name":  {`{"suites": [{"path": "p", "cases": []}], "complete": true}`, "suites[0].name: missing"},
		"passed text":    {edited(t, func(v *jsonv.Value) { *at(v, caseField("passed")...) = jsonv.StringValue("yes") }), `suites[0].cases[0].passed: want true or false, got the string "yes"`},
		"no assertions":  {edited(t, func(v *jsonv.Value) { at(v, firstCase...).Delete("assertions") }), "suites[0].cases[0].assertions: missing"},
		"no trace":       {edited(t, func(v *jsonv.Value) { at(v, firstCase...).Delete("trace") }), "suites[0].cases[0].trace: missing"},
		"termination":    {edited(t, func(v *jsonv.Value) { *at(v, traceField("termination")...) = jsonv.StringValue("done") }), `trace.termination: want one of dryfire's endings`},
		"cost NaN":       {edited(t, func(v *jsonv.Value) { *at(v, traceField("total_cost_usd")...) = jsonv.NumberValue("NaN") }), "trace.total_cost_usd: want a finite number, got NaN"},
		"duration float": {edited(t, func(v *jsonv.Value) { *at(v, traceField("duration_ms")...) = jsonv.NumberValue("7.5") }), "trace.duration_ms: want an integer, got the number 7.5"},
		"tokens huge": {edited(t, func(v *jsonv.Value) {
			*at(v, traceField("total_usage")...) = jsonv.ObjectValue(jsonv.M("input_tokens", jsonv.NumberValue("99999999999999999999")), jsonv.M("output_tokens", jsonv.IntValue(1)))
		}), "total_usage.input_tokens: want an integer, got the number 99999999999999999999"},
		"role": {edited(t, func(v *jsonv.Value) {
			*at(v, append(traceField("turns"), 0, "request_messages", 0, "role")...) = jsonv.StringValue("system")
		}), `request_messages[0].role: want user, assistant or tool, got the string "system"`},
		"stop reason": {edited(t, func(v *jsonv.Value) {
			*at(v, append(traceField("turns"), 0, "response", "stop_reason")...) = jsonv.IntValue(1)
		}), "response.stop_reason: want a string, got the number 1"},
		"verdict": {edited(t, func(v *jsonv.Value) {
			*at(v, traceField("judge_verdicts")...) = jsonv.ObjectValue(jsonv.M("k", jsonv.ObjectValue()))
		}), `judge_verdicts["k"].score: missing`},
		"repetition": {edited(t, func(v *jsonv.Value) {
			at(v, firstCase...).Set("repetitions", jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("passed", jsonv.BoolValue(true)))))
		}), "suites[0].cases[0].repetitions[0].error: missing"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := DecodeRun([]byte(tc.doc))
			if !errors.Is(err, ErrNotRunDocument) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want ErrNotRunDocument with %q", err, tc.want)
			}
		})
	}
}

// TestReadRunAccepts: what dryfire's reader reads is read, with a warning
// for a schema it does not know: no schema_version, another one, the
// fields of schema 1 only (no judges), a case with no error field, NaN as
// a judge's score, unknown fields.
func TestReadRunAccepts(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		edit func(v *jsonv.Value)
		warn string
	}{
		"as written":        {func(*jsonv.Value) {}, ""},
		"schema 1":          {func(v *jsonv.Value) { v.Set("schema_version", jsonv.IntValue(1)) }, ""},
		"no schema_version": {func(v *jsonv.Value) { v.Delete("schema_version") }, "no schema_version"},
		"schema 3":          {func(v *jsonv.Value) { v.Set("schema_version", jsonv.IntValue(3)) }, "schema_version 3 is not one this tool knows"},
		"schema text":       {func(v *jsonv.Value) { v.Set("schema_version", jsonv.StringValue("2")) }, `schema_version "2" is not one`},
		"schema 1 fields": {func(v *jsonv.Value) {
			tr := at(v, caseField("trace")...)
			tr.Delete("judge_verdicts")
			tr.Delete("judge_usage")
			tr.Delete("model")
			tr.Delete("error")
		}, ""},
		"no case error": {func(v *jsonv.Value) { at(v, firstCase...).Delete("error") }, ""},
		"NaN score": {func(v *jsonv.Value) {
			*at(v, append(traceField("judge_verdicts"), "m\nc", "score")...) = jsonv.NumberValue("NaN")
		}, ""},
		"unknown fields": {func(v *jsonv.Value) {
			v.Set("later", jsonv.ObjectValue())
			at(v, firstCase...).Set("x", jsonv.IntValue(1))
		}, ""},
		"null trace": {func(v *jsonv.Value) { *at(v, caseField("trace")...) = jsonv.NullValue() }, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc, err := DecodeRun([]byte(edited(t, tc.edit)))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(doc.Warnings, "; "); tc.warn == "" && got != "" || !strings.Contains(got, tc.warn) {
				t.Errorf("warnings %q, want %q", got, tc.warn)
			}
		})
	}
}

// TestReadRunNamesTheFile: every error of ReadRun names the file; a
// syntax error has its line and column.
func TestReadRunNamesTheFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := map[string]struct{ path, want string }{
		"missing": {filepath.Join(dir, "nope.json"), "nope.json: no such file or directory"},
		"syntax":  {write("bad.json", "{\n  \"suites\": [,]\n}"), "bad.json:2:14: not valid JSON"},
		"shape":   {write("list.json", "[]"), "list.json: not a run document"},
		"dir":     {dir, "directory, not a regular file"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := ReadRun(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
