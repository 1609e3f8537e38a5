package casemodel

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyregex"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// Assertion is one entry of a case's expect list, parsed as dryfire's
// assertion registry builds it: the kind is the entry's first key, the
// arguments its value, validated by the kind's pydantic model.
type Assertion struct {
	// Kind is the first key of the entry ("" for an empty mapping).
	Kind         string
	Line, Column int
	// Keys is the number of keys of the entry. dryfire checks only one-key
	// entries when it loads a suite; others are built (and may fail) when
	// the case runs.
	Keys int
	// Err is pydantic's first error for the arguments ("<args>: Input
	// should be a valid string"), "" when they are valid.
	Err string

	Tool     string      // calls_tool, not_calls_tool, tool_args, min_tool_calls
	Count    int64       // calls_tool (with HasCount), min_tool_calls
	HasCount bool        // calls_tool: {tool, count}
	Names    []string    // call_order; final_contains' needles
	Match    jsonv.Value // tool_args, as json.dumps writes it
	// MatchErr is the repr() of the exception json.dumps raises on
	// tool_args' match instead (a date in it): dryfire's assertion then
	// gives its internal-error result.
	MatchErr string
	// MatchEq is Match as the deep-subset match compares it (see
	// [yamlnode.Node.MatchValue]).
	MatchEq jsonv.Value
	// Index is tool_args' index, saturated to 64 bits; IndexText is the
	// index as Python prints it (any size).
	Index     int64
	IndexText string
	N         int64   // max_turns, latency_under_ms
	Limit     float64 // cost_under
	// Pattern is final_matches' pattern, compiled once for every case
	// and repetition that grades it.
	Pattern  *pyregex.Regexp
	Source   string // final_matches: the pattern as written
	Required []string
	Fields   []JSONField // final_json, in the order written
	// llm_judge
	Rubric     string
	JudgeModel *string
	Threshold  float64
	// Fatal is an exception dryfire's loader raises on the arguments
	// instead of reporting them: the command stops (suite.SpecError.Fatal).
	Fatal *Fatal
	// Raises is the repr of that exception, what building the entry when
	// a case runs (an entry of several keys) gives; "" for none.
	Raises string
}

// JSONField is one entry of final_json's fields: a name and its type
// (str, int, float, number, bool, object, array or any).
type JSONField struct{ Name, Type string }

// DefaultJudgeThreshold is llm_judge's threshold when none is written.
const DefaultJudgeThreshold = 0.7

// finalJSONTypes are the types final_json knows.
var finalJSONTypes = []string{"any", "array", "bool", "float", "int", "number", "object", "str"}

// ParseAssertion parses an expect entry (a mapping node).
func ParseAssertion(entry *YAMLNode) Assertion {
	a := Assertion{Line: entry.Line, Column: entry.Column, Keys: len(entry.Members)}
	if len(entry.Members) == 0 {
		return a
	}
	m := entry.Members[0]
	a.Kind = m.Key
	a.Err = a.parseArgs(m.Value)
	return a
}

// parseArgs fills the arguments of a.Kind from n and returns pydantic's
// first error ("" when valid).
func (a *Assertion) parseArgs(n *YAMLNode) string {
	switch a.Kind {
	case "calls_tool":
		if s, ok := str(n); ok {
			a.Tool = s
			return ""
		}
		if n.Kind == jsonv.Object && a.countSpec(n) == "" {
			a.HasCount = true
			return ""
		}
		return "str: Input should be a valid string"
	case "not_calls_tool":
		return rootStr(n, &a.Tool)
	case "tool_args":
		return a.toolArgs(n)
	case "call_order":
		names, err := strList(n, "")
		a.Names = names
		return err
	case "max_turns":
		return rootInt(n, &a.N)
	case "latency_under_ms":
		return rootInt(n, &a.N)
	case "final_contains":
		if s, ok := str(n); ok {
			a.Names = []string{s}
			return ""
		}
		if names, err := strList(n, ""); err == "" {
			a.Names = names
			return ""
		}
		return "str: Input should be a valid string"
	case "min_tool_calls":
		if n.Kind != jsonv.Object {
			return "<args>: Input should be a valid dictionary or instance of _MinSpec"
		}
		return a.countSpec(n)
	case "final_matches":
		return a.finalMatches(n)
	case "final_json":
		return a.finalJSON(n)
	case "cost_under":
		return rootFloat(n, &a.Limit)
	case "llm_judge":
		return a.judge(n)
	}
	return ""
}

// countSpec reads {tool, count} (calls_tool's count form, min_tool_calls).
func (a *Assertion) countSpec(n *YAMLNode) string {
	f := fields{n: n}
	f.str("tool", &a.Tool, true)
	f.int("count", &a.Count, true)
	return f.close()
}

