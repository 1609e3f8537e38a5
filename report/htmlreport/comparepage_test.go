package htmlreport

import (
	"bytes"
	"errors"
	"math/big"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
)

// resultOf is the part of a run document a compare reads, as an engine
// result: each case's verdict, and its reported trace's cost and turn
// latencies.
func resultOf(v jsonv.Value) *engine.Result {
	res := &engine.Result{Complete: v.Field("complete").Bool}
	for _, s := range v.Field("suites").Items {
		sr := engine.SuiteRun{Name: s.Field("name").Text, File: s.Field("path").Text}
		for _, c := range s.Field("cases").Items {
			rep := &engine.CaseResult{Passed: c.Field("passed").Bool}
			if tv := c.Field("trace"); !tv.IsNull() {
				tr := &engine.Trace{Termination: tv.Field("termination").Text}
				if f, ok := tv.Field("total_cost_usd").Float(); ok {
					tr.Cost = new(big.Rat).SetFloat64(f)
				}
				for _, turn := range tv.Field("turns").Items {
					ms, _ := turn.Field("response").Field("latency_ms").Int()
					tr.Turns = append(tr.Turns, engine.Turn{Response: &cassette.Response{LatencyMS: ms}})
				}
				rep.Trace = tr
			}
			sr.Cases = append(sr.Cases, &engine.CaseRun{Suite: sr.Name, Case: c.Field("case_name").Text, Reps: []*engine.CaseResult{rep}, Rep: rep, Passed: rep.Passed})
		}
		res.Suites = append(res.Suites, sr)
	}
	return res
}

// verdicts are a document's case names in order and each one's verdict.
func verdicts(v jsonv.Value) (names []string, passed map[string]bool) {
	passed = map[string]bool{}
	for _, s := range v.Field("suites").Items {
		for _, c := range s.Field("cases").Items {
			names = append(names, c.Field("case_name").Text)
			passed[c.Field("case_name").Text] = c.Field("passed").Bool
		}
	}
	return names, passed
}

// columnOf is a column that ran res, with runplan's metrics of it.
func columnOf(label string, res *engine.Result) *runplan.Column {
	m := runplan.Metrics(res)
	return &runplan.Column{Label: label, Result: res, Metrics: &m}
}

func comparePageOf(t *testing.T, c *runplan.Comparison, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteCompare(&b, c, o); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	checkSelfContained(t, page)
	return page
}

