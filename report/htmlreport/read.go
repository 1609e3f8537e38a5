package htmlreport

import (
	"errors"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// ErrNotRunDocument is what a JSON file that is not a run document fails
// with (errors.Is): not an object, or a field the page needs is missing
// or of another type.
var ErrNotRunDocument = errors.New("not a run document")

// Document is a run document read back: dryfire's --json-out file (or
// ours, the same bytes), checked, ready to be written as a page.
type Document struct {
	// value is the document as decoded: the page masks it whole before it
	// reads its fields again.
	value jsonv.Value
	// Warnings are what the reader noticed but did not refuse: a
	// schema_version other than 1 and 2, or none.
	Warnings []string
}

// ReadRun reads the run document in the file at path: a regular file
// under the size limit ([safefile.ReadFile]), JSON as Python's json.loads
// reads it (NaN and Infinity included), with the fields dryfire's reader
// needs ([NewDocument]). Every error names the file; a syntax error has
// its line and column.
func ReadRun(path string) (*Document, error) {
	data, err := safefile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := DecodeRun(data)
	var pe *jsonv.ParseError
	switch {
	case errors.As(err, &pe):
		return nil, jsonv.WithPath(path, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return doc, nil
}

// DecodeRun reads a run document from its bytes (see [ReadRun]).
func DecodeRun(data []byte) (*Document, error) {
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	var pe *jsonv.ParseError
	switch {
	case errors.As(err, &pe):
		cp := *pe
		cp.Err = fmt.Errorf("not valid JSON: %w", pe.Err)
		return nil, &cp
	case err != nil:
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	return NewDocument(v)
}

// NewDocument checks a decoded run document as dryfire's reader
// (deserialize_run) reads it: an object with "complete" and "suites",
// each suite with its name, path and cases, each case with its suite and
// case names, its verdict, its assertions and its trace (or null), each
// trace as dryfire's Trace model has it. Fields the page does not show
// (the raw provider payloads) are not checked, and fields a later schema
// may add are ignored. A document of a schema_version other than 1 or 2
// is read all the same, with a warning, as dryfire reads it.
func NewDocument(v jsonv.Value) (*Document, error) {
	if _, err := decodeRun(v); err != nil {
		return nil, err
	}
	d := &Document{value: v}
	switch sv := v.Field("schema_version"); {
	case !v.Has("schema_version"):
		d.Warnings = append(d.Warnings, "the document has no schema_version: it is read as schema 2")
	case sv.Text != "1" && sv.Text != "2" || sv.Kind != jsonv.Number:
		d.Warnings = append(d.Warnings, fmt.Sprintf("schema_version %s is not one this tool knows (1 and 2): the page shows the fields it knows", clip(jsonLine(sv))))
	}
	return d, nil
}

// decodeRun reads the fields of a run document.
func decodeRun(v jsonv.Value) (*run, error) {
	s := &shape{}
	if v.Kind != jsonv.Object {
		return nil, fmt.Errorf("%w: the document is %s, not an object", ErrNotRunDocument, describe(v))
	}
	if !v.Has("suites") || !v.Has("complete") {
		return nil, fmt.Errorf(`%w: it has no "suites" and "complete" (dryfire's --json-out file has both)`, ErrNotRunDocument)
	}
	top := s.object(v, "document")
	r := &run{complete: top.boolean("complete")}
	if sv, ok := v.Get("schema_version"); ok {
		r.schema = jsonLine(sv)
	}
	if g := top.optStr("generated_at", false); g != nil {
		r.generatedAt = *g
	}
	for i, sv := range top.array("suites", true) {
		r.suites = append(r.suites, s.suite(sv, index("suites", i)))
	}
	if s.err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotRunDocument, s.err)
	}
	return r, nil
}

func (s *shape) suite(v jsonv.Value, path string) suiteDoc {
	o := s.object(v, path)
	sd := suiteDoc{name: o.str("name"), path: o.str("path")}
	for i, cv := range o.array("cases", true) {
		sd.cases = append(sd.cases, s.caseOf(cv, index(path+".cases", i)))
	}
	return sd
}

func (s *shape) caseOf(v jsonv.Value, path string) caseDoc {
	o := s.object(v, path)
	c := caseDoc{suite: o.str("suite_name"), name: o.str("case_name"), outcome: s.outcome(o, false)}
	c.passRate = o.optNumber("pass_rate", false, false)
	c.requirePassRate = o.optNumber("require_pass_rate", false, false)
	if _, ok := v.Get("repetitions"); ok {
		c.repeated = true
		for i, rv := range o.array("repetitions", false) {
			c.reps = append(c.reps, s.outcome(s.object(rv, index(path+".repetitions", i)), true))
		}
	}
	return c
}

// outcome is a case's or a repetition's verdict, assertions and trace;
// a repetition's error is required, a case's is not (dryfire reads it
// with a default).
func (s *shape) outcome(o obj, errorRequired bool) outcome {
	out := outcome{passed: o.boolean("passed"), err: o.optStr("error", errorRequired)}
	for i, av := range o.array("assertions", true) {
		out.assertions = append(out.assertions, s.assertion(av, index(o.at("assertions"), i)))
	}
	if tv, ok := o.field("trace", true); ok && tv.Kind != jsonv.Null {
		t := s.trace(tv, o.at("trace"))
		out.trace = &t
	}
	return out
}

func (s *shape) assertion(v jsonv.Value, path string) assertion {
	o := s.object(v, path)
	return assertion{
		kind: o.str("kind"), description: o.str("description"), passed: o.boolean("passed"),
		message: o.str("message"), expected: o.v.Field("expected"), actual: o.v.Field("actual"),
	}
}

// terminations are the endings dryfire's Trace model allows.
var terminations = map[string]bool{
	"end_turn": true, "max_turns_exceeded": true, "provider_error": true,
	"unmocked_tool": true, "max_tokens": true, "refusal": true,
}

func (s *shape) trace(v jsonv.Value, path string) trace {
	o := s.object(v, path)
	t := trace{
		caseName: o.str("case_name"), suiteName: o.str("suite_name"),
		finalText: o.optStr("final_text", true), termination: o.str("termination"),
		usage: s.usage(o, "total_usage", true), cost: o.optNumber("total_cost_usd", true, true),
		durationMS: o.integer("duration_ms", true), err: o.optStr("error", false), model: o.optStr("model", false),
		judgeUsage: s.usage(o, "judge_usage", false), judgeCost: o.optNumber("judge_cost", false, true),
	}
	if _, ok := o.v.Get("termination"); ok && !terminations[t.termination] {
		s.fail(o.at("termination"), "want one of dryfire's endings (end_turn, max_turns_exceeded, provider_error, unmocked_tool, max_tokens, refusal), got %s", describe(o.v.Field("termination")))
	}
	for i, tv := range o.array("turns", true) {
		t.turns = append(t.turns, s.turn(tv, index(o.at("turns"), i)))
	}
	if jv, ok := o.field("judge_verdicts", false); ok {
		jo := s.object(jv, o.at("judge_verdicts"))
		for _, m := range jo.v.Members {
			t.verdicts = append(t.verdicts, s.verdict(m.Key, m.Value, jo.path+"["+jsonLine(jsonv.StringValue(m.Key))+"]"))
		}
	}
	return t
}

func (s *shape) usage(o obj, key string, required bool) usage {
	v, ok := o.field(key, required)
	if !ok {
		return usage{}
	}
	u := s.object(v, o.at(key))
	return usage{
		in: u.integer("input_tokens", true), out: u.integer("output_tokens", true),
		cacheRead: u.integer("cache_read_tokens", false), cacheWrite: u.integer("cache_write_tokens", false),
	}
}

func (s *shape) turn(v jsonv.Value, path string) turn {
	o := s.object(v, path)
	t := turn{index: o.integer("index", true)}
	for i, mv := range o.array("request_messages", true) {
		t.request = append(t.request, s.message(mv, index(o.at("request_messages"), i)))
	}
	rv, _ := o.field("response", true)
	t.response = s.response(rv, o.at("response"))
	t.results = s.toolResults(o, "tool_results", true)
	return t
}

// roles are the roles of dryfire's messages.
var roles = map[string]bool{"user": true, "assistant": true, "tool": true}

func (s *shape) message(v jsonv.Value, path string) message {
	o := s.object(v, path)
	m := message{role: o.str("role"), content: o.v.Field("content"), calls: s.toolCalls(o, false), results: s.toolResults(o, "tool_results", false)}
	if _, ok := o.v.Get("role"); ok && !roles[m.role] {
		s.fail(o.at("role"), "want user, assistant or tool, got %s", describe(o.v.Field("role")))
	}
	return m
}

// stopReasons are the stop reasons dryfire's responses may have.
var stopReasons = map[string]bool{
	"end_turn": true, "tool_use": true, "max_tokens": true, "stop_sequence": true, "refusal": true, "error": true,
}

func (s *shape) response(v jsonv.Value, path string) response {
	o := s.object(v, path)
	r := response{
		text: o.optStr("text", true), calls: s.toolCalls(o, true), stop: o.str("stop_reason"),
		usage: s.usage(o, "usage", true), latencyMS: o.integer("latency_ms", true), cacheHit: o.optBool("cache_hit"),
	}
	if _, ok := o.v.Get("stop_reason"); ok && !stopReasons[r.stop] {
		s.fail(o.at("stop_reason"), "want one of dryfire's stop reasons (end_turn, tool_use, max_tokens, stop_sequence, refusal, error), got %s", describe(o.v.Field("stop_reason")))
	}
	return r
}

func (s *shape) toolCalls(o obj, required bool) []toolCall {
	var calls []toolCall
	for i, cv := range o.array("tool_calls", required) {
		c := s.object(cv, index(o.at("tool_calls"), i))
		args, _ := c.field("arguments", true)
		calls = append(calls, toolCall{id: c.str("id"), name: c.str("name"), args: args, malformed: c.optStr("malformed_arguments", false)})
	}
	return calls
}

func (s *shape) toolResults(o obj, key string, required bool) []toolResult {
	var results []toolResult
	for i, rv := range o.array(key, required) {
		r := s.object(rv, index(o.at(key), i))
		content, _ := r.field("content", true)
		results = append(results, toolResult{callID: r.str("call_id"), content: content, isError: r.optBool("is_error")})
	}
	return results
}

func (s *shape) verdict(key string, v jsonv.Value, path string) verdict {
	o := s.object(v, path)
	return verdict{
		key: key, score: o.number("score", false), passed: o.boolean("passed"), reasoning: o.str("reasoning"),
		model: o.str("judge_model"), modelVersion: o.str("judge_model_version"), rubricHash: o.str("rubric_hash"),
		threshold: o.number("threshold", false), err: o.optStr("error", false), usage: s.usage(o, "usage", false),
	}
}