func (a *Assertion) toolArgs(n *YAMLNode) string {
	if n.Kind != jsonv.Object {
		return "<args>: Input should be a valid dictionary or instance of _ToolArgsSpec"
	}
	f := fields{n: n}
	f.str("tool", &a.Tool, true)
	if x, ok := f.get("match"); !ok {
		f.fail("match: Field required")
	} else if x.Kind != jsonv.Object {
		f.fail("match: Input should be a valid dictionary")
	} else {
		x = yamlnode.StrKeyed(x) // a dict[str, Any]
		a.Match, a.MatchErr = yamlnode.DumpsOf(x)
		a.MatchEq = x.MatchValue()
	}
	a.IndexText = "0"
	if x, ok := f.get("index"); ok {
		if err := laxInt(x, &a.Index); err != "" {
			f.fail("index: " + err)
		} else {
			a.IndexText = pyIntText(x, a.Index)
		}
	}
	return f.close()
}

// pyIntText is how Python prints the integer pydantic reads from n (i,
// saturated): exactly, however large.
func pyIntText(n *YAMLNode, i int64) string {
	if i != math.MaxInt64 && i != math.MinInt64 {
		return strconv.FormatInt(i, 10)
	}
	var v *big.Int
	switch n.Kind { //nolint:exhaustive // laxInt saturated a number or a string
	case jsonv.Number:
		v, _ = new(big.Int).SetString(n.Scalar.Text, 10)
	case jsonv.String:
		v, _ = ParseIntString(n.Scalar.Text)
	}
	if v == nil {
		return strconv.FormatInt(i, 10)
	}
	return v.String()
}

// finalMatches compiles the pattern as dryfire's validator does with
// re.compile: a re.error is a spec error, "invalid regex …"; a ValueError
// is pydantic's "Value error, …"; an OverflowError, or Python's parser
// running out of recursion, stops dryfire's loader (a fatal error here).
func (a *Assertion) finalMatches(n *YAMLNode) string {
	if err := rootStr(n, &a.Source); err != "" {
		return err
	}
	re, err := pyregex.Compile(a.Source)
	if err == nil {
		a.Pattern = re
		return ""
	}
	var pe *pyregex.Error
	if !errors.As(err, &pe) {
		return "<args>: " + err.Error()
	}
	if n.Referenced && pe.Kind != pyregex.Overflow && pe.Kind != pyregex.TooDeep {
		// The pattern came in by $ref: its text is not quoted, nor the
		// parts of it Python's message would quote.
		where := ""
		if pe.Pos >= 0 {
			where = fmt.Sprintf(" at position %d", pe.Pos)
		}
		return "<args>: Value error, invalid regex " + refQuote + where + " (a pattern from a $ref'd file is not shown)"
	}
	repr := jsonv.PyRepr(a.Source)
	switch pe.Kind {
	case pyregex.Invalid:
		return "<args>: Value error, invalid regex " + repr + ": " + pe.Error()
	case pyregex.Value:
		return "<args>: Value error, " + pe.Error()
	case pyregex.Overflow:
		a.Fatal = &Fatal{Kind: FatalValue, Message: "OverflowError: " + pe.Msg,
			Hint: "dryfire stops with an internal error on a repeat count of 4294967295 or more in a pattern"}
		a.Raises = "OverflowError(" + jsonv.PyRepr(pe.Msg) + ")"
		return a.Fatal.Message
	case pyregex.TooDeep:
		a.Fatal = &Fatal{Kind: FatalLimit, Message: "the pattern " + pe.Msg + " (the limit on nesting in a pattern)",
			Hint: "dryfire stops with an internal error, Python's RecursionError, on groups nested about this deep"}
		a.Raises = "RecursionError('maximum recursion depth exceeded while calling a Python object')"
		return a.Fatal.Message
	default: // pyregex.Unsupported
		return "<args>: pattern " + repr + " cannot be run here: " + pe.Error()
	}
}

// refQuote stands in a message for a value a $ref brought in.
const refQuote = "'…'"

func (a *Assertion) finalJSON(n *YAMLNode) string {
	if n.Kind != jsonv.Object {
		return "<args>: Input should be a valid dictionary or instance of _JsonSpec"
	}
	f := fields{n: n}
	if x, ok := f.get("required"); ok {
		names, err := strList(x, "required.")
		a.Required = names
		f.fail(err)
	}
	if x, ok := f.get("fields"); ok {
		f.fail(a.jsonFields(x))
	}
	return f.close()
}