// TestComparePageOfDryfiresRuns: the matrix of project-A's suites run by
// dryfire with its own model and with --model claude-haiku-4-5 (whose
// recordings are missing, so those cases fail), and a column that failed:
// a row per case of the first column, in order, a cell per column with
// the case's verdict in that run, ~ where the two runs disagree, and each
// column's figures as dryfire prints them.
func TestComparePageOfDryfiresRuns(t *testing.T) {
	t.Parallel()
	sonnet := readJSON(t, "../../testdata/run/golden/project-A/run.json")
	haiku := readJSON(t, "../../testdata/run/golden/project-A-model/run.json")
	c := &runplan.Comparison{Axis: runplan.AxisModel, Columns: []*runplan.Column{
		columnOf("claude-sonnet-4-6", resultOf(sonnet)),
		columnOf("claude-haiku-4-5", resultOf(haiku)),
		{Label: "gpt-unknown", Err: errors.New(`ConfigError("unknown model 'gpt-unknown'")`)},
	}}
	root := parse(t, comparePageOf(t, c, Options{Now: now}))
	table := one(t, root, atom.Table, "matrix")
	head := texts2(find(one(t, table, atom.Thead, ""), atom.Th, ""))
	if strings.Join(head, "|") != "case|claude-sonnet-4-6|claude-haiku-4-5|gpt-unknown" {
		t.Errorf("header %q", head)
	}
	names, okSonnet := verdicts(sonnet)
	_, okHaiku := verdicts(haiku)
	rows := find(one(t, table, atom.Tbody, ""), atom.Tr, "")
	if len(rows) != len(names) {
		t.Fatalf("%d rows for %d cases", len(rows), len(names))
	}
	disagreements := 0
	for i, tr := range rows {
		want := []string{glyph(okSonnet[names[i]]), glyph(okHaiku[names[i]]), "·"}
		differ := okSonnet[names[i]] != okHaiku[names[i]]
		th := one(t, tr, atom.Th, "")
		if got := strings.TrimPrefix(text(th), "~"); got != visible.Line(names[i]) {
			t.Errorf("row %d is %q, want %q", i, got, names[i])
		}
		if got := cellGlyphs(tr); strings.Join(got, "") != strings.Join(want, "") {
			t.Errorf("row %s: %v, want %v", names[i], got, want)
		}
		if hasClass(tr, "disagree") != differ || strings.HasPrefix(text(th), "~") != differ {
			t.Errorf("row %s: disagree=%v, want %v", names[i], hasClass(tr, "disagree"), differ)
		}
		if differ {
			disagreements++
		}
	}
	if disagreements == 0 {
		t.Error("no row where the models disagree: the test shows nothing")
	}
	foot := find(one(t, table, atom.Tfoot, ""), atom.Tr, "")
	for i, label := range []string{"pass rate", "cost", "mean latency"} {
		var want []string
		for _, col := range c.Columns {
			want = append(want, [](func(*runplan.Column) string){runreport.PassRateText, runreport.CostText, runreport.LatencyText}[i](col))
		}
		got := texts2(find(foot[i], atom.Td, ""))
		if text(one(t, foot[i], atom.Th, "")) != label || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: %v, want %v", label, got, want)
		}
	}
	if got := runreport.PassRateText(c.Columns[2]); got != "FAILED" {
		t.Errorf("failed column's rate %q", got)
	}
}

func glyph(passed bool) string {
	if passed {
		return "✓"
	}
	return "✗"
}

// cellGlyphs are the marks of a row's cells.
func cellGlyphs(tr *html.Node) []string {
	var out []string
	for _, td := range find(tr, atom.Td, "") {
		for _, sp := range find(td, atom.Span, "") {
			if v, _ := attr(sp, "aria-hidden"); v == "true" {
				out = append(out, text(sp))
			}
		}
	}
	return out
}

func texts2(ns []*html.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = text(n)
	}
	return out
}

// TestComparePageHostileLabels: labels, case names and errors are inert
// and masked: a key of the environment in a label shows as its mask.
func TestComparePageHostileLabels(t *testing.T) {
	t.Parallel()
	key := "sk-ant-api03-" + strings.Repeat("k", 93) + "AA"
	names := []string{hostile[0], hostile[8]}
	res := &engine.Result{Suites: []engine.SuiteRun{{Name: "s"}}}
	for _, n := range names {
		rep := &engine.CaseResult{Passed: true}
		res.Suites[0].Cases = append(res.Suites[0].Cases, &engine.CaseRun{Case: n, Reps: []*engine.CaseResult{rep}, Rep: rep, Passed: true})
	}
	c := &runplan.Comparison{Axis: runplan.AxisPrompt, Columns: []*runplan.Column{
		columnOf(hostile[1], res),
		{Label: "prompts/" + key + ".txt", Err: errors.New(hostile[3])},
	}}
	page := comparePageOf(t, c, Options{Keys: visible.NewKeys(visible.Key{Name: "ANTHROPIC_API_KEY", Value: key})})
	root := parse(t, page)
	if strings.Contains(page, key) || text(find(one(t, root, atom.Thead, ""), atom.Th, "")[2]) != "prompts/[$ANTHROPIC_API_KEY].txt" {
		t.Error("the key is not masked in a label")
	}
	rows := find(one(t, root, atom.Tbody, ""), atom.Tr, "")
	for i, n := range names {
		if got := text(one(t, rows[i], atom.Th, "")); got != visible.Line(n) {
			t.Errorf("row %d shows %q, want %q", i, got, visible.Line(n))
		}
	}
	if got := text(find(one(t, root, atom.Thead, ""), atom.Th, "")[1]); got != visible.Line(hostile[1]) {
		t.Errorf("label shows %q", got)
	}
}
