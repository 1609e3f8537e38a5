package runreport

import (
	"errors"
	"io"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// RunSchemaVersion is the schema_version of dryfire's run document.
const RunSchemaVersion = 2

// RunDocument is the run document dryfire's --json-out writes, as an
// ordered value: schema_version, generated_at, complete, and per suite
// every case's verdict, assertions and full trace (with every repetition
// of a repeated case). Its traces need the raw provider payloads: run the
// engine with Options.KeepRaw. It fails as dryfire's writer does when a
// trace holds a mock value pydantic's JSON mode cannot write (a
// TaggedScalar, a set), with the text of pydantic's exception.
func RunDocument(res *engine.Result, generatedAt time.Time) (jsonv.Value, error) {
	var bad string
	suites := jsonv.ArrayValue()
	for _, s := range res.Suites {
		cases := jsonv.ArrayValue()
		for _, c := range s.Cases {
			cases.Items = append(cases.Items, caseValue(c, &bad))
		}
		suites.Items = append(suites.Items, jsonv.ObjectValue(
			jsonv.M("name", jsonv.StringValue(s.Name)),
			jsonv.M("path", jsonv.StringValue(s.File)),
			jsonv.M("cases", cases),
		))
	}
	if bad != "" {
		return jsonv.Value{}, errors.New(bad)
	}
	return jsonv.ObjectValue(
		jsonv.M("schema_version", jsonv.IntValue(RunSchemaVersion)),
		jsonv.M("generated_at", jsonv.StringValue(isoZ(generatedAt))),
		jsonv.M("complete", jsonv.BoolValue(res.Complete)),
		jsonv.M("suites", suites),
	), nil
}

// WriteRunJSON writes the run document as dryfire does: indented by two,
// keys sorted at every depth, UTF-8 unescaped, Python's number spelling,
// and a final newline; m hides keys and secrets in its values. It streams
// the encoding to w ([EncodeRun]).
func WriteRunJSON(w io.Writer, res *engine.Result, generatedAt time.Time, m Mask) error {
	doc, err := RunDocument(res, generatedAt)
	if err != nil {
		return err
	}
	return EncodeRun(w, doc, m)
}

// EncodeRun writes a run document, masked, as dryfire writes it, to w as
// it is encoded: what is held at once is the document's values (which
// share the run's strings) and a few tens of KiB of its text, however
// large the texts of its answers, never the document's text whole. On an
// error of the document (a value json.dumps refuses: an integer of more
// than 4,300 digits) part of it may have been written: write to a file
// that is removed on error ([safefile.WriteAtomicFunc]), or check with
// [CheckRun] first.
func EncodeRun(w io.Writer, doc jsonv.Value, m Mask) error {
	if err := jsonv.EncodeTo(w, m.value(doc), runEncoding); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// CheckRun reports the error [EncodeRun] would meet on doc, writing
// nothing.
func CheckRun(doc jsonv.Value) error { return jsonv.EncodeTo(io.Discard, doc, runEncoding) }

// runEncoding is dryfire's json.dumps(indent=2, sort_keys=True,
// ensure_ascii=False) of its run document.
var runEncoding = jsonv.EncodeOptions{Indent: true, SortKeys: true}

func isoZ(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

// caseValue is one case of the run document; bad gets the first failure
// of pydantic's JSON mode.
func caseValue(c *engine.CaseRun, bad *string) jsonv.Value {
	v := jsonv.ObjectValue(
		jsonv.M("suite_name", jsonv.StringValue(c.Suite)),
		jsonv.M("case_name", jsonv.StringValue(c.Case)),
		jsonv.M("passed", jsonv.BoolValue(c.Passed)),
		jsonv.M("error", optString(c.Rep.CaseError)),
		jsonv.M("assertions", assertionsValue(c.Rep.Assertions)),
		jsonv.M("trace", traceValue(c.Rep.Trace, bad)),
	)
	if !c.Repeated {
		return v
	}
	reps := jsonv.ArrayValue()
	for _, r := range c.Reps {
		reps.Items = append(reps.Items, jsonv.ObjectValue(
			jsonv.M("passed", jsonv.BoolValue(r.Passed)),
			jsonv.M("error", optString(r.CaseError)),
			jsonv.M("assertions", assertionsValue(r.Assertions)),
			jsonv.M("trace", traceValue(r.Trace, bad)),
		))
	}
	v.Members = append(v.Members,
		jsonv.M("pass_rate", jsonv.FloatValue(c.PassRate())),
		jsonv.M("require_pass_rate", jsonv.FloatValue(c.RequirePassRate)),
		jsonv.M("repetitions", reps))
	return v
}

func optString(s string) jsonv.Value {
	if s == "" {
		return jsonv.NullValue()
	}
	return jsonv.StringValue(s)
}

func optPtr(s *string) jsonv.Value {
	if s == nil {
		return jsonv.NullValue()
	}
	return jsonv.StringValue(*s)
}

func optRat(r *big.Rat) jsonv.Value {
	if r == nil {
		return jsonv.NullValue()
	}
	f, _ := r.Float64()
	return jsonv.FloatValue(f)
}

func assertionsValue(as []engine.AssertionResult) jsonv.Value {
	out := jsonv.ArrayValue()
	for _, a := range as {
		out.Items = append(out.Items, jsonv.ObjectValue(
			jsonv.M("kind", jsonv.StringValue(a.Kind)),
			jsonv.M("description", jsonv.StringValue(a.Description)),
			jsonv.M("passed", jsonv.BoolValue(a.Passed)),
			jsonv.M("message", jsonv.StringValue(a.Message)),
			jsonv.M("expected", optPtr(a.Expected)),
			jsonv.M("actual", optPtr(a.Actual)),
		))
	}
	return out
}

func traceValue(t *engine.Trace, bad *string) jsonv.Value {
	if t == nil {
		return jsonv.NullValue()
	}
	fail := func(err string) {
		if *bad == "" {
			*bad = err
		}
	}
	turns := jsonv.ArrayValue()
	requests := t.Requests()
	for i, turn := range t.Turns {
		msgs := jsonv.ArrayValue()
		for _, m := range requests[i] {
			v, err := m.DocValue()
			fail(err)
			msgs.Items = append(msgs.Items, v)
		}
		results, err := conversation.ToolResultsDoc(turn.ToolResults)
		fail(err)
		calls, err := conversation.ToolCallsDoc(turn.Response.ToolCalls)
		fail(err)
		turns.Items = append(turns.Items, jsonv.ObjectValue(
			jsonv.M("index", jsonv.IntValue(int64(turn.Index))),
			jsonv.M("request_messages", msgs),
			jsonv.M("response", responseValue(*turn.Response, calls, turn.CacheHit)),
			jsonv.M("tool_results", results),
		))
	}
	final := jsonv.NullValue()
	if t.HasFinal {
		final = jsonv.StringValue(t.FinalText)
	}
	errText := jsonv.NullValue()
	if t.HasError {
		errText = jsonv.StringValue(t.Error)
	}
	verdicts := jsonv.ObjectValue()
	for _, v := range t.Verdicts {
		verdicts.Set(v.Key, verdictValue(v))
	}
	return jsonv.ObjectValue(
		jsonv.M("case_name", jsonv.StringValue(t.Case)),
		jsonv.M("suite_name", jsonv.StringValue(t.Suite)),
		jsonv.M("turns", turns),
		jsonv.M("final_text", final),
		jsonv.M("termination", jsonv.StringValue(t.Termination)),
		jsonv.M("total_usage", usageValue(t.Usage)),
		jsonv.M("total_cost_usd", optRat(t.Cost)),
		jsonv.M("duration_ms", jsonv.IntValue(t.DurationMS)),
		jsonv.M("error", errText),
		jsonv.M("model", optString(t.Model)),
		jsonv.M("judge_verdicts", verdicts),
		jsonv.M("judge_usage", usageValue(t.JudgeUsage)),
		jsonv.M("judge_cost", optRat(t.JudgeCost)),
	)
}

// responseValue is a response in the run document, with its tool calls
// as [conversation.ToolCallsDoc] writes them.
func responseValue(r cassette.Response, calls jsonv.Value, hit bool) jsonv.Value {
	if calls.Kind != jsonv.Array {
		calls = jsonv.ArrayValue()
	}
	raw := r.Raw
	if raw.Kind != jsonv.Object {
		raw = jsonv.ObjectValue()
	}
	return jsonv.ObjectValue(
		jsonv.M("text", r.Text),
		jsonv.M("tool_calls", calls),
		jsonv.M("stop_reason", jsonv.StringValue(r.StopReason)),
		jsonv.M("usage", usageValue(r.Usage)),
		jsonv.M("latency_ms", jsonv.IntValue(r.LatencyMS)),
		jsonv.M("raw", raw),
		jsonv.M("cache_hit", jsonv.BoolValue(hit)),
	)
}

func usageValue(u cassette.Usage) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("input_tokens", jsonv.IntValue(u.InputTokens)),
		jsonv.M("output_tokens", jsonv.IntValue(u.OutputTokens)),
		jsonv.M("cache_read_tokens", jsonv.IntValue(u.CacheReadTokens)),
		jsonv.M("cache_write_tokens", jsonv.IntValue(u.CacheWriteTokens)),
	)
}

func verdictValue(v engine.JudgeVerdict) jsonv.Value {
	errText := jsonv.NullValue()
	if v.HasError {
		errText = jsonv.StringValue(v.Error)
	}
	return jsonv.ObjectValue(
		jsonv.M("score", jsonv.FloatValue(v.Score)),
		jsonv.M("passed", jsonv.BoolValue(v.Passed)),
		jsonv.M("reasoning", jsonv.StringValue(v.Reasoning)),
		jsonv.M("judge_model", jsonv.StringValue(v.Model)),
		jsonv.M("judge_model_version", jsonv.StringValue(v.ModelVersion)),
		jsonv.M("rubric_hash", jsonv.StringValue(v.RubricHash)),
		jsonv.M("threshold", jsonv.FloatValue(v.Threshold)),
		jsonv.M("error", errText),
		jsonv.M("usage", usageValue(v.Usage)),
	)
}

// pySplitLines is str.splitlines(): lines split at \n, \r, \r\n, \v, \f,
// \x1c-\x1e, \x85, \u2028 and \u2029, without the breaks.
func pySplitLines(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		brk := 0
		switch r {
		case '\r':
			brk = 1
			if i+1 < len(s) && s[i+1] == '\n' {
				brk = 2
			}
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			brk = size
		}
		if brk == 0 {
			i += size
			continue
		}
		lines = append(lines, s[start:i])
		i += brk
		start = i
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// OneLine joins a text's lines, split as Python's str.splitlines() splits
// them, with spaces: how dryfire puts a message on one line.
func OneLine(s string) string { return strings.Join(pySplitLines(s), " ") }