func (a *Assertion) jsonFields(n *YAMLNode) string {
	if n.Kind != jsonv.Object {
		return "fields: Input should be a valid dictionary"
	}
	var bad []string
	for _, m := range n.Members {
		t, ok := str(m.Value)
		if !ok {
			return "fields." + m.Key + ": Input should be a valid string"
		}
		if shown := fieldTypeShown(m.Value, t); !slices.Contains(finalJSONTypes, t) && !slices.Contains(bad, shown) {
			bad = append(bad, shown)
		}
		a.Fields = append(a.Fields, JSONField{Name: m.Key, Type: t})
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return "fields: Value error, unknown field type(s) " + pyList(bad) + "; expected one of " + pyList(finalJSONTypes)
	}
	return ""
}

// fieldTypeShown is how a field type t written at n is quoted in an
// error: as written, or "…" when a $ref brought it in.
func fieldTypeShown(n *YAMLNode, t string) string {
	if n.Referenced {
		return "…"
	}
	return t
}

func (a *Assertion) judge(n *YAMLNode) string {
	a.Threshold = DefaultJudgeThreshold
	if n.Kind != jsonv.Object {
		return "<args>: Input should be a valid dictionary or instance of Args"
	}
	f := fields{n: n}
	if f.str("rubric", &a.Rubric, true) && strings.TrimFunc(a.Rubric, IsPySpace) == "" {
		f.fail("rubric: Value error, rubric must not be empty")
	}
	if x, ok := f.get("model"); ok && x.Kind != jsonv.Null {
		if s, ok := str(x); ok {
			a.JudgeModel = &s
		} else {
			f.fail("model: Input should be a valid string")
		}
	}
	if x, ok := f.get("threshold"); ok {
		if err := laxFloat(x, &a.Threshold); err != "" {
			f.fail("threshold: " + err)
		}
	}
	return f.close()
}

// fields checks the members of a strict pydantic model: the declared
// fields in order, then the keys nobody declared. The first error wins.
type fields struct {
	n    *YAMLNode
	seen []string
	err  string
}

func (f *fields) get(key string) (*YAMLNode, bool) {
	f.seen = append(f.seen, key)
	return f.n.Get(key)
}

func (f *fields) fail(err string) {
	if f.err == "" {
		f.err = err
	}
}

func (f *fields) str(key string, dst *string, required bool) bool {
	x, ok := f.get(key)
	switch {
	case !ok && required:
		f.fail(key + ": Field required")
	case !ok:
	default:
		if s, ok := str(x); ok {
			*dst = s
			return true
		}
		f.fail(key + ": Input should be a valid string")
	}
	return false
}

func (f *fields) int(key string, dst *int64, required bool) {
	x, ok := f.get(key)
	switch {
	case !ok && required:
		f.fail(key + ": Field required")
	case ok:
		if err := laxInt(x, dst); err != "" {
			f.fail(key + ": " + err)
		}
	}
}

func (f *fields) close() string {
	for _, m := range f.n.Members {
		if !slices.Contains(f.seen, m.Key) {
			f.fail(m.Key + ": Extra inputs are not permitted")
		}
	}
	return f.err
}

func rootStr(n *YAMLNode, dst *string) string {
	s, ok := str(n)
	if !ok {
		return "<args>: Input should be a valid string"
	}
	*dst = s
	return ""
}

func rootInt(n *YAMLNode, dst *int64) string {
	if err := laxInt(n, dst); err != "" {
		return "<args>: " + err
	}
	return ""
}

func rootFloat(n *YAMLNode, dst *float64) string {
	if err := laxFloat(n, dst); err != "" {
		return "<args>: " + err
	}
	return ""
}

// strList is list[str]; prefix goes before the index of a bad item.
func strList(n *YAMLNode, prefix string) ([]string, string) {
	items, ok := ListItems(n)
	if !ok {
		if prefix == "" {
			return nil, "<args>: Input should be a valid list"
		}
		return nil, strings.TrimSuffix(prefix, ".") + ": Input should be a valid list"
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		s, ok := str(it)
		if !ok {
			return nil, prefix + strconv.Itoa(i) + ": Input should be a valid string"
		}
		out = append(out, s)
	}
	return out, ""
}

// pyList is repr() of a list of strings.
func pyList(items []string) string {
	quoted := make([]string, len(items))
	for i, s := range items {
		quoted[i] = jsonv.PyRepr(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// Kinds are the kinds dryfire's registry knows.
var Kinds = []string{
	"call_order", "calls_tool", "cost_under", "final_contains", "final_json", "final_matches",
	"latency_under_ms", "llm_judge", "max_turns", "min_tool_calls", "not_calls_tool", "tool_args",
}
